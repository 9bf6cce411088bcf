-- Points are credited in rounds (every few seconds, and on every fold asked for) instead of a ledger posting per
-- member and fold batch: each batch adds the whole points a member earned to points_pending, a round posts every
-- pending member in postings of up to 63 and sets them back to zero, keyed by the round's number.
ALTER TABLE "loyalty_member_totals" ADD COLUMN "points_pending" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_member_totals" ADD CONSTRAINT "loyalty_member_totals_points_pending_check" CHECK ("points_pending" >= 0);--> statement-breakpoint
CREATE INDEX "loyalty_member_totals_points_pending" ON "loyalty_member_totals" ("member_id") WHERE "points_pending" > 0;--> statement-breakpoint
ALTER TABLE "loyalty_fold" ADD COLUMN "points_round" bigint DEFAULT 0 NOT NULL;
