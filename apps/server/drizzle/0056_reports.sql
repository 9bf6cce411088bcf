CREATE TABLE "report_daily" (
	"brand_id" bigint NOT NULL,
	"day" date NOT NULL,
	"bet_count" bigint DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposit_count" bigint DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" bigint DEFAULT 0 NOT NULL,
	"withdrawal_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	"new_players" integer DEFAULT 0 NOT NULL,
	"first_depositors" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_daily_brand_id_day_pk" PRIMARY KEY("brand_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_fold" (
	"id" smallint PRIMARY KEY NOT NULL,
	"horizon" bigint NOT NULL,
	"member_horizon" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_games_daily" (
	"brand_id" bigint NOT NULL,
	"day" date NOT NULL,
	"product_line" text NOT NULL,
	"vendor_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"bet_count" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	CONSTRAINT "report_games_daily_brand_id_day_product_line_vendor_id_game_id_pk" PRIMARY KEY("brand_id","day","product_line","vendor_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "report_members" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"brand_id" bigint NOT NULL,
	"registered_on" date,
	"first_deposit_on" date
);
--> statement-breakpoint
CREATE TABLE "report_money_daily" (
	"brand_id" bigint NOT NULL,
	"day" date NOT NULL,
	"flow" text NOT NULL,
	"channel" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_money_daily_brand_id_day_flow_channel_pk" PRIMARY KEY("brand_id","day","flow","channel"),
	CONSTRAINT "report_money_daily_flow_check" CHECK ("report_money_daily"."flow" in ('deposit', 'withdrawal', 'bonus'))
);
--> statement-breakpoint
CREATE TABLE "report_player_months" (
	"brand_id" bigint NOT NULL,
	"month" date NOT NULL,
	"member_id" bigint NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "report_player_months_brand_id_month_member_id_pk" PRIMARY KEY("brand_id","month","member_id")
);
--> statement-breakpoint
-- The reports fold starts at the ledger's beginning: its first runs fold the history, in batches.
INSERT INTO report_fold (id, horizon) VALUES (1, 0);
--> statement-breakpoint
-- games: the round each game money movement belongs to, by the ledger transaction that moved it and the member
-- (vendor wallet calls and house games record one row per movement), for readers that follow the ledger's game
-- postings to their game and vendor (the reports fold). Looked up by ledger transaction: the index is partial,
-- only rows that moved money have one.
CREATE INDEX "game_transactions_ledger_idx" ON "game_transactions" USING btree ("ledger_transaction_id")
  WHERE "ledger_transaction_id" IS NOT NULL;
--> statement-breakpoint
CREATE VIEW games_round_postings AS
  SELECT t.ledger_transaction_id, t.member_id, r.id AS round_id, r.game_id, r.vendor_id, r.product_line
  FROM game_transactions t
  JOIN game_rounds r ON r.id = t.round_id
  WHERE t.ledger_transaction_id IS NOT NULL;
--> statement-breakpoint
-- games: every game with its vendor, named, for readers that show figures per game or vendor (the reports).
CREATE VIEW games_titles AS
  SELECT g.id AS game_id, g.vendor_id, g.game_code, g.name AS game_name, v.code AS vendor_code,
    v.display_name AS vendor_name
  FROM games g
  JOIN game_vendors v ON v.id = g.vendor_id;
--> statement-breakpoint
-- payments: the channel of each deposit (its code; the ledger references the deposit as 'deposit:<id>').
CREATE VIEW payments_deposit_channels AS
  SELECT d.id AS deposit_id, d.brand_id, c.code AS channel
  FROM deposits d
  JOIN payment_channels c ON c.id = d.channel_id;
--> statement-breakpoint
-- payments: the payout method of each withdrawal, by the ledger hold it reserved (its payment references
-- 'hold:<id>').
CREATE VIEW payments_withdrawal_channels AS
  SELECT w.hold_id, w.brand_id, p.method AS channel
  FROM withdrawals w
  JOIN payout_accounts p ON p.id = w.payout_account_id;
