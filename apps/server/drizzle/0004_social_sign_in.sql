CREATE TABLE "brand_social_providers" (
	"brand_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_social_providers_brand_id_provider_pk" PRIMARY KEY("brand_id","provider"),
	CONSTRAINT "brand_social_providers_provider_check" CHECK ("brand_social_providers"."provider" in ('google', 'facebook'))
);
--> statement-breakpoint
CREATE TABLE "member_social_identities" (
	"brand_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_social_identities_brand_id_provider_subject_pk" PRIMARY KEY("brand_id","provider","subject"),
	CONSTRAINT "member_social_identities_provider_check" CHECK ("member_social_identities"."provider" in ('google', 'facebook'))
);
--> statement-breakpoint
CREATE TABLE "social_sign_in_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"brand_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_social_providers" ADD CONSTRAINT "brand_social_providers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_social_identities" ADD CONSTRAINT "member_social_identities_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_social_identities" ADD CONSTRAINT "member_social_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_in_attempts" ADD CONSTRAINT "social_sign_in_attempts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_social_identities_member_idx" ON "member_social_identities" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "social_sign_in_attempts_expiry_idx" ON "social_sign_in_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_sign_in_attempts_ip_idx" ON "social_sign_in_attempts" USING btree ("ip","created_at");