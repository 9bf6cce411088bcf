CREATE TABLE "favorite_games" (
	"member_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"vendor_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"round_ref" text NOT NULL,
	"product_line" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"turnover_recorded" bigint DEFAULT 0 NOT NULL,
	"details" jsonb,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rounds_status_check" CHECK ("game_rounds"."status" in ('open', 'settled')),
	CONSTRAINT "game_rounds_amounts_check" CHECK ("game_rounds"."bet_amount" >= 0 and "game_rounds"."win_amount" >= 0 and "game_rounds"."refunded_amount" >= 0 and "game_rounds"."refunded_amount" <= "game_rounds"."bet_amount")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"vendor_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "game_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_id" bigint NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"round_id" bigint,
	"reference_uuid" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"request_hash" text NOT NULL,
	"is_rolled_back" boolean DEFAULT false NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_transactions_kind_check" CHECK ("game_transactions"."kind" in ('bet', 'win', 'rollback', 'tombstone')),
	CONSTRAINT "game_transactions_amount_check" CHECK ("game_transactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_vendor_tiles" (
	"vendor_id" bigint NOT NULL,
	"game_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"opens_game_list" boolean DEFAULT false NOT NULL,
	"freeplay" boolean DEFAULT false NOT NULL,
	"account_type_name" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "game_vendor_tiles_vendor_id_game_type_pk" PRIMARY KEY("vendor_id","game_type")
);
--> statement-breakpoint
CREATE TABLE "game_vendors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"integration" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"wallet_public_key" text,
	"launch_url" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_vendors_code_unique" UNIQUE("code"),
	CONSTRAINT "game_vendors_code_check" CHECK ("game_vendors"."code" ~ '^[A-Z0-9_]{2,24}$'),
	CONSTRAINT "game_vendors_integration_check" CHECK ("game_vendors"."integration" in ('seamless', 'house'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_id" bigint NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"classify" text DEFAULT 'SLOT' NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"has_trial" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"icon_url" text,
	"large_icon_url" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"member_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_wallet_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_vendor_id_game_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."game_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_vendor_id_game_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."game_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_vendor_id_game_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."game_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_vendor_tiles" ADD CONSTRAINT "game_vendor_tiles_vendor_id_game_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."game_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_id_game_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."game_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_games_member_created_idx" ON "favorite_games" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_vendor_member_round_key" ON "game_rounds" USING btree ("vendor_id","member_id","round_ref");--> statement-breakpoint
CREATE INDEX "game_rounds_member_opened_idx" ON "game_rounds" USING btree ("member_id","opened_at");--> statement-breakpoint
CREATE INDEX "game_rounds_brand_opened_idx" ON "game_rounds" USING btree ("brand_id","opened_at");--> statement-breakpoint
CREATE INDEX "game_sessions_member_idx" ON "game_sessions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transactions_vendor_uuid_key" ON "game_transactions" USING btree ("vendor_id","transaction_uuid");--> statement-breakpoint
CREATE INDEX "game_transactions_round_idx" ON "game_transactions" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "game_transactions_wins_idx" ON "game_transactions" USING btree ("brand_id","created_at") WHERE "game_transactions"."kind" = 'win' and "game_transactions"."amount" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_key" ON "games" USING btree ("vendor_id","game_code");--> statement-breakpoint
CREATE INDEX "games_type_order_idx" ON "games" USING btree ("game_type","sort_order","id");--> statement-breakpoint
CREATE INDEX "games_vendor_type_order_idx" ON "games" USING btree ("vendor_id","game_type","sort_order","id");--> statement-breakpoint
CREATE INDEX "games_search_name_trgm_idx" ON "games" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recent_games_member_played_idx" ON "recent_games" USING btree ("member_id","played_at");