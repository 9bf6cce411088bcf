import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The operator's roll-ups, kept by the reports fold (`reports.repository.ts`) from the ledger's published views.
 * Days are the brand's (its time zone) and amounts minor units of the brand's currency: postings in any other
 * currency (loyalty points) are not money the operator reports.
 */

/**
 * How far the fold has read: every ledger transaction whose `xact_id` is below `horizon` has been folded, and the
 * members up to `member_horizon` (by id, read again a window back) counted as new players. One row, moved in the
 * same transaction as the roll-ups it accounts for. It starts at 0: the first folds take the ledger's history.
 */
export const reportFold = pgTable('report_fold', {
  id: smallint('id').primaryKey(),
  horizon: bigint('horizon', { mode: 'bigint' }).notNull(),
  memberHorizon: bigint('member_horizon', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

/**
 * Game figures per brand, day, product line, vendor and game (vendor and game 0: a game movement whose round the
 * games module did not record). `stake` is bets less refunds, `payout` wins less win rollbacks; GGR = stake −
 * payout. `betCount` counts bets less refunded ones.
 */
export const reportGamesDaily = pgTable(
  'report_games_daily',
  {
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productLine: text('product_line').notNull(),
    vendorId: bigint('vendor_id', { mode: 'bigint' }).notNull(),
    gameId: bigint('game_id', { mode: 'bigint' }).notNull(),
    betCount: bigint('bet_count', { mode: 'bigint' }).notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.brandId, table.day, table.productLine, table.vendorId, table.gameId],
    }),
  ],
);

export const moneyFlows = ['deposit', 'withdrawal', 'bonus'] as const;
export type MoneyFlow = (typeof moneyFlows)[number];

/**
 * Money in and out per brand, day, flow and channel: deposits by the payment channel's code, withdrawals by the
 * payout method (bank, ewallet), bonus cost by the ledger kind that paid it (bonus.grant, rebate.daily …; a
 * forfeit counts negative). Channel '' when the payments module recorded none (a deposit posted by hand).
 */
export const reportMoneyDaily = pgTable(
  'report_money_daily',
  {
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    flow: text('flow', { enum: moneyFlows }).notNull(),
    channel: text('channel').notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.day, table.flow, table.channel] }),
    check('report_money_daily_flow_check', sql`${table.flow} in ('deposit', 'withdrawal', 'bonus')`),
  ],
);

/**
 * A brand's day in one row, so the dashboard reads a row per day: the games' and the money's totals, players who
 * bet that day (`activePlayers`), registered (`newPlayers`) and deposited for the first time (`firstDepositors`).
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    betCount: bigint('bet_count', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stake: bigint('stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositCount: bigint('deposit_count', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositAmount: bigint('deposit_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawalCount: bigint('withdrawal_count', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawalAmount: bigint('withdrawal_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    activePlayers: integer('active_players').notNull().default(0),
    newPlayers: integer('new_players').notNull().default(0),
    firstDepositors: integer('first_depositors').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.day] })],
);

/**
 * The days of a month a member bet on, as bits (bit 0: the 1st): players active in any period are the rows of its
 * months with a bit in it, each member once per month, so a month's distinct players cost a row per player
 * whatever their number of bets.
 */
export const reportPlayerMonths = pgTable(
  'report_player_months',
  {
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.month, table.memberId] })],
);

/**
 * A member's firsts, each set once: the day they registered (a new player) and the day of their first deposit (a
 * first-time depositor), so re-reading a member or a deposit never counts it twice.
 */
export const reportMembers = pgTable('report_members', {
  memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
  brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
  registeredOn: date('registered_on', { mode: 'string' }),
  firstDepositOn: date('first_deposit_on', { mode: 'string' }),
});
