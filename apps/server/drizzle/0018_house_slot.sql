CREATE TABLE "house_jackpots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_jackpots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"game_code" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_won_amount" bigint,
	"last_won_at" timestamp with time zone,
	"last_round_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_seed_pairs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_seed_pairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"game" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "house_seed_pairs_status_check" CHECK ("house_seed_pairs"."status" in ('active', 'revealed'))
);
--> statement-breakpoint
CREATE TABLE "house_slot_spins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_slot_spins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"round_id" bigint NOT NULL,
	"seed_pair_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	"jackpot_win" bigint DEFAULT 0 NOT NULL,
	"jackpot_contribution" bigint DEFAULT 0 NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "house_jackpots" ADD CONSTRAINT "house_jackpots_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_jackpots" ADD CONSTRAINT "house_jackpots_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_seed_pairs" ADD CONSTRAINT "house_seed_pairs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_seed_pairs" ADD CONSTRAINT "house_seed_pairs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_slot_spins" ADD CONSTRAINT "house_slot_spins_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_slot_spins" ADD CONSTRAINT "house_slot_spins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_slot_spins" ADD CONSTRAINT "house_slot_spins_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_slot_spins" ADD CONSTRAINT "house_slot_spins_seed_pair_id_house_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."house_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_slot_spins" ADD CONSTRAINT "house_slot_spins_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_jackpots_key" ON "house_jackpots" USING btree ("brand_id","currency","game_code");--> statement-breakpoint
CREATE UNIQUE INDEX "house_seed_pairs_active_key" ON "house_seed_pairs" USING btree ("member_id","game") WHERE "house_seed_pairs"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "house_seed_pairs_hash_key" ON "house_seed_pairs" USING btree ("server_seed_hash");--> statement-breakpoint
CREATE INDEX "house_seed_pairs_member_idx" ON "house_seed_pairs" USING btree ("member_id","game","id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_slot_spins_request_key" ON "house_slot_spins" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_slot_spins_nonce_key" ON "house_slot_spins" USING btree ("seed_pair_id","nonce");--> statement-breakpoint
CREATE INDEX "house_slot_spins_round_idx" ON "house_slot_spins" USING btree ("round_id");