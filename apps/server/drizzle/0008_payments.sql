CREATE TABLE "brand_payment_settings" (
	"brand_id" bigint PRIMARY KEY NOT NULL,
	"withdrawal_min" bigint NOT NULL,
	"withdrawal_max" bigint NOT NULL,
	"withdrawal_daily_max_amount" bigint NOT NULL,
	"withdrawal_daily_max_count" integer NOT NULL,
	"confirmation_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_payment_settings_limits_check" CHECK ("brand_payment_settings"."withdrawal_min" > 0 and "brand_payment_settings"."withdrawal_min" <= "brand_payment_settings"."withdrawal_max"
        and "brand_payment_settings"."withdrawal_daily_max_amount" > 0 and "brand_payment_settings"."withdrawal_daily_max_count" > 0),
	CONSTRAINT "brand_payment_settings_confirmation_check" CHECK ("brand_payment_settings"."confirmation_minutes" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"request_key" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"player_reference" text,
	"proof_upload_id" uuid,
	"gateway_order_id" text,
	"payment_url" text,
	"ledger_transaction_id" bigint,
	"reviewed_by_staff_id" bigint,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'credited', 'failed', 'rejected')),
	CONSTRAINT "deposits_credited_check" CHECK (("deposits"."status" = 'credited') = ("deposits"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"code" text NOT NULL,
	"method" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"instructions" jsonb,
	"gateway" jsonb,
	"turnover_percent" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_channels_code_check" CHECK ("payment_channels"."code" ~ '^[A-Z0-9_]{2,32}$'),
	CONSTRAINT "payment_channels_method_check" CHECK ("payment_channels"."method" in ('bank_transfer', 'ewallet', 'gateway')),
	CONSTRAINT "payment_channels_limits_check" CHECK ("payment_channels"."min_amount" > 0 and "payment_channels"."min_amount" <= "payment_channels"."max_amount"),
	CONSTRAINT "payment_channels_turnover_check" CHECK ("payment_channels"."turnover_percent" between 0 and 10000),
	CONSTRAINT "payment_channels_method_settings_check" CHECK (("payment_channels"."method" = 'gateway') = ("payment_channels"."gateway" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"method" text NOT NULL,
	"provider_name" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_method_check" CHECK ("payout_accounts"."method" in ('bank', 'ewallet'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"request_key" text NOT NULL,
	"payout_account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_id" bigint NOT NULL,
	"reviewed_by_staff_id" bigint,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"confirmation" text,
	"received_amount" bigint,
	"confirmation_proof_upload_id" uuid,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_hold_key" UNIQUE("hold_id"),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_confirmation_check" CHECK ("withdrawals"."confirmation" is null or ("withdrawals"."status" = 'approved'
        and "withdrawals"."confirmation" in ('received', 'not_received', 'fully_paid'))),
	CONSTRAINT "withdrawals_received_check" CHECK ("withdrawals"."received_amount" is null or "withdrawals"."received_amount" between 0 and "withdrawals"."amount")
);
--> statement-breakpoint
CREATE TABLE "brand_wallet_settings" (
	"brand_id" bigint PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'single' NOT NULL,
	"transfer_vendors" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_wallet_settings_mode_check" CHECK ("brand_wallet_settings"."mode" in ('single', 'transfer'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payment_password_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payment_password_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "product_line" text;--> statement-breakpoint
ALTER TABLE "brand_payment_settings" ADD CONSTRAINT "brand_payment_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_id_payment_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."payment_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_wallet_settings" ADD CONSTRAINT "brand_wallet_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_member_request_key" ON "deposits" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "deposits_brand_status_idx" ON "deposits" USING btree ("brand_id","status","id");--> statement-breakpoint
CREATE INDEX "deposits_member_idx" ON "deposits" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_brand_code_key" ON "payment_channels" USING btree ("brand_id","code");--> statement-breakpoint
CREATE INDEX "payout_accounts_member_idx" ON "payout_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_member_number_key" ON "payout_accounts" USING btree ("member_id","method","provider_name","account_number") WHERE "payout_accounts"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_member_request_key" ON "withdrawals" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "withdrawals_brand_status_idx" ON "withdrawals" USING btree ("brand_id","status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");