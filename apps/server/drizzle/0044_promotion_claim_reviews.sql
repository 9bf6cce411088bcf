CREATE TABLE "promotion_claim_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_claim_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"sequence" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"staff_id" bigint,
	"note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_claim_reviews_status_check" CHECK ("promotion_claim_reviews"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "promotion_claim_reviews" ADD CONSTRAINT "promotion_claim_reviews_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claim_reviews" ADD CONSTRAINT "promotion_claim_reviews_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claim_reviews" ADD CONSTRAINT "promotion_claim_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claim_reviews_claim_key" ON "promotion_claim_reviews" USING btree ("promotion_id","member_id","sequence");--> statement-breakpoint
CREATE INDEX "promotion_claim_reviews_pending_idx" ON "promotion_claim_reviews" USING btree ("brand_id","id") WHERE "promotion_claim_reviews"."status" = 'pending';--> statement-breakpoint
-- members: the addresses a member registered and last logged in from, for the promotions' sign-up abuse check
-- (another member who claimed a sign-up bonus from the same address holds the claim for staff).
CREATE VIEW members_addresses AS
  SELECT id, brand_id, register_ip, last_login_ip
  FROM members;
--> statement-breakpoint
-- payments: every payout account number a member has added (removed ones too: removing an account after a
-- claim must not hide it), for the promotions' sign-up abuse check.
CREATE VIEW payments_payout_account_numbers AS
  SELECT member_id, brand_id, method, account_number
  FROM payout_accounts;
