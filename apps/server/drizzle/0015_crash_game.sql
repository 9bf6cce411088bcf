CREATE TABLE "crash_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"game_round_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"auto_cash_out" bigint,
	"status" text DEFAULT 'placed' NOT NULL,
	"cashed_out_at" bigint,
	"payout" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_bets_status_check" CHECK ("crash_bets"."status" in ('placed', 'cashed', 'lost', 'refunded')),
	CONSTRAINT "crash_bets_amount_check" CHECK ("crash_bets"."amount" > 0 and "crash_bets"."payout" >= 0),
	CONSTRAINT "crash_bets_auto_check" CHECK ("crash_bets"."auto_cash_out" is null or "crash_bets"."auto_cash_out" >= 101)
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_chains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seed" text NOT NULL,
	"length" integer NOT NULL,
	"commitment" text NOT NULL,
	"salt" text NOT NULL,
	"house_edge_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_chains_commitment_unique" UNIQUE("commitment"),
	CONSTRAINT "crash_chains_length_check" CHECK ("crash_chains"."length" > 0),
	CONSTRAINT "crash_chains_edge_check" CHECK ("crash_chains"."house_edge_basis_points" >= 0 and "crash_chains"."house_edge_basis_points" < 10000)
);
--> statement-breakpoint
CREATE TABLE "crash_driver_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" bigint NOT NULL,
	"chain_index" integer NOT NULL,
	"hash" text NOT NULL,
	"crash_point" bigint NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"crash_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "crash_rounds_status_check" CHECK ("crash_rounds"."status" in ('betting', 'running', 'crashed', 'cancelled')),
	CONSTRAINT "crash_rounds_crash_point_check" CHECK ("crash_rounds"."crash_point" >= 100)
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_game_round_id_game_rounds_id_fk" FOREIGN KEY ("game_round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_round_member_key" ON "crash_bets" USING btree ("round_id","member_id");--> statement-breakpoint
CREATE INDEX "crash_bets_round_status_idx" ON "crash_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_chain_index_key" ON "crash_rounds" USING btree ("chain_id","chain_index");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_one_unfinished_key" ON "crash_rounds" USING btree ((true)) WHERE "crash_rounds"."status" in ('betting', 'running');