CREATE TABLE "agent_contract_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contract_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"upline_id" bigint NOT NULL,
	"downline_id" bigint NOT NULL,
	"payer" text NOT NULL,
	"currency" text NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"profit_loss" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"rate_basis_points" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"ledger_transaction_id" bigint,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"upline_id" bigint NOT NULL,
	"downline_id" bigint NOT NULL,
	"payer" text DEFAULT 'upline' NOT NULL,
	"currency" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"effective_from" timestamp with time zone,
	"settled_through" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"termination_reason" text,
	"termination_requested_by" text,
	"termination_requested_at" timestamp with time zone,
	"offered_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_contract_payments" ADD CONSTRAINT "agent_contract_payments_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_downline_id_members_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_payments_period_key" ON "agent_contract_payments" USING btree ("contract_id","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_payments_upline_idx" ON "agent_contract_payments" USING btree ("upline_id","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_payments_downline_idx" ON "agent_contract_payments" USING btree ("downline_id","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_payments_unpaid_idx" ON "agent_contract_payments" USING btree ("last_attempt_at") WHERE "agent_contract_payments"."status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_pending_key" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "agent_contracts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_active_key" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "agent_contracts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_downline_idx" ON "agent_contracts" USING btree ("downline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_settle_idx" ON "agent_contracts" USING btree ("kind","settled_through") WHERE "agent_contracts"."settled_through" is not null;