ALTER TABLE "game_rounds" ADD COLUMN "bonus_staked" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "bonus_amount" bigint DEFAULT 0 NOT NULL;