CREATE TABLE "auth_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint,
	"account" text NOT NULL,
	"event" text NOT NULL,
	"is_success" boolean NOT NULL,
	"ip" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"login_method" text NOT NULL,
	"is_remembered" boolean DEFAULT false NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_key_pairs" (
	"key_id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "member_known_addresses" (
	"member_id" bigint NOT NULL,
	"ip" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"username" text NOT NULL,
	"nickname" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"payment_password_hash" text,
	"country_dialing_code" text,
	"mobile_num" text,
	"email" text,
	"payee_name" text,
	"line" text,
	"whatsapp" text,
	"facebook" text,
	"wechat" text,
	"qq_num" text,
	"id_number" text,
	"affiliate_code" text,
	"upline_id" bigint,
	"referral_code" text,
	"avatar_url" text,
	"register_ip" text,
	"register_domain" text,
	"register_url" text,
	"first_login_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "password_max_age_days" smallint DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "require_encrypted_bodies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "sms_code_ttl_minutes" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "sms_provider" jsonb;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "smtp_settings" jsonb;--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_social_providers" ADD CONSTRAINT "brand_social_providers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_social_identities" ADD CONSTRAINT "member_social_identities_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_social_identities" ADD CONSTRAINT "member_social_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_in_attempts" ADD CONSTRAINT "social_sign_in_attempts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_known_addresses" ADD CONSTRAINT "member_known_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_ip_idx" ON "auth_events" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "auth_events_member_idx" ON "auth_events" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_events_failures_idx" ON "auth_events" USING btree ("brand_id","event","created_at") WHERE not "auth_events"."is_success";--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "verification_codes_recipient_idx" ON "verification_codes" USING btree ("brand_id","recipient","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_ip_idx" ON "verification_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "member_social_identities_member_idx" ON "member_social_identities" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "social_sign_in_attempts_expiry_idx" ON "social_sign_in_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_sign_in_attempts_ip_idx" ON "social_sign_in_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_known_addresses_key" ON "member_known_addresses" USING btree ("member_id","ip");--> statement-breakpoint
CREATE UNIQUE INDEX "members_brand_username_key" ON "members" USING btree ("brand_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_brand_mobile_key" ON "members" USING btree ("brand_id","country_dialing_code","mobile_num") WHERE "members"."mobile_num" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_brand_affiliate_key" ON "members" USING btree ("brand_id","affiliate_code") WHERE "members"."affiliate_code" is not null;--> statement-breakpoint
CREATE INDEX "members_upline_idx" ON "members" USING btree ("upline_id");--> statement-breakpoint
CREATE INDEX "outbound_messages_recipient_idx" ON "outbound_messages" USING btree ("brand_id","channel","recipient","created_at");