ALTER TABLE "lottery_bets" ADD COLUMN "bonus_staked" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "bonus_staked" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_bonus_staked_check" CHECK ("lottery_bets"."bonus_staked" >= 0 and "lottery_bets"."bonus_staked" <= "lottery_bets"."stake");--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_bonus_staked_check" CHECK ("crash_bets"."bonus_staked" >= 0 and "crash_bets"."bonus_staked" <= "crash_bets"."amount");