CREATE TABLE "rebate_accruals" (
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"product_line" text NOT NULL,
	"valid_bet" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_accruals_promotion_id_member_id_day_product_line_pk" PRIMARY KEY("promotion_id","member_id","day","product_line")
);
--> statement-breakpoint
CREATE TABLE "rebate_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rebate_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"days" jsonb NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_claims_amount_check" CHECK ("rebate_claims"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rebate_days" (
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"brand_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_days_promotion_id_member_id_day_pk" PRIMARY KEY("promotion_id","member_id","day"),
	CONSTRAINT "rebate_days_amount_check" CHECK ("rebate_days"."paid_amount" >= 0 and "rebate_days"."paid_amount" <= "rebate_days"."amount")
);
--> statement-breakpoint
ALTER TABLE "rebate_accruals" ADD CONSTRAINT "rebate_accruals_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_accruals" ADD CONSTRAINT "rebate_accruals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_days" ADD CONSTRAINT "rebate_days_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_days" ADD CONSTRAINT "rebate_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_days" ADD CONSTRAINT "rebate_days_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebate_claims_member_idx" ON "rebate_claims" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "rebate_days_unpaid_idx" ON "rebate_days" USING btree ("promotion_id","day","member_id") WHERE "rebate_days"."amount" > "rebate_days"."paid_amount";--> statement-breakpoint
CREATE INDEX "rebate_days_member_idx" ON "rebate_days" USING btree ("member_id","day");--> statement-breakpoint
CREATE INDEX "game_rounds_brand_settled_idx" ON "game_rounds" USING btree ("brand_id","settled_at") WHERE "game_rounds"."status" = 'settled';--> statement-breakpoint
-- games: settled rounds with their stakes and results, for the promotions that pay on a period's valid bet or
-- net loss (rebate, cashback). A plain projection, inlined by the planner (see 0031_published_read_models.sql).
CREATE VIEW games_settled_rounds AS
  SELECT id, brand_id, member_id, product_line, currency, bet_amount, win_amount, refunded_amount, valid_bet,
         opened_at, settled_at
  FROM game_rounds
  WHERE status = 'settled';
--> statement-breakpoint
-- wallet: members' main-wallet accounts, for readers that pay many members in one batch of postings.
CREATE VIEW wallet_member_cash_accounts AS
  SELECT id AS account_id, brand_id, member_id, currency
  FROM ledger_accounts
  WHERE kind = 'member_cash' AND scope = '';
