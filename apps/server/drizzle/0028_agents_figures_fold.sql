CREATE TABLE "member_figures_fold" (
	"id" smallint PRIMARY KEY NOT NULL,
	"horizon" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_activity_daily" (
	"agent_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"day" date NOT NULL,
	"gap" smallint NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "team_activity_daily_agent_id_day_gap_pk" PRIMARY KEY("agent_id","day","gap")
);
--> statement-breakpoint
CREATE TABLE "team_figures_daily" (
	"agent_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"withdrawal_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "team_figures_daily_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "xact_id" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transactions_xact_idx" ON "ledger_transactions" USING brin ("xact_id");