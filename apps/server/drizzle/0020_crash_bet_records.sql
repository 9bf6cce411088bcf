ALTER TABLE "crash_bets" ALTER COLUMN "game_round_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "bet_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "payout_transaction_id" bigint;