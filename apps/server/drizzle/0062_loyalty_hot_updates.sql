-- The loyalty fold rewrites the same rows batch after batch (each member's totals, day figures, level and mission
-- progress). With room left on each page, PostgreSQL updates such a row in place on its page (a HOT update: no
-- index entry written, since no indexed column changes), which is most of what an update costs. Applies to pages
-- written from now on.
ALTER TABLE "mission_progress" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "loyalty_member_totals" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "loyalty_member_days" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "vip_member_levels" SET (fillfactor = 80);
