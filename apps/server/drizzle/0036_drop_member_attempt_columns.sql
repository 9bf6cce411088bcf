ALTER TABLE "members" DROP COLUMN "payment_password_failures";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "payment_password_locked_until";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "locked_until";