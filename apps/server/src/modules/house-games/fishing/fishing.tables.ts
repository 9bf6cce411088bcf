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
import { houseSeedPairs } from '../slot.tables';

export const fishingSessionStatuses = ['open', 'closed'] as const;

/**
 * One fishing session of a member in one room: one round of the betting record. Its batches move the money as
 * they come (the totals here add them up); closing it (the member, or the idle job) writes the round with its
 * calls and counts its stakes on turnover, once (`game_round_id` is set in that transaction). At most one open
 * session per member and room.
 */
export const fishingSessions = pgTable(
  'fishing_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    room: text('room').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    status: text('status', { enum: fishingSessionStatuses }).notNull().default('open'),
    shots: integer('shots').notNull().default(0),
    batches: integer('batches').notNull().default(0),
    staked: bigint('staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    won: bigint('won', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    gameRoundId: bigint('game_round_id', { mode: 'bigint' }).references(() => gameRounds.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The last batch (or the opening): the idle job closes sessions left quiet longer than its limit. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('fishing_sessions_open_key')
      .on(table.memberId, table.room)
      .where(sql`${table.status} = 'open'`),
    index('fishing_sessions_idle_idx')
      .on(table.lastActivityAt)
      .where(sql`${table.status} = 'open'`),
    check('fishing_sessions_status_check', sql`${table.status} in ('open', 'closed')`),
    check(
      'fishing_sessions_totals_check',
      sql`${table.shots} >= 0 and ${table.staked} >= 0 and ${table.won} >= 0`,
    ),
  ],
);

/**
 * One batch of shots as the member's client sent it (`batch_id`, its own id; a retry answers `result` again),
 * the seed pair and first nonce its shots used (shot i took nonce first_nonce + i), its money and its postings.
 */
export const fishingBatches = pgTable(
  'fishing_batches',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: bigint('session_id', { mode: 'bigint' })
      .notNull()
      .references(() => fishingSessions.id),
    batchId: text('batch_id').notNull(),
    /** SHA-256 of the request as sent: the same batch id with other shots is a conflict. */
    requestHash: text('request_hash').notNull(),
    seedPairId: bigint('seed_pair_id', { mode: 'bigint' })
      .notNull()
      .references(() => houseSeedPairs.id),
    firstNonce: integer('first_nonce').notNull(),
    shotCount: integer('shot_count').notNull(),
    staked: bigint('staked', { mode: 'bigint' }).notNull(),
    won: bigint('won', { mode: 'bigint' }).notNull(),
    betTransactionId: bigint('bet_transaction_id', { mode: 'bigint' }).notNull(),
    winTransactionId: bigint('win_transaction_id', { mode: 'bigint' }),
    /** The shots fired and refused, as answered (amounts in minor units). */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fishing_batches_session_batch_key').on(table.sessionId, table.batchId),
    check('fishing_batches_shots_check', sql`${table.shotCount} > 0 and ${table.staked} > 0`),
  ],
);

/**
 * Each member's shot allowance, a token bucket in thousandths of a shot: it refills at the shot rate up to the
 * burst, and a batch takes its shots from it in one conditional upsert (the row lock orders concurrent batches).
 */
export const fishingShotAllowances = pgTable('fishing_shot_allowances', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  tokens: bigint('tokens', { mode: 'bigint' }).notNull(),
  /** How many shots the last batch took (answered by the same statement). */
  lastTaken: integer('last_taken').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});
