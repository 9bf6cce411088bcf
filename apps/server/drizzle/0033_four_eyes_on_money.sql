CREATE TABLE "adjustment_proposals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustment_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_id" text NOT NULL,
	"proposed_by_staff_id" bigint NOT NULL,
	"proposed_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_staff_id" bigint,
	"decided_by" text,
	"decision_note" text,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "adjustment_proposals_request_key" UNIQUE("brand_id","proposed_by_staff_id","request_id"),
	CONSTRAINT "adjustment_proposals_amount_check" CHECK ("adjustment_proposals"."amount" <> 0),
	CONSTRAINT "adjustment_proposals_status_check" CHECK ("adjustment_proposals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "adjustment_proposals_posted_check" CHECK (("adjustment_proposals"."status" = 'approved') = ("adjustment_proposals"."transaction_id" is not null)),
	CONSTRAINT "adjustment_proposals_decided_check" CHECK (("adjustment_proposals"."status" = 'pending') = ("adjustment_proposals"."decided_by_staff_id" is null)),
	CONSTRAINT "adjustment_proposals_four_eyes_check" CHECK ("adjustment_proposals"."status" <> 'approved' or "adjustment_proposals"."decided_by_staff_id" <> "adjustment_proposals"."proposed_by_staff_id")
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approval_note" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_wallet_settings" ADD COLUMN "second_approval_above" bigint;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_proposals_brand_status_idx" ON "adjustment_proposals" USING btree ("brand_id","status","id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_four_eyes_check" CHECK ("withdrawals"."first_approved_by_staff_id" is null or "withdrawals"."status" <> 'approved'
        or "withdrawals"."reviewed_by_staff_id" <> "withdrawals"."first_approved_by_staff_id");--> statement-breakpoint
ALTER TABLE "brand_wallet_settings" ADD CONSTRAINT "brand_wallet_settings_second_approval_check" CHECK ("brand_wallet_settings"."second_approval_above" is null or "brand_wallet_settings"."second_approval_above" > 0);