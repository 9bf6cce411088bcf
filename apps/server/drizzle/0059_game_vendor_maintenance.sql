-- A game vendor's maintenance (the console's Games section, issue 25 item 9): switched on by an operator,
-- optionally until a time. While it is on and its end is not past, the vendor's games do not launch.
ALTER TABLE "game_vendors" ADD COLUMN "is_under_maintenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_vendors" ADD COLUMN "maintenance_ends_at" timestamp with time zone;
