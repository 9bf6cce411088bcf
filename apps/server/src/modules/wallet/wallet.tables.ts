import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/** ISO 4217 currencies with their exponent: USD 2 means amounts are counted in cents. */
export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    exponent: smallint('exponent').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    check('currencies_code_check', sql`${table.code} ~ '^[A-Z]{3}$'`),
    check('currencies_exponent_check', sql`${table.exponent} between 0 and 8`),
  ],
);

/**
 * A ledger account: one owner, one currency. Member-owned kinds carry the member; system kinds (house,
 * clearing, promotion) belong to the brand, optionally narrowed by a scope such as a provider code. Accounts
 * are immutable (a trigger refuses changes), which is what lets the service cache them.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    kind: text('kind').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    scope: text('scope').notNull().default(''),
    /** House and clearing accounts may go below zero (they owe or are owed); a member's never do. */
    mayGoNegative: boolean('may_go_negative').notNull(),
    /** How many balance rows share the account's balance, so that concurrent postings lock different rows. */
    shardCount: smallint('shard_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_accounts_owner_key')
      .on(table.brandId, table.kind, table.currency, table.memberId, table.scope)
      .nullsNotDistinct(),
    index('ledger_accounts_member_idx').on(table.memberId),
    check('ledger_accounts_shard_count_check', sql`${table.shardCount} between 1 and 256`),
    // A shard cannot see its siblings' balances, so only an account that may go negative can be sharded.
    check('ledger_accounts_sharded_may_go_negative', sql`${table.shardCount} = 1 or ${table.mayGoNegative}`),
  ],
);

/**
 * The balance of an account, split over `shard_count` rows (one for every account that is not sharded).
 * Changed only by a posting, in the same statement that writes its entries. The currency and the negative
 * flag are copies of the account's, so the no-overdraft rule is a CHECK on the row being updated.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    shard: smallint('shard').notNull(),
    currency: text('currency').notNull(),
    mayGoNegative: boolean('may_go_negative').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.shard] }),
    check('ledger_balances_no_overdraft', sql`${table.mayGoNegative} or ${table.balance} >= 0`),
  ],
);

/**
 * One movement of money. The idempotency key is unique per brand; the request hash (SHA-256 of the canonical
 * request) tells a replay (same request: answer the original) from a conflict (same key, other request).
 * No foreign key to brands: every posting would otherwise share-lock the brand's one row.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    memo: text('memo'),
    /** The game product line (RNG, LIVE, SPORTS, …) of a bet, a win or a rebate; null for other movements. */
    productLine: text('product_line'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The database transaction that wrote it (`pg_current_xact_id()`): readers that follow the ledger (the agents'
     * roll-up fold) take every posting below a snapshot's xmin exactly once, without a queue on the money's path.
     */
    xactId: bigint('xact_id', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (table) => [
    unique('ledger_transactions_idempotency_key').on(table.brandId, table.idempotencyKey),
    // BRIN: next to nothing per insert; the fold reads the newest pages, which BRIN leaves unsummarised.
    index('ledger_transactions_xact_idx').using('brin', table.xactId),
  ],
);

/**
 * The entries of a transaction: positive credits, negative debits, summing to zero per currency (checked at
 * commit by a deferred trigger). Insert-only (a trigger refuses changes). `balance_after` is the balance of
 * the entry's shard after it, so the running balance of an account can be shown and checked.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    shard: smallint('shard').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // To the balance row rather than the account: the posting already holds that row's lock.
    foreignKey({
      name: 'ledger_entries_balance_fk',
      columns: [table.accountId, table.shard],
      foreignColumns: [ledgerBalances.accountId, ledgerBalances.shard],
    }),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    check('ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);

export const holdStatuses = ['pending', 'posted', 'voided'] as const;
export type HoldStatus = (typeof holdStatuses)[number];

/**
 * Money reserved from a member's cash into their hold account (a withdrawal waiting for approval, a bet
 * waiting for its round), then posted to its destination or voided back, exactly once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    sourceAccountId: bigint('source_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    holdAccountId: bigint('hold_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: holdStatuses }).notNull().default('pending'),
    reserveTransactionId: bigint('reserve_transaction_id', { mode: 'bigint' })
      .notNull()
      .unique('ledger_holds_reserve_transaction_key')
      .references(() => ledgerTransactions.id),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('ledger_holds_hold_account_idx').on(table.holdAccountId, table.status),
    check('ledger_holds_amount_positive', sql`${table.amount} > 0`),
    check('ledger_holds_status_check', sql`${table.status} in ('pending', 'posted', 'voided')`),
    check(
      'ledger_holds_settled_check',
      sql`(${table.status} = 'pending') = (${table.settleTransactionId} is null)`,
    ),
  ],
);

export const walletModes = ['single', 'transfer'] as const;
export type WalletMode = (typeof walletModes)[number];

/**
 * How a brand keeps its players' money: one wallet for every game (single, the default), or a main wallet
 * plus a wallet per game vendor that players move money into and out of (transfer).
 */
export const brandWalletSettings = pgTable(
  'brand_wallet_settings',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => brands.id),
    mode: text('mode', { enum: walletModes }).notNull().default('single'),
    /** Vendor codes that have a game wallet in transfer mode. */
    transferVendors: text('transfer_vendors').array().notNull().default([]),
    /**
     * Four eyes on money: a manual adjustment or a withdrawal above this amount (minor units of the brand's
     * currency) needs a second staff member's approval; null means the default (wallet-settings.ts).
     */
    secondApprovalAbove: bigint('second_approval_above', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('brand_wallet_settings_mode_check', sql`${table.mode} in ('single', 'transfer')`),
    check(
      'brand_wallet_settings_second_approval_check',
      sql`${table.secondApprovalAbove} is null or ${table.secondApprovalAbove} > 0`,
    ),
  ],
);

export const adjustmentProposalStatuses = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentProposalStatus = (typeof adjustmentProposalStatuses)[number];

/**
 * A manual adjustment above the brand's second-approval amount, proposed by one staff member and posted only
 * when another approves it (maker and checker differ: the database refuses an approval by the proposer). The
 * posting keeps the proposer's idempotency key (`adjustment:<staff>:<request id>`), so it happens once.
 */
export const adjustmentProposals = pgTable(
  'adjustment_proposals',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** Signed: a credit is positive, a debit negative. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** The proposer's request id: a retried proposal answers the first one. */
    requestId: text('request_id').notNull(),
    proposedByStaffId: bigint('proposed_by_staff_id', { mode: 'bigint' }).notNull(),
    /** The proposer's username, as the approvals list shows it. */
    proposedBy: text('proposed_by').notNull(),
    status: text('status', { enum: adjustmentProposalStatuses }).notNull().default('pending'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'bigint' }),
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    unique('adjustment_proposals_request_key').on(table.brandId, table.proposedByStaffId, table.requestId),
    index('adjustment_proposals_brand_status_idx').on(table.brandId, table.status, table.id),
    check('adjustment_proposals_amount_check', sql`${table.amount} <> 0`),
    check('adjustment_proposals_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'adjustment_proposals_posted_check',
      sql`(${table.status} = 'approved') = (${table.transactionId} is not null)`,
    ),
    check(
      'adjustment_proposals_decided_check',
      sql`(${table.status} = 'pending') = (${table.decidedByStaffId} is null)`,
    ),
    check(
      'adjustment_proposals_four_eyes_check',
      sql`${table.status} <> 'approved' or ${table.decidedByStaffId} <> ${table.proposedByStaffId}`,
    ),
  ],
);
