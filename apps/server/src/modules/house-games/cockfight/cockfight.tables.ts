import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gameRounds } from '../../games/games.tables';
import { members } from '../../members/members.tables';
import { brands } from '../../site/site.tables';
import { currencies } from '../../wallet/wallet.tables';

export const cockfightFightStatuses = [
  'scheduled',
  'open',
  'last_call',
  'closed',
  'settled',
  'cancelled',
] as const;
export type CockfightFightStatus = (typeof cockfightFightStatuses)[number];
export const cockfightResults = ['meron', 'wala', 'draw', 'cancelled'] as const;
export type CockfightResult = (typeof cockfightResults)[number];
export const cockfightSources = ['operator', 'simulated'] as const;
export type CockfightSource = (typeof cockfightSources)[number];

/**
 * One fight of a brand's arena: scheduled → open → last_call → closed, then its result (meron, wala, draw,
 * or cancelled at any point before one) is written on the closed fight and the fight moves to `settled` (or
 * `cancelled`) in the transaction that writes its betting records, after every bet was paid once. Every move
 * is a conditional update, so two operators pressing at once change it once. At most one fight of a brand
 * takes bets at a time. The pools are added to by each bet in its own transaction, only while the fight takes
 * bets and within `max_per_fight`, so they always equal the sums of its bets. Its limits and commission are
 * fixed when it is scheduled. A simulated fight commits to its result before betting opens: sha256 of its
 * server seed is published, the seed revealed once it is over; an operator's fight has no seed (its result
 * is the real fight's).
 */
export const cockfightFights = pgTable(
  'cockfight_fights',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    /** 1, 2, … per brand. */
    number: integer('number').notNull(),
    source: text('source', { enum: cockfightSources }).notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    meronName: text('meron_name').notNull(),
    meronWeight: integer('meron_weight'),
    walaName: text('wala_name').notNull(),
    walaWeight: integer('wala_weight'),
    status: text('status', { enum: cockfightFightStatuses }).notNull().default('scheduled'),
    result: text('result', { enum: cockfightResults }),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    drawMultiplier: integer('draw_multiplier').notNull(),
    minStake: bigint('min_stake', { mode: 'bigint' }).notNull(),
    maxPerPlayer: bigint('max_per_player', { mode: 'bigint' }).notNull(),
    maxPerFight: bigint('max_per_fight', { mode: 'bigint' }).notNull(),
    meronPool: bigint('meron_pool', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    walaPool: bigint('wala_pool', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    drawPool: bigint('draw_pool', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betCount: integer('bet_count').notNull().default(0),
    serverSeed: text('server_seed'),
    serverSeedHash: text('server_seed_hash'),
    clientSeed: text('client_seed'),
    nonce: integer('nonce'),
    /** A simulated fight's close, fixed when it opens: bets are refused from then on by the server clock. */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('cockfight_fights_number_key').on(table.brandId, table.number),
    uniqueIndex('cockfight_fights_one_betting_key')
      .on(table.brandId)
      .where(sql`${table.status} in ('open', 'last_call')`),
    index('cockfight_fights_brand_status_idx').on(table.brandId, table.status),
    check(
      'cockfight_fights_status_check',
      sql`${table.status} in ('scheduled', 'open', 'last_call', 'closed', 'settled', 'cancelled')`,
    ),
    check(
      'cockfight_fights_result_check',
      sql`${table.result} is null or ${table.result} in ('meron', 'wala', 'draw', 'cancelled')`,
    ),
    check(
      'cockfight_fights_amounts_check',
      sql`${table.meronPool} >= 0 and ${table.walaPool} >= 0 and ${table.drawPool} >= 0 and ${table.meronPool} + ${table.walaPool} + ${table.drawPool} <= ${table.maxPerFight}`,
    ),
  ],
);

export const cockfightBetStatuses = ['placed', 'won', 'lost', 'returned'] as const;
export type CockfightBetStatus = (typeof cockfightBetStatuses)[number];

/**
 * One bet request of a member on a fight, written in the same transaction as its single ledger debit
 * (`cockfight:bet:<member>:<requestId>`) and its addition to the fight's pools. Settled once: `won` or
 * `returned` with the ledger posting `cockfight:win:<bet>` or `cockfight:refund:<bet>`, or `lost`.
 */
export const cockfightBets = pgTable(
  'cockfight_bets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    fightId: bigint('fight_id', { mode: 'bigint' })
      .notNull()
      .references(() => cockfightFights.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    requestId: text('request_id').notNull(),
    side: text('side', { enum: ['meron', 'wala', 'draw'] }).notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    bonusStaked: bigint('bonus_staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: cockfightBetStatuses }).notNull().default('placed'),
    returned: bigint('returned', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    gameRoundId: bigint('game_round_id', { mode: 'bigint' }).references(() => gameRounds.id),
    betTransactionId: bigint('bet_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('cockfight_bets_request_key').on(table.memberId, table.requestId),
    index('cockfight_bets_fight_status_idx').on(table.fightId, table.status),
    index('cockfight_bets_fight_member_idx').on(table.fightId, table.memberId),
    index('cockfight_bets_member_idx').on(table.memberId, table.id),
    check('cockfight_bets_side_check', sql`${table.side} in ('meron', 'wala', 'draw')`),
    check('cockfight_bets_status_check', sql`${table.status} in ('placed', 'won', 'lost', 'returned')`),
    check('cockfight_bets_amount_check', sql`${table.amount} > 0 and ${table.returned} >= 0`),
    check(
      'cockfight_bets_bonus_check',
      sql`${table.bonusStaked} >= 0 and ${table.bonusStaked} <= ${table.amount}`,
    ),
  ],
);
