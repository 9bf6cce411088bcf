import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';

/** A tier as stored: `minFigure` in minor units as a decimal string (jsonb has no int8). */
export type StoredTier = { minFigure: string; minActiveMembers: number; rateBasisPoints: number };

/**
 * A contract between an agent (upline) and one of its direct downline agents. Status moves only by conditional
 * updates (`where status = <expected>`), so two racing actions end in exactly one. At most one pending offer and
 * one active contract per downline and kind (partial unique indexes). `settled_through` is the end of the last
 * settled period; settlement advances it in the same transaction as the pay record and the ledger posting.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    /** dividend, daily_salary, hourly_salary, realtime_salary */
    kind: text('kind').notNull(),
    /** hourly, daily, weekly, semimonthly, monthly, realtime */
    period: text('period').notNull(),
    uplineId: bigint('upline_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    downlineId: bigint('downline_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** upline (its main wallet) or platform (the brand's agent_commission account) */
    payer: text('payer').notNull().default('upline'),
    currency: text('currency').notNull(),
    tiers: jsonb('tiers').$type<StoredTier[]>().notNull(),
    /** The highest tier's rate, for the auto-termination rule and its index. */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    /** pending, active, rejected, cancelled, terminated */
    status: text('status').notNull().default('pending'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }),
    settledThrough: timestamp('settled_through', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    /** by_agreement, replaced, higher_rate, by_operator */
    terminationReason: text('termination_reason'),
    /** upline or downline: an open termination request on an active contract. */
    terminationRequestedBy: text('termination_requested_by'),
    terminationRequestedAt: timestamp('termination_requested_at', { withTimezone: true }),
    /** Who offered: 'member:<id>' or 'staff:<id>'. */
    offeredBy: text('offered_by').notNull(),
  },
  (table) => [
    uniqueIndex('agent_contracts_one_pending_key')
      .on(table.downlineId, table.kind)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('agent_contracts_one_active_key')
      .on(table.downlineId, table.kind)
      .where(sql`${table.status} = 'active'`),
    index('agent_contracts_upline_idx').on(table.uplineId, table.kind, table.status),
    index('agent_contracts_downline_idx').on(table.downlineId, table.kind, table.status),
    /** Settlement reads the contracts that may have a period to settle. */
    index('agent_contracts_settle_idx')
      .on(table.kind, table.settledThrough)
      .where(sql`${table.settledThrough} is not null`),
  ],
);

/**
 * A run of settlement over every brand: each one a staff member starts, and each scheduled one that settled or
 * paid something (a scheduled run that found nothing to do is not kept). Written when it starts, finished with
 * its status; the pay records name it (`settlement_run_id`, `paid_run_id`), so its figures per brand are theirs.
 */
export const agentSettlementRuns = pgTable('agent_settlement_runs', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** staff or schedule */
  trigger: text('trigger').notNull(),
  /** The staff member's username (as it was), or the job's name. */
  startedBy: text('started_by').notNull(),
  staffId: text('staff_id'),
  /** The instant it settled up to. */
  asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  /** running, finished, failed */
  status: text('status').notNull().default('running'),
});

/**
 * One row per contract and period: what was due and whether it was paid. Both sides read it. The unique key
 * (contract, period start) makes a period settle once whatever runs it; the ledger posting carries the key
 * `agent-contract:<contract>:<period start>` too.
 */
export const agentContractPayments = pgTable(
  'agent_contract_payments',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => agentContracts.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    uplineId: bigint('upline_id', { mode: 'bigint' }).notNull(),
    downlineId: bigint('downline_id', { mode: 'bigint' }).notNull(),
    payer: text('payer').notNull(),
    currency: text('currency').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    profitLoss: bigint('profit_loss', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    activeMembers: integer('active_members').notNull().default(0),
    rateBasisPoints: integer('rate_basis_points').notNull().default(0),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** paid, unpaid (payer short of money: retried every run), zero */
    status: text('status').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The settlement run that recorded it, and the one that paid it (itself, or a later run's retry). */
    settlementRunId: bigint('settlement_run_id', { mode: 'bigint' }).references(
      () => agentSettlementRuns.id,
      {
        onDelete: 'set null',
      },
    ),
    paidRunId: bigint('paid_run_id', { mode: 'bigint' }).references(() => agentSettlementRuns.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('agent_contract_payments_period_key').on(table.contractId, table.periodStart),
    index('agent_contract_payments_settlement_run_idx')
      .on(table.settlementRunId)
      .where(sql`${table.settlementRunId} is not null`),
    index('agent_contract_payments_paid_run_idx')
      .on(table.paidRunId)
      .where(sql`${table.paidRunId} is not null`),
    index('agent_contract_payments_upline_idx').on(table.uplineId, table.periodStart),
    index('agent_contract_payments_downline_idx').on(table.downlineId, table.periodStart),
    index('agent_contract_payments_unpaid_idx')
      .on(table.lastAttemptAt)
      .where(sql`${table.status} = 'unpaid'`),
  ],
);
