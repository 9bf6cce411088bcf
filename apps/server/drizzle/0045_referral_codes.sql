CREATE TABLE "referral_codes" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"brand_id" bigint NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_brand_code_key" ON "referral_codes" USING btree ("brand_id","code");--> statement-breakpoint
CREATE INDEX "members_brand_referral_code_idx" ON "members" USING btree ("brand_id",upper("referral_code")) WHERE "members"."referral_code" is not null;--> statement-breakpoint
-- members: members who typed a referral code at registration, for the promotions' referral (a member's
-- invitees are the members whose code is theirs). A plain projection, inlined by the planner.
CREATE VIEW members_referrals AS
  SELECT id, brand_id, username, referral_code, created_at
  FROM members
  WHERE referral_code IS NOT NULL;
