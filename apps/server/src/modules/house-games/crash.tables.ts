import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gameRounds } from '../games/games.tables';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { currencies } from '../wallet/wallet.tables';

/**
 * A hash chain of the crash game: hash 0 is a secret random seed, hash j = SHA-256(hash j−1) over the 32
 * bytes, and hash `length` (the commitment) is published before the chain's first round. Round k of the
 * chain uses hash length − k, so each revealed round hash hashes to the one before it. The seed stays here,
 * server-side, until the chain's last round reveals it.
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    seed: text('seed').notNull(),
    length: integer('length').notNull(),
    commitment: text('commitment').notNull().unique(),
    /** Public, fixed with the commitment: the HMAC key that turns a round hash into its crash point. */
    salt: text('salt').notNull(),
    houseEdgeBasisPoints: integer('house_edge_basis_points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('crash_chains_length_check', sql`${table.length} > 0`),
    check(
      'crash_chains_edge_check',
      sql`${table.houseEdgeBasisPoints} >= 0 and ${table.houseEdgeBasisPoints} < 10000`,
    ),
  ],
);

export const crashRoundStatuses = ['betting', 'running', 'crashed', 'cancelled'] as const;
export type CrashRoundStatus = (typeof crashRoundStatuses)[number];

/**
 * One round, shared by every player. Written (with its hash and crash point, kept secret until it ends)
 * before any bet on it; `starts_at` and `crash_at` are fixed when it is created, so every instance agrees on
 * the schedule. At most one round is unfinished at a time, and a chain position is used once.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: bigint('chain_id', { mode: 'bigint' })
      .notNull()
      .references(() => crashChains.id),
    chainIndex: integer('chain_index').notNull(),
    hash: text('hash').notNull(),
    /** Hundredths (2.35× is 235). */
    crashPoint: bigint('crash_point', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: crashRoundStatuses }).notNull().default('betting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    crashAt: timestamp('crash_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('crash_rounds_chain_index_key').on(table.chainId, table.chainIndex),
    uniqueIndex('crash_rounds_one_unfinished_key')
      .on(sql`(true)`)
      .where(sql`${table.status} in ('betting', 'running')`),
    check(
      'crash_rounds_status_check',
      sql`${table.status} in ('betting', 'running', 'crashed', 'cancelled')`,
    ),
    check('crash_rounds_crash_point_check', sql`${table.crashPoint} >= 100`),
  ],
);

export const crashBetStatuses = ['placed', 'cashed', 'lost', 'refunded'] as const;
export type CrashBetStatus = (typeof crashBetStatuses)[number];

/**
 * A member's bet on a round, written in the same transaction as its ledger debit. Placed → cashed (once, by
 * a conditional update), lost or refunded when the round ends. One bet per member and round.
 */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => crashRounds.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** The member's entry in the betting record, written when the round ends. */
    gameRoundId: bigint('game_round_id', { mode: 'bigint' }).references(() => gameRounds.id),
    /** The ledger transactions of the stake and of the payout, for the betting record's detail. */
    betTransactionId: bigint('bet_transaction_id', { mode: 'bigint' }),
    payoutTransactionId: bigint('payout_transaction_id', { mode: 'bigint' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /**
     * The part of the stake taken from the member's bonus balance (cash goes first): a cash-out or a refund
     * returns its share to the bonus balance (promotions' `splitWin`).
     */
    bonusStaked: bigint('bonus_staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Hundredths; null: cashed out by hand only. */
    autoCashOut: bigint('auto_cash_out', { mode: 'bigint' }),
    status: text('status', { enum: crashBetStatuses }).notNull().default('placed'),
    cashedOutAt: bigint('cashed_out_at', { mode: 'bigint' }),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('crash_bets_round_member_key').on(table.roundId, table.memberId),
    index('crash_bets_round_status_idx').on(table.roundId, table.status),
    check('crash_bets_status_check', sql`${table.status} in ('placed', 'cashed', 'lost', 'refunded')`),
    check('crash_bets_amount_check', sql`${table.amount} > 0 and ${table.payout} >= 0`),
    check(
      'crash_bets_bonus_staked_check',
      sql`${table.bonusStaked} >= 0 and ${table.bonusStaked} <= ${table.amount}`,
    ),
    check('crash_bets_auto_check', sql`${table.autoCashOut} is null or ${table.autoCashOut} >= 101`),
  ],
);

/**
 * Which instance drives the rounds: the one holding an unexpired lease; it renews it on every tick, and
 * another takes over once it lapses. Every transition is also a conditional update, so a stale driver can
 * never repeat one.
 */
export const crashDriverLeases = pgTable('crash_driver_leases', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});
