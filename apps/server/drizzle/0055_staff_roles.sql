CREATE TABLE "staff_role_assignments" (
	"staff_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_assignments_staff_id_brand_id_pk" PRIMARY KEY("staff_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"name" text NOT NULL,
	"preset_key" text,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_id_brand_unique" UNIQUE("id","brand_id")
);
--> statement-breakpoint
ALTER TABLE "staff_role_assignments" ADD CONSTRAINT "staff_role_assignments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_assignments" ADD CONSTRAINT "staff_role_assignments_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_assignments" ADD CONSTRAINT "staff_role_assignments_role_fk" FOREIGN KEY ("role_id","brand_id") REFERENCES "public"."staff_roles"("id","brand_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_role_assignments_role_idx" ON "staff_role_assignments" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_brand_name_idx" ON "staff_roles" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_brand_preset_idx" ON "staff_roles" USING btree ("brand_id","preset_key");--> statement-breakpoint
-- Every brand gets the preset roles (as packages/contracts/src/staff-permissions.ts defines them today;
-- staff-roles.migration.test.ts checks they match), and every staff member keeps, in every brand, the preset
-- of the fixed role they had (admin, finance or support; anything else, as before, support).
INSERT INTO "staff_roles" ("brand_id", "preset_key", "name", "permissions")
SELECT "brands"."id", "presets"."preset_key", "presets"."name", "presets"."permissions"
FROM "brands" CROSS JOIN (VALUES
  ('admin', 'Admin', ARRAY['members.view', 'members.view_balances', 'members.edit', 'feedback.view', 'uploads.view', 'deposits.view', 'deposits.approve', 'withdrawals.view', 'withdrawals.approve', 'money.adjust', 'money.approve', 'payments.channels', 'payments.settings', 'promotions.view', 'promotions.manage', 'promotions.review_claims', 'bonuses.manage', 'loyalty.view', 'loyalty.manage', 'loyalty.fulfil', 'loyalty.adjust_points', 'content.view', 'content.edit', 'games.view', 'games.manage', 'house_games.manage', 'site.view', 'site.manage', 'notifications.outbox', 'agents.move_member', 'agents.settle', 'reports.view', 'audit.view', 'staff.manage']::text[]),
  ('finance', 'Finance', ARRAY['members.view', 'members.view_balances', 'feedback.view', 'uploads.view', 'deposits.view', 'deposits.approve', 'withdrawals.view', 'withdrawals.approve', 'money.adjust', 'money.approve', 'payments.channels', 'payments.settings', 'promotions.view', 'promotions.review_claims', 'bonuses.manage', 'loyalty.view', 'loyalty.fulfil', 'loyalty.adjust_points', 'content.view', 'games.view', 'site.view', 'reports.view', 'audit.view']::text[]),
  ('risk', 'Risk', ARRAY['members.view', 'members.view_balances', 'feedback.view', 'uploads.view', 'deposits.view', 'withdrawals.view', 'promotions.view', 'promotions.review_claims', 'loyalty.view', 'content.view', 'games.view', 'site.view', 'reports.view', 'audit.view']::text[]),
  ('support', 'Support', ARRAY['members.view', 'members.edit', 'feedback.view', 'uploads.view', 'withdrawals.view', 'promotions.view', 'loyalty.view', 'loyalty.fulfil', 'content.view', 'content.edit', 'games.view', 'site.view', 'agents.move_member']::text[]),
  ('content', 'Content', ARRAY['uploads.view', 'promotions.view', 'promotions.manage', 'loyalty.view', 'content.view', 'content.edit', 'games.view', 'site.view']::text[]),
  ('marketing', 'Marketing', ARRAY['members.view', 'uploads.view', 'promotions.view', 'promotions.manage', 'loyalty.view', 'loyalty.manage', 'content.view', 'content.edit', 'games.view', 'site.view', 'reports.view']::text[])
) AS "presets" ("preset_key", "name", "permissions");--> statement-breakpoint
INSERT INTO "staff_role_assignments" ("staff_id", "brand_id", "role_id")
SELECT "staff"."id", "staff_roles"."brand_id", "staff_roles"."id"
FROM "staff" JOIN "staff_roles" ON "staff_roles"."preset_key" =
  CASE WHEN "staff"."role" IN ('admin', 'finance', 'support') THEN "staff"."role" ELSE 'support' END;--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "role";