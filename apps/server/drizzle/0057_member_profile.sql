-- The console's member profile (issue 25 item 5): the staff timeline of a member (notes, and the status changes,
-- password resets and tags staff made) and staff's tags on members.
CREATE TABLE "member_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"staff_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notes_kind_check" CHECK ("member_notes"."kind" in ('note', 'status', 'password_reset', 'payment_password_reset', 'tag_added', 'tag_removed'))
);
--> statement-breakpoint
CREATE TABLE "member_tags" (
	"member_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tags_member_id_tag_pk" PRIMARY KEY("member_id","tag")
);
--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_tags_brand_tag_idx" ON "member_tags" USING btree ("brand_id","tag");--> statement-breakpoint
-- The member search by the last login's address and by a payout account number, and the linked accounts (members
-- who logged in from the same address or share an account number).
CREATE INDEX "members_brand_last_login_ip_idx" ON "members" USING btree ("brand_id","last_login_ip") WHERE "members"."last_login_ip" is not null;--> statement-breakpoint
CREATE INDEX "member_known_addresses_ip_idx" ON "member_known_addresses" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "payout_accounts_brand_number_idx" ON "payout_accounts" USING btree ("brand_id","account_number");--> statement-breakpoint
-- Sign-in events keep the browser or app (User-Agent) beside the address: a login history shows the device, and
-- members who logged in from the same address and browser are linked.
ALTER TABLE "auth_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
-- The permission to lock, disable or close members, reset their passwords and keep their notes and tags
-- (members.manage) joins the admin, risk and support presets as the contracts define them, in the catalogue's
-- order; a preset an operator already gave it keeps its own.
UPDATE "staff_roles" SET "permissions" = ARRAY(
  SELECT "held" FROM unnest(array_append("permissions", 'members.manage')) AS "held"
  ORDER BY array_position(ARRAY['members.view', 'members.view_balances', 'members.edit', 'members.manage', 'feedback.view', 'uploads.view', 'deposits.view', 'deposits.approve', 'withdrawals.view', 'withdrawals.approve', 'money.adjust', 'money.approve', 'payments.channels', 'payments.settings', 'promotions.view', 'promotions.manage', 'promotions.review_claims', 'bonuses.manage', 'loyalty.view', 'loyalty.manage', 'loyalty.fulfil', 'loyalty.adjust_points', 'content.view', 'content.edit', 'games.view', 'games.manage', 'house_games.manage', 'site.view', 'site.manage', 'notifications.outbox', 'agents.move_member', 'agents.settle', 'reports.view', 'audit.view', 'staff.manage', 'brands.create']::text[], "held")
)
WHERE "preset_key" IN ('admin', 'risk', 'support') AND NOT ('members.manage' = ANY("permissions"));
