-- The security centre (issue 28): the profile labels a member may add (Telegram, Zalo, address), and the browser
-- or app of each session so the member can tell their sessions apart.
ALTER TABLE "members" ADD COLUMN "telegram" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "zalo" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD COLUMN "user_agent" text;
