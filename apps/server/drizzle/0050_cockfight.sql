CREATE TABLE "cockfight_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cockfight_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fight_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"side" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_staked" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	"game_round_id" bigint,
	"bet_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "cockfight_bets_side_check" CHECK ("cockfight_bets"."side" in ('meron', 'wala', 'draw')),
	CONSTRAINT "cockfight_bets_status_check" CHECK ("cockfight_bets"."status" in ('placed', 'won', 'lost', 'returned')),
	CONSTRAINT "cockfight_bets_amount_check" CHECK ("cockfight_bets"."amount" > 0 and "cockfight_bets"."returned" >= 0),
	CONSTRAINT "cockfight_bets_bonus_check" CHECK ("cockfight_bets"."bonus_staked" >= 0 and "cockfight_bets"."bonus_staked" <= "cockfight_bets"."amount")
);
--> statement-breakpoint
CREATE TABLE "cockfight_fights" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cockfight_fights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"meron_name" text NOT NULL,
	"meron_weight" integer,
	"wala_name" text NOT NULL,
	"wala_weight" integer,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"result" text,
	"commission_basis_points" integer NOT NULL,
	"draw_multiplier" integer NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_per_player" bigint NOT NULL,
	"max_per_fight" bigint NOT NULL,
	"meron_pool" bigint DEFAULT 0 NOT NULL,
	"wala_pool" bigint DEFAULT 0 NOT NULL,
	"draw_pool" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"server_seed" text,
	"server_seed_hash" text,
	"client_seed" text,
	"nonce" integer,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "cockfight_fights_status_check" CHECK ("cockfight_fights"."status" in ('scheduled', 'open', 'last_call', 'closed', 'settled', 'cancelled')),
	CONSTRAINT "cockfight_fights_result_check" CHECK ("cockfight_fights"."result" is null or "cockfight_fights"."result" in ('meron', 'wala', 'draw', 'cancelled')),
	CONSTRAINT "cockfight_fights_amounts_check" CHECK ("cockfight_fights"."meron_pool" >= 0 and "cockfight_fights"."wala_pool" >= 0 and "cockfight_fights"."draw_pool" >= 0 and "cockfight_fights"."meron_pool" + "cockfight_fights"."wala_pool" + "cockfight_fights"."draw_pool" <= "cockfight_fights"."max_per_fight")
);
--> statement-breakpoint
ALTER TABLE "cockfight_bets" ADD CONSTRAINT "cockfight_bets_fight_id_cockfight_fights_id_fk" FOREIGN KEY ("fight_id") REFERENCES "public"."cockfight_fights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_bets" ADD CONSTRAINT "cockfight_bets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_bets" ADD CONSTRAINT "cockfight_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_bets" ADD CONSTRAINT "cockfight_bets_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_bets" ADD CONSTRAINT "cockfight_bets_game_round_id_game_rounds_id_fk" FOREIGN KEY ("game_round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_fights" ADD CONSTRAINT "cockfight_fights_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_fights" ADD CONSTRAINT "cockfight_fights_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cockfight_bets_request_key" ON "cockfight_bets" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "cockfight_bets_fight_status_idx" ON "cockfight_bets" USING btree ("fight_id","status");--> statement-breakpoint
CREATE INDEX "cockfight_bets_fight_member_idx" ON "cockfight_bets" USING btree ("fight_id","member_id");--> statement-breakpoint
CREATE INDEX "cockfight_bets_member_idx" ON "cockfight_bets" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cockfight_fights_number_key" ON "cockfight_fights" USING btree ("brand_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "cockfight_fights_one_betting_key" ON "cockfight_fights" USING btree ("brand_id") WHERE "cockfight_fights"."status" in ('open', 'last_call');--> statement-breakpoint
CREATE INDEX "cockfight_fights_brand_status_idx" ON "cockfight_fights" USING btree ("brand_id","status");