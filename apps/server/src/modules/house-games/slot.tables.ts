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
import { gameRounds } from '../games/games.tables';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { currencies } from '../wallet/wallet.tables';

export const seedPairStatuses = ['active', 'revealed'] as const;

/**
 * A member's provably fair seed pair for one house game. While active only the hash of the server seed is
 * shown; results use HMAC(serverSeed, `clientSeed:nonce:block`) with `nextNonce` taken and raised under the
 * row's lock. Rotating reveals the server seed (the row becomes `revealed`) and commits to a new one; at most
 * one active pair per member and game.
 */
export const houseSeedPairs = pgTable(
  'house_seed_pairs',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    game: text('game').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    status: text('status', { enum: seedPairStatuses }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('house_seed_pairs_active_key')
      .on(table.memberId, table.game)
      .where(sql`${table.status} = 'active'`),
    uniqueIndex('house_seed_pairs_hash_key').on(table.serverSeedHash),
    index('house_seed_pairs_member_idx').on(table.memberId, table.game, table.id),
    check('house_seed_pairs_status_check', sql`${table.status} in ('active', 'revealed')`),
  ],
);

/**
 * One paid slot spin (with the free spins it set off): the member's request id (a retry answers this row),
 * the seeds and nonce it was drawn from, the money, and the whole outcome. Written in the transaction that
 * moves the money and writes the round.
 */
export const houseSlotSpins = pgTable(
  'house_slot_spins',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    requestId: text('request_id').notNull(),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameRounds.id),
    seedPairId: bigint('seed_pair_id', { mode: 'bigint' })
      .notNull()
      .references(() => houseSeedPairs.id),
    nonce: integer('nonce').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** Lines, scatters and free spins; the jackpot apart. */
    win: bigint('win', { mode: 'bigint' }).notNull(),
    jackpotWin: bigint('jackpot_win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    jackpotContribution: bigint('jackpot_contribution', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('house_slot_spins_request_key').on(table.memberId, table.requestId),
    uniqueIndex('house_slot_spins_nonce_key').on(table.seedPairId, table.nonce),
    index('house_slot_spins_round_idx').on(table.roundId),
  ],
);

/**
 * A progressive jackpot per brand, currency and game. Its money is the `jackpot_pool` ledger account (scope
 * = game code); this row is what a win locks, so that two winners never pay the same pool.
 */
export const houseJackpots = pgTable(
  'house_jackpots',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    gameCode: text('game_code').notNull(),
    hits: integer('hits').notNull().default(0),
    lastWonAmount: bigint('last_won_amount', { mode: 'bigint' }),
    lastWonAt: timestamp('last_won_at', { withTimezone: true }),
    lastRoundId: bigint('last_round_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('house_jackpots_key').on(table.brandId, table.currency, table.gameCode)],
);
