-- The console's Agents section (issue 25 item 6). Settlement runs are kept: each run a staff member starts, and
-- each scheduled run that settled or paid something, with when, who or which job, the instant it settled up to
-- and how it ended. Pay records name the run that recorded them and the run that paid them, so a run's figures
-- per brand (paid, left unpaid, amounts) are read from them.
CREATE TABLE "agent_settlement_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_settlement_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"trigger" text NOT NULL,
	"started_by" text NOT NULL,
	"staff_id" text,
	"as_of" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_contract_payments" ADD COLUMN "settlement_run_id" bigint;--> statement-breakpoint
ALTER TABLE "agent_contract_payments" ADD COLUMN "paid_run_id" bigint;--> statement-breakpoint
ALTER TABLE "agent_contract_payments" ADD CONSTRAINT "agent_contract_payments_settlement_run_id_agent_settlement_runs_id_fk" FOREIGN KEY ("settlement_run_id") REFERENCES "public"."agent_settlement_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_payments" ADD CONSTRAINT "agent_contract_payments_paid_run_id_agent_settlement_runs_id_fk" FOREIGN KEY ("paid_run_id") REFERENCES "public"."agent_settlement_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_contract_payments_settlement_run_idx" ON "agent_contract_payments" USING btree ("settlement_run_id") WHERE "agent_contract_payments"."settlement_run_id" is not null;--> statement-breakpoint
CREATE INDEX "agent_contract_payments_paid_run_idx" ON "agent_contract_payments" USING btree ("paid_run_id") WHERE "agent_contract_payments"."paid_run_id" is not null;--> statement-breakpoint
-- Seeing the agent tree, contracts, pay records and runs (agents.view) joins the admin, finance and support presets
-- as the contracts define them, in the catalogue's order; a preset an operator already gave it keeps its own.
UPDATE "staff_roles" SET "permissions" = ARRAY(
  SELECT "held" FROM unnest(array_append("permissions", 'agents.view')) AS "held"
  ORDER BY array_position(ARRAY['members.view', 'members.view_balances', 'members.edit', 'members.manage', 'feedback.view', 'uploads.view', 'deposits.view', 'deposits.approve', 'withdrawals.view', 'withdrawals.approve', 'money.adjust', 'money.approve', 'payments.channels', 'payments.settings', 'promotions.view', 'promotions.manage', 'promotions.review_claims', 'bonuses.manage', 'loyalty.view', 'loyalty.manage', 'loyalty.fulfil', 'loyalty.adjust_points', 'content.view', 'content.edit', 'games.view', 'games.manage', 'house_games.manage', 'site.view', 'site.manage', 'notifications.outbox', 'agents.view', 'agents.move_member', 'agents.settle', 'reports.view', 'audit.view', 'staff.manage', 'brands.create']::text[], "held")
)
WHERE "preset_key" IN ('admin', 'finance', 'support') AND NOT ('agents.view' = ANY("permissions"));
