CREATE TABLE "fishing_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fishing_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"batch_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"seed_pair_id" bigint NOT NULL,
	"first_nonce" integer NOT NULL,
	"shot_count" integer NOT NULL,
	"staked" bigint NOT NULL,
	"won" bigint NOT NULL,
	"bet_transaction_id" bigint NOT NULL,
	"win_transaction_id" bigint,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fishing_batches_shots_check" CHECK ("fishing_batches"."shot_count" > 0 and "fishing_batches"."staked" > 0)
);
--> statement-breakpoint
CREATE TABLE "fishing_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fishing_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"room" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"shots" integer DEFAULT 0 NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"game_round_id" bigint,
	"opened_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "fishing_sessions_status_check" CHECK ("fishing_sessions"."status" in ('open', 'closed')),
	CONSTRAINT "fishing_sessions_totals_check" CHECK ("fishing_sessions"."shots" >= 0 and "fishing_sessions"."staked" >= 0 and "fishing_sessions"."won" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fishing_shot_allowances" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"tokens" bigint NOT NULL,
	"last_taken" integer NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fishing_batches" ADD CONSTRAINT "fishing_batches_session_id_fishing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."fishing_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fishing_batches" ADD CONSTRAINT "fishing_batches_seed_pair_id_house_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."house_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fishing_sessions" ADD CONSTRAINT "fishing_sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fishing_sessions" ADD CONSTRAINT "fishing_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fishing_sessions" ADD CONSTRAINT "fishing_sessions_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fishing_sessions" ADD CONSTRAINT "fishing_sessions_game_round_id_game_rounds_id_fk" FOREIGN KEY ("game_round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fishing_shot_allowances" ADD CONSTRAINT "fishing_shot_allowances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fishing_batches_session_batch_key" ON "fishing_batches" USING btree ("session_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fishing_sessions_open_key" ON "fishing_sessions" USING btree ("member_id","room") WHERE "fishing_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "fishing_sessions_idle_idx" ON "fishing_sessions" USING btree ("last_activity_at") WHERE "fishing_sessions"."status" = 'open';