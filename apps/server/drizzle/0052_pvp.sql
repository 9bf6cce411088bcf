CREATE TABLE "pvp_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pvp_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"action_id" text,
	"seat" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint,
	"is_automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pvp_hands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pvp_hands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'playing' NOT NULL,
	"state" jsonb NOT NULL,
	"records" jsonb NOT NULL,
	"game" jsonb NOT NULL,
	"server_seed" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"commitment" text NOT NULL,
	"deadline" timestamp with time zone,
	"rake" bigint DEFAULT 0 NOT NULL,
	"rake_transaction_id" bigint,
	"result" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "pvp_hands_status_check" CHECK ("pvp_hands"."status" in ('playing', 'settled'))
);
--> statement-breakpoint
CREATE TABLE "pvp_seats" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pvp_seats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_id" bigint NOT NULL,
	"seat" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"player_name" text NOT NULL,
	"request_id" text NOT NULL,
	"buy_in" bigint NOT NULL,
	"stack" bigint NOT NULL,
	"status" text DEFAULT 'playing' NOT NULL,
	"missed_hands" integer DEFAULT 0 NOT NULL,
	"is_leaving" boolean DEFAULT false NOT NULL,
	"buy_in_transaction_id" bigint,
	"cash_out_transaction_id" bigint,
	"cashed_out" bigint,
	"sat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "pvp_seats_stack_check" CHECK ("pvp_seats"."stack" >= 0 and "pvp_seats"."buy_in" > 0),
	CONSTRAINT "pvp_seats_status_check" CHECK ("pvp_seats"."status" in ('playing', 'sitting_out'))
);
--> statement-breakpoint
CREATE TABLE "pvp_tables" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pvp_tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"room_code" text NOT NULL,
	"game" text NOT NULL,
	"seat_count" integer NOT NULL,
	"small_blind" bigint NOT NULL,
	"big_blind" bigint NOT NULL,
	"min_buy_in" bigint NOT NULL,
	"max_buy_in" bigint NOT NULL,
	"rake_basis_points" integer NOT NULL,
	"rake_cap" bigint NOT NULL,
	"hand_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pvp_tables_seat_count_check" CHECK ("pvp_tables"."seat_count" between 2 and 9),
	CONSTRAINT "pvp_tables_limits_check" CHECK ("pvp_tables"."small_blind" > 0 and "pvp_tables"."big_blind" >= "pvp_tables"."small_blind" and "pvp_tables"."min_buy_in" > 0 and "pvp_tables"."max_buy_in" >= "pvp_tables"."min_buy_in" and "pvp_tables"."rake_cap" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pvp_actions" ADD CONSTRAINT "pvp_actions_hand_id_pvp_hands_id_fk" FOREIGN KEY ("hand_id") REFERENCES "public"."pvp_hands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_actions" ADD CONSTRAINT "pvp_actions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_hands" ADD CONSTRAINT "pvp_hands_table_id_pvp_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."pvp_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_seats" ADD CONSTRAINT "pvp_seats_table_id_pvp_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."pvp_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_seats" ADD CONSTRAINT "pvp_seats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_tables" ADD CONSTRAINT "pvp_tables_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_tables" ADD CONSTRAINT "pvp_tables_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_actions_member_action_key" ON "pvp_actions" USING btree ("member_id","action_id");--> statement-breakpoint
CREATE INDEX "pvp_actions_hand_idx" ON "pvp_actions" USING btree ("hand_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_hands_number_key" ON "pvp_hands" USING btree ("table_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_hands_one_playing_key" ON "pvp_hands" USING btree ("table_id") WHERE "pvp_hands"."status" = 'playing';--> statement-breakpoint
CREATE INDEX "pvp_hands_deadline_idx" ON "pvp_hands" USING btree ("deadline") WHERE "pvp_hands"."status" = 'playing';--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_seats_open_seat_key" ON "pvp_seats" USING btree ("table_id","seat") WHERE "pvp_seats"."left_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_seats_open_member_key" ON "pvp_seats" USING btree ("table_id","member_id") WHERE "pvp_seats"."left_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_seats_request_key" ON "pvp_seats" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_tables_room_key" ON "pvp_tables" USING btree ("brand_id","currency","room_code");