CREATE TABLE "house_table_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_table_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"spot" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_staked" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	"game_round_id" bigint,
	"bet_transaction_id" bigint,
	"payout_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "house_table_bets_status_check" CHECK ("house_table_bets"."status" in ('placed', 'settled', 'refunded')),
	CONSTRAINT "house_table_bets_amount_check" CHECK ("house_table_bets"."amount" > 0 and "house_table_bets"."returned" >= 0),
	CONSTRAINT "house_table_bets_bonus_check" CHECK ("house_table_bets"."bonus_staked" >= 0 and "house_table_bets"."bonus_staked" <= "house_table_bets"."amount")
);
--> statement-breakpoint
CREATE TABLE "house_table_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_table_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_code" text NOT NULL,
	"game" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"server_seed" text,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"shoe_id" bigint,
	"shoe_position" integer,
	"cards_used" integer,
	"result" jsonb,
	"steps" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"dealing_ends_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "house_table_rounds_status_check" CHECK ("house_table_rounds"."status" in ('betting', 'dealing', 'settled'))
);
--> statement-breakpoint
CREATE TABLE "house_table_shoes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_table_shoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_code" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"cut_position" integer NOT NULL,
	"next_position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "house_table_bets" ADD CONSTRAINT "house_table_bets_round_id_house_table_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."house_table_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_table_bets" ADD CONSTRAINT "house_table_bets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_table_bets" ADD CONSTRAINT "house_table_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_table_bets" ADD CONSTRAINT "house_table_bets_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_table_bets" ADD CONSTRAINT "house_table_bets_game_round_id_game_rounds_id_fk" FOREIGN KEY ("game_round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_table_rounds" ADD CONSTRAINT "house_table_rounds_shoe_id_house_table_shoes_id_fk" FOREIGN KEY ("shoe_id") REFERENCES "public"."house_table_shoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_table_bets_request_spot_key" ON "house_table_bets" USING btree ("member_id","request_id","spot");--> statement-breakpoint
CREATE INDEX "house_table_bets_round_status_idx" ON "house_table_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "house_table_bets_round_member_idx" ON "house_table_bets" USING btree ("round_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_table_rounds_number_key" ON "house_table_rounds" USING btree ("table_code","number");--> statement-breakpoint
CREATE UNIQUE INDEX "house_table_rounds_one_unfinished_key" ON "house_table_rounds" USING btree ("table_code") WHERE "house_table_rounds"."status" in ('betting', 'dealing');--> statement-breakpoint
CREATE UNIQUE INDEX "house_table_shoes_one_open_key" ON "house_table_shoes" USING btree ("table_code") WHERE "house_table_shoes"."ended_at" is null;