CREATE TABLE "member_bonuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"promotion_id" bigint,
	"reference" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"amount" bigint NOT NULL,
	"wagering_required" bigint NOT NULL,
	"wagering_done" bigint DEFAULT 0 NOT NULL,
	"contributions" jsonb NOT NULL,
	"max_stake" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"settled_amount" bigint,
	"grant_transaction_id" bigint NOT NULL,
	"settle_transaction_id" bigint,
	CONSTRAINT "member_bonuses_wagering_check" CHECK ("member_bonuses"."wagering_done" >= 0 and "member_bonuses"."wagering_required" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"promotion_id" bigint,
	"reference" text NOT NULL,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	"turnover_required" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'claimable' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"ledger_transaction_id" bigint,
	CONSTRAINT "member_rewards_amount_check" CHECK ("member_rewards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_claims" (
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"sequence" integer NOT NULL,
	"brand_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_claims_promotion_id_member_id_sequence_pk" PRIMARY KEY("promotion_id","member_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"content" jsonb NOT NULL,
	"image_upload_id" uuid,
	"claim_limit" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"turnover_percent" integer DEFAULT 100 NOT NULL,
	"eligibility" jsonb NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."config"->>'kind' = "promotions"."kind")
);
--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_bonuses_reference_key" ON "member_bonuses" USING btree ("member_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "member_bonuses_active_key" ON "member_bonuses" USING btree ("member_id","currency") WHERE "member_bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_bonuses_expiry_idx" ON "member_bonuses" USING btree ("expires_at") WHERE "member_bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_bonuses_member_idx" ON "member_bonuses" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_reference_key" ON "member_rewards" USING btree ("member_id","source","reference");--> statement-breakpoint
CREATE INDEX "member_rewards_member_idx" ON "member_rewards" USING btree ("member_id","status","id");--> statement-breakpoint
CREATE INDEX "member_rewards_expiry_idx" ON "member_rewards" USING btree ("expires_at") WHERE "member_rewards"."status" = 'claimable';--> statement-breakpoint
CREATE INDEX "promotions_brand_idx" ON "promotions" USING btree ("brand_id","status","sort_order");