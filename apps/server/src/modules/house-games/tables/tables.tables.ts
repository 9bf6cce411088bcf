import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { gameRounds } from '../../games/games.tables';
import { members } from '../../members/members.tables';
import { brands } from '../../site/site.tables';
import { currencies } from '../../wallet/wallet.tables';

/**
 * A baccarat table's committed 8-deck shoe: sha256 of its seed is published when the shoe starts (with the
 * cut card's position), rounds deal from `next_position` on, and once a round would start at or past the cut
 * card the shoe ends: `ended_at` is set and its seed is revealed. The shoe is
 * `shuffleShoe(createFairIntegerStream({ serverSeed: seed, clientSeed, nonce: 0 }))`.
 */
export const houseTableShoes = pgTable(
  'house_table_shoes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    tableCode: text('table_code').notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    cutPosition: integer('cut_position').notNull(),
    /** The first card the next round deals. */
    nextPosition: integer('next_position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('house_table_shoes_one_open_key')
      .on(table.tableCode)
      .where(sql`${table.endedAt} is null`),
  ],
);

export const houseTableRoundStatuses = ['betting', 'dealing', 'settled'] as const;
export type HouseTableRoundStatus = (typeof houseTableRoundStatuses)[number];

/**
 * One round of a table, shared by every player. Written with its commitment before any bet: its own server
 * seed (roulette, dragon tiger; secret until the round is dealt) or its shoe and start position (baccarat).
 * The close (`closes_at`) is fixed at creation, so every instance's server clock agrees on it. The result
 * and its dealt steps are written in the same update that closes betting; `dealing_ends_at` says when the
 * last step has been shown, and the round settles after it. One unfinished round per table.
 */
export const houseTableRounds = pgTable(
  'house_table_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    tableCode: text('table_code').notNull(),
    game: text('game').notNull(),
    /** 1, 2, … per table. */
    number: integer('number').notNull(),
    status: text('status', { enum: houseTableRoundStatuses }).notNull().default('betting'),
    /** Null for a baccarat round: the shoe holds the seed. */
    serverSeed: text('server_seed'),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    shoeId: bigint('shoe_id', { mode: 'bigint' }).references(() => houseTableShoes.id),
    shoePosition: integer('shoe_position'),
    cardsUsed: integer('cards_used'),
    /** The game's result (the hand or the pocket), written when betting closes. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The steps the page reveals one by one, each with its offset (ms) from the close. */
    steps: jsonb('steps').$type<Array<{ atMs: number; value: string; side?: string }>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    dealingEndsAt: timestamp('dealing_ends_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('house_table_rounds_number_key').on(table.tableCode, table.number),
    uniqueIndex('house_table_rounds_one_unfinished_key')
      .on(table.tableCode)
      .where(sql`${table.status} in ('betting', 'dealing')`),
    check('house_table_rounds_status_check', sql`${table.status} in ('betting', 'dealing', 'settled')`),
  ],
);

export const houseTableBetStatuses = ['placed', 'settled', 'refunded'] as const;
export type HouseTableBetStatus = (typeof houseTableBetStatuses)[number];

/**
 * One spot of a member's bet request on a round, written in the same transaction as the request's single
 * ledger debit (`tables:bet:<member>:<requestId>`), under a share lock on a round still betting before its
 * close. Settled once (`tables:win:<bet>` for a return above 0).
 */
export const houseTableBets = pgTable(
  'house_table_bets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => houseTableRounds.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    requestId: text('request_id').notNull(),
    spot: text('spot').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    bonusStaked: bigint('bonus_staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: houseTableBetStatuses }).notNull().default('placed'),
    returned: bigint('returned', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    gameRoundId: bigint('game_round_id', { mode: 'bigint' }).references(() => gameRounds.id),
    betTransactionId: bigint('bet_transaction_id', { mode: 'bigint' }),
    payoutTransactionId: bigint('payout_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('house_table_bets_request_spot_key').on(table.memberId, table.requestId, table.spot),
    index('house_table_bets_round_status_idx').on(table.roundId, table.status),
    index('house_table_bets_round_member_idx').on(table.roundId, table.memberId),
    check('house_table_bets_status_check', sql`${table.status} in ('placed', 'settled', 'refunded')`),
    check('house_table_bets_amount_check', sql`${table.amount} > 0 and ${table.returned} >= 0`),
    check(
      'house_table_bets_bonus_check',
      sql`${table.bonusStaked} >= 0 and ${table.bonusStaked} <= ${table.amount}`,
    ),
  ],
);
