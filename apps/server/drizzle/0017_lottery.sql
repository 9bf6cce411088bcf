CREATE TABLE "lottery_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"draw_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"round_id" bigint,
	"request_id" text NOT NULL,
	"line_no" bigint NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"bet_type" text NOT NULL,
	"numbers" jsonb NOT NULL,
	"stations" jsonb NOT NULL,
	"unit_stake" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bets_status_check" CHECK ("lottery_bets"."status" in ('pending', 'won', 'lost')),
	CONSTRAINT "lottery_bets_amounts_check" CHECK ("lottery_bets"."stake" > 0 and "lottery_bets"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"public_id" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result_source" text NOT NULL,
	"stations" jsonb NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"result" jsonb,
	"drawn_at" timestamp with time zone,
	"settle_lease_until" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_draws_status_check" CHECK ("lottery_draws"."status" in ('open', 'closed', 'drawn', 'settling', 'settled')),
	CONSTRAINT "lottery_draws_source_check" CHECK ("lottery_draws"."result_source" in ('fair', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "lottery_exposures" (
	"draw_id" bigint NOT NULL,
	"number_key" text NOT NULL,
	"liability" bigint NOT NULL,
	CONSTRAINT "lottery_exposures_draw_id_number_key_pk" PRIMARY KEY("draw_id","number_key")
);
--> statement-breakpoint
CREATE TABLE "lottery_game_settings" (
	"brand_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"result_source" text NOT NULL,
	"default_number_cap" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_game_settings_brand_id_game_code_pk" PRIMARY KEY("brand_id","game_code")
);
--> statement-breakpoint
CREATE TABLE "lottery_number_limits" (
	"brand_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"number" text NOT NULL,
	"cap" bigint,
	"blocked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_number_limits_brand_id_game_code_number_pk" PRIMARY KEY("brand_id","game_code","number")
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_exposures" ADD CONSTRAINT "lottery_exposures_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_game_settings" ADD CONSTRAINT "lottery_game_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_number_limits" ADD CONSTRAINT "lottery_number_limits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bets_request_line_key" ON "lottery_bets" USING btree ("member_id","request_id","line_no");--> statement-breakpoint
CREATE INDEX "lottery_bets_draw_pending_idx" ON "lottery_bets" USING btree ("draw_id","id") WHERE "lottery_bets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_brand_game_time_key" ON "lottery_draws" USING btree ("brand_id","game_code","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_brand_public_key" ON "lottery_draws" USING btree ("brand_id","public_id");--> statement-breakpoint
CREATE INDEX "lottery_draws_status_idx" ON "lottery_draws" USING btree ("status","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_game_idx" ON "lottery_draws" USING btree ("brand_id","game_code","draw_at");