import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/**
 * Anti-money-laundering monitoring (migration 0065). The fold (`aml-fold.repository.ts`) follows the ledger, new
 * members and sign-ins through other modules' published views and writes flags here; staff decide them in the
 * console.
 */

/** A brand's thresholds; without a row the brand uses the defaults (`aml-rules.ts`). Minor units of its currency. */
export const amlSettings = pgTable(
  'aml_settings',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => brands.id),
    largeDeposit: bigint('large_deposit', { mode: 'bigint' }).notNull(),
    largeWithdrawal: bigint('large_withdrawal', { mode: 'bigint' }).notNull(),
    littlePlayPercent: integer('little_play_percent').notNull(),
    sharedAccountsMin: integer('shared_accounts_min').notNull(),
    transferWindowMinutes: integer('transfer_window_minutes').notNull(),
    transferCountMin: integer('transfer_count_min').notNull(),
    transferAmountMin: bigint('transfer_amount_min', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('aml_settings_large_deposit_check', sql`${table.largeDeposit} > 0`),
    check('aml_settings_large_withdrawal_check', sql`${table.largeWithdrawal} > 0`),
    check('aml_settings_little_play_percent_check', sql`${table.littlePlayPercent} between 1 and 1000`),
    check('aml_settings_shared_accounts_min_check', sql`${table.sharedAccountsMin} between 2 and 1000`),
    check(
      'aml_settings_transfer_window_minutes_check',
      sql`${table.transferWindowMinutes} between 1 and 1440`,
    ),
    check('aml_settings_transfer_count_min_check', sql`${table.transferCountMin} between 2 and 10000`),
    check('aml_settings_transfer_amount_min_check', sql`${table.transferAmountMin} > 0`),
  ],
);

/**
 * A flag: a rule's finding about a member, with what it saw (`evidence`), and staff's decision once made. Unique per
 * rule, member and evidence key, so a fold run again writes nothing twice.
 */
export const amlFlags = pgTable(
  'aml_flags',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    rule: text('rule').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    evidenceKey: text('evidence_key').notNull(),
    evidence: jsonb('evidence').notNull(),
    status: text('status').notNull().default('open'),
    reason: text('reason'),
    reportReference: text('report_reference'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'bigint' }),
    decidedByUsername: text('decided_by_username'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'aml_flags_rule_check',
      sql`${table.rule} in ('large_deposit', 'large_withdrawal', 'little_play', 'shared_device', 'shared_ip', 'shared_payout_account', 'rapid_agent_transfers')`,
    ),
    check(
      'aml_flags_status_check',
      sql`${table.status} in ('open', 'cleared', 'restricted', 'closed', 'reported')`,
    ),
    uniqueIndex('aml_flags_key').on(table.rule, table.memberId, table.evidenceKey),
    index('aml_flags_brand_idx').on(table.brandId, table.id),
    index('aml_flags_brand_open_idx')
      .on(table.brandId, table.id)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** How far the fold has read (one row): the ledger by writing transaction, members and sign-ins by id. */
export const amlFold = pgTable('aml_fold', {
  id: smallint('id').primaryKey(),
  horizon: bigint('horizon', { mode: 'bigint' }).notNull(),
  memberHorizon: bigint('member_horizon', { mode: 'bigint' }).notNull(),
  loginHorizon: bigint('login_horizon', { mode: 'bigint' }).notNull(),
});

/** Per member: deposits since the last withdrawal request, and when that request was (the little-play rule). */
export const amlMemberActivity = pgTable('aml_member_activity', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  brandId: bigint('brand_id', { mode: 'bigint' })
    .notNull()
    .references(() => brands.id),
  depositsSince: bigint('deposits_since', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  depositTransactionIds: bigint('deposit_transaction_ids', { mode: 'bigint' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  lastWithdrawalAt: timestamp('last_withdrawal_at', { withTimezone: true }),
});

/** Agents' transfers to their line of the last two days, for the rapid-transfer window. */
export const amlRecentTransfers = pgTable(
  'aml_recent_transfers',
  {
    transactionId: bigint('transaction_id', { mode: 'bigint' }).primaryKey(),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    senderId: bigint('sender_id', { mode: 'bigint' }).notNull(),
    recipientId: bigint('recipient_id', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('aml_recent_transfers_sender_idx').on(table.senderId, table.createdAt),
    index('aml_recent_transfers_created_idx').on(table.createdAt),
  ],
);

/** Members whose sharing is due to be checked: due while `touches` is ahead of `checkedTouches`. */
export const amlMemberChecks = pgTable(
  'aml_member_checks',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => members.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    loginEventId: bigint('login_event_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    touches: integer('touches').notNull().default(1),
    checkedTouches: integer('checked_touches').notNull().default(0),
  },
  (table) => [
    index('aml_member_checks_due_idx')
      .on(table.memberId)
      .where(sql`${table.touches} > ${table.checkedTouches}`),
  ],
);
