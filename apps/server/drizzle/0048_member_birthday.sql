ALTER TABLE "members" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "loyalty_settings" DROP COLUMN "is_vip_enabled";--> statement-breakpoint
-- Published for other modules' SQL (the VIP birthday bonus): a member's birthday, nothing else of the profile.
CREATE VIEW members_birthdays AS SELECT id, brand_id, birthday FROM members WHERE birthday IS NOT NULL;
