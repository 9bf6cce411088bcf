CREATE TABLE "leaderboard_payouts" (
	"leaderboard_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"place" smallint NOT NULL,
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"score" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_payouts_leaderboard_id_period_key_place_pk" PRIMARY KEY("leaderboard_id","period_key","place")
);
--> statement-breakpoint
CREATE TABLE "leaderboards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leaderboards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"prizes" jsonb NOT NULL,
	"prize_turnover_multiplier" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboards_metric_check" CHECK ("leaderboards"."metric" in ('mission_points', 'valid_bet')),
	CONSTRAINT "leaderboards_period_check" CHECK ("leaderboards"."period" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "leaderboards_status_check" CHECK ("leaderboards"."status" in ('live', 'paused', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_fold" (
	"id" smallint PRIMARY KEY NOT NULL,
	"horizon" bigint NOT NULL,
	"login_event_horizon" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_login_days" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "loyalty_login_days_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "loyalty_member_days" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"brand_id" bigint NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"points_earned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_member_days_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "loyalty_member_totals" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"brand_id" bigint NOT NULL,
	"deposit_total" bigint DEFAULT 0 NOT NULL,
	"valid_bet_total" bigint DEFAULT 0 NOT NULL,
	"points_remainder" bigint DEFAULT 0 NOT NULL,
	"points_earned_by" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"brand_id" bigint PRIMARY KEY NOT NULL,
	"is_vip_enabled" boolean DEFAULT true NOT NULL,
	"is_points_enabled" boolean DEFAULT true NOT NULL,
	"points_per_deposit_unit" numeric(12, 4) DEFAULT '0' NOT NULL,
	"points_per_cash_unit" integer DEFAULT 100 NOT NULL,
	"minimum_conversion_points" integer DEFAULT 100 NOT NULL,
	"conversion_turnover_multiplier" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_upload_id" uuid,
	"points_cost" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"turnover_multiplier" integer DEFAULT 0 NOT NULL,
	"spins" integer DEFAULT 0 NOT NULL,
	"spin_stake" bigint DEFAULT 0 NOT NULL,
	"stock" integer,
	"per_member_limit" integer,
	"minimum_vip_rank" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_items_kind_check" CHECK ("mall_items"."kind" in ('bonus', 'free_spins', 'physical')),
	CONSTRAINT "mall_items_status_check" CHECK ("mall_items"."status" in ('live', 'hidden')),
	CONSTRAINT "mall_items_stock_check" CHECK ("mall_items"."stock" is null or "mall_items"."stock" >= 0),
	CONSTRAINT "mall_items_cost_check" CHECK ("mall_items"."points_cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "mall_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"shipping" jsonb,
	"tracking_number" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_redemptions_status_check" CHECK ("mall_redemptions"."status" in ('pending', 'approved', 'shipped', 'delivered', 'completed', 'cancelled')),
	CONSTRAINT "mall_redemptions_quantity_check" CHECK ("mall_redemptions"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "mission_point_scores" (
	"brand_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"member_id" bigint NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_point_scores_brand_id_period_key_member_id_pk" PRIMARY KEY("brand_id","period_key","member_id")
);
--> statement-breakpoint
CREATE TABLE "mission_progress" (
	"mission_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"brand_id" bigint NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_progress_mission_id_member_id_period_key_pk" PRIMARY KEY("mission_id","member_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"kind" text NOT NULL,
	"cadence" text NOT NULL,
	"target" bigint NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"product_line" text,
	"game_id" bigint,
	"feature" text,
	"reward_kind" text NOT NULL,
	"reward_amount" bigint NOT NULL,
	"reward_turnover_multiplier" integer DEFAULT 0 NOT NULL,
	"mission_points" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_kind_check" CHECK ("missions"."kind" in ('deposit', 'valid_bet', 'rounds', 'big_win', 'login_streak', 'first_use')),
	CONSTRAINT "missions_cadence_check" CHECK ("missions"."cadence" in ('daily', 'weekly', 'once')),
	CONSTRAINT "missions_reward_kind_check" CHECK ("missions"."reward_kind" in ('cash', 'bonus', 'points')),
	CONSTRAINT "missions_status_check" CHECK ("missions"."status" in ('draft', 'live', 'paused', 'ended')),
	CONSTRAINT "missions_amounts_check" CHECK ("missions"."target" > 0 and "missions"."reward_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_conversions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_conversions_amounts_check" CHECK ("point_conversions"."points" > 0 and "point_conversions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_level_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_level_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"from_rank" smallint NOT NULL,
	"to_rank" smallint NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_level_changes_reason_check" CHECK ("vip_level_changes"."reason" in ('promotion', 'downgrade', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"rank" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"icon_upload_id" uuid,
	"deposit_threshold" bigint DEFAULT 0 NOT NULL,
	"valid_bet_threshold" bigint DEFAULT 0 NOT NULL,
	"keep_period" text DEFAULT 'month' NOT NULL,
	"keep_deposit" bigint DEFAULT 0 NOT NULL,
	"keep_valid_bet" bigint DEFAULT 0 NOT NULL,
	"level_up_bonus" bigint DEFAULT 0 NOT NULL,
	"monthly_bonus" bigint DEFAULT 0 NOT NULL,
	"birthday_bonus" bigint DEFAULT 0 NOT NULL,
	"bonus_turnover_multiplier" integer DEFAULT 1 NOT NULL,
	"point_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rebate_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"daily_withdrawal_count" integer,
	"daily_withdrawal_amount" bigint,
	"manager_contact" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_rank_check" CHECK ("vip_levels"."rank" between 0 and 99),
	CONSTRAINT "vip_levels_keep_period_check" CHECK ("vip_levels"."keep_period" in ('month', 'quarter'))
);
--> statement-breakpoint
CREATE TABLE "vip_member_levels" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"brand_id" bigint NOT NULL,
	"rank" smallint DEFAULT 0 NOT NULL,
	"highest_rank" smallint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period_start" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_payouts" ADD CONSTRAINT "leaderboard_payouts_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_payouts" ADD CONSTRAINT "leaderboard_payouts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_payouts" ADD CONSTRAINT "leaderboard_payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_login_days" ADD CONSTRAINT "loyalty_login_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_days" ADD CONSTRAINT "loyalty_member_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_days" ADD CONSTRAINT "loyalty_member_days_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_totals" ADD CONSTRAINT "loyalty_member_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_totals" ADD CONSTRAINT "loyalty_member_totals_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_settings" ADD CONSTRAINT "loyalty_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_items" ADD CONSTRAINT "mall_items_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_items" ADD CONSTRAINT "mall_items_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_item_id_mall_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."mall_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_point_scores" ADD CONSTRAINT "mission_point_scores_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_point_scores" ADD CONSTRAINT "mission_point_scores_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_conversions" ADD CONSTRAINT "point_conversions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_conversions" ADD CONSTRAINT "point_conversions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_level_changes" ADD CONSTRAINT "vip_level_changes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_level_changes" ADD CONSTRAINT "vip_level_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_icon_upload_id_uploads_id_fk" FOREIGN KEY ("icon_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_member_levels" ADD CONSTRAINT "vip_member_levels_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_member_levels" ADD CONSTRAINT "vip_member_levels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_member_days_brand_day_idx" ON "loyalty_member_days" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "mall_items_brand_idx" ON "mall_items" USING btree ("brand_id","status","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_redemptions_request_key" ON "mall_redemptions" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "mall_redemptions_member_idx" ON "mall_redemptions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "mall_redemptions_brand_status_idx" ON "mall_redemptions" USING btree ("brand_id","status","id");--> statement-breakpoint
CREATE INDEX "mission_point_scores_rank_idx" ON "mission_point_scores" USING btree ("brand_id","period_key","points");--> statement-breakpoint
CREATE INDEX "mission_progress_member_idx" ON "mission_progress" USING btree ("member_id","period_key");--> statement-breakpoint
CREATE INDEX "missions_brand_idx" ON "missions" USING btree ("brand_id","status","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "point_conversions_request_key" ON "point_conversions" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_level_changes_reference_key" ON "vip_level_changes" USING btree ("member_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_brand_rank_key" ON "vip_levels" USING btree ("brand_id","rank");--> statement-breakpoint
INSERT INTO loyalty_fold (id, horizon) VALUES (1, pg_current_xact_id()::text::bigint + 1);
--> statement-breakpoint
-- Loyalty points are held in the ledger as a currency of their own: whole points.
INSERT INTO currencies (code, exponent, name) VALUES ('PTS', 0, 'Loyalty points') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- games: every round with its game and product line, for readers that follow the ledger's game postings
-- (reference 'round:<id>') to the round they belong to (the loyalty fold: missions on a game, big wins).
CREATE VIEW games_rounds AS
  SELECT id, brand_id, member_id, game_id, product_line, currency, status, bet_amount, win_amount, refunded_amount
  FROM game_rounds;
--> statement-breakpoint
-- auth: successful sign-ins, for readers that count the days members came (login-streak missions).
CREATE VIEW auth_logins AS
  SELECT id, brand_id, member_id, created_at
  FROM auth_events
  WHERE is_success AND member_id IS NOT NULL AND event IN ('login', 'social.login');
--> statement-breakpoint
-- wallet: every ledger transaction with its reference and product line, for readers that follow game postings.
CREATE VIEW wallet_transaction_details AS
  SELECT id, xact_id, brand_id, kind, reference, product_line, created_at
  FROM ledger_transactions;
