import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { gameRounds } from '../games/games.tables';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

export const lotteryDrawStatuses = ['open', 'closed', 'drawn', 'settling', 'settled'] as const;
export type LotteryDrawStatus = (typeof lotteryDrawStatuses)[number];
export const lotteryResultSources = ['fair', 'operator'] as const;
export type LotteryResultSource = (typeof lotteryResultSources)[number];

/**
 * One draw of one lottery game for one brand. open → closed (cut-off passed) → drawn (result recorded, seed
 * revealed) → settling (claimed by one instance, with a lease) → settled; every step is a conditional update.
 * `serverSeed` is secret until the draw is drawn; its hash is published from creation.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    gameCode: text('game_code').notNull(),
    /** Public id and the fair result's client seed. */
    publicId: text('public_id').notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: lotteryDrawStatuses }).notNull().default('open'),
    resultSource: text('result_source', { enum: lotteryResultSources }).notNull(),
    /** VN: the stations drawing ([{code, name}]); others []. */
    stations: jsonb('stations').$type<Array<{ code: string; name: string }>>().notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settleLeaseUntil: timestamp('settle_lease_until', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lottery_draws_brand_game_time_key').on(table.brandId, table.gameCode, table.drawAt),
    uniqueIndex('lottery_draws_brand_public_key').on(table.brandId, table.publicId),
    index('lottery_draws_status_idx').on(table.status, table.drawAt),
    index('lottery_draws_game_idx').on(table.brandId, table.gameCode, table.drawAt),
    check(
      'lottery_draws_status_check',
      sql`${table.status} in ('open', 'closed', 'drawn', 'settling', 'settled')`,
    ),
    check('lottery_draws_source_check', sql`${table.resultSource} in ('fair', 'operator')`),
  ],
);

export const lotteryBetStatuses = ['pending', 'won', 'lost'] as const;

/**
 * One bet line. A ticket (one POST) is the lines sharing `requestId`, paid by one ledger debit
 * `lottery:bet:<memberId>:<requestId>`; each line is its own round in the betting record (`roundId`).
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    drawId: bigint('draw_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryDraws.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    roundId: bigint('round_id', { mode: 'bigint' }).references(() => gameRounds.id),
    requestId: text('request_id').notNull(),
    lineNo: bigint('line_no', { mode: 'number' }).notNull(),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    betType: text('bet_type').notNull(),
    numbers: jsonb('numbers').$type<string[]>().notNull(),
    stations: jsonb('stations').$type<string[]>().notNull(),
    unitStake: bigint('unit_stake', { mode: 'bigint' }).notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /**
     * The part of the line's stake taken from the member's bonus balance (the ticket's cash covers its first
     * lines): a win returns its share to the bonus balance (promotions' `splitWin`).
     */
    bonusStaked: bigint('bonus_staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: lotteryBetStatuses }).notNull().default('pending'),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('lottery_bets_request_line_key').on(table.memberId, table.requestId, table.lineNo),
    index('lottery_bets_draw_pending_idx')
      .on(table.drawId, table.id)
      .where(sql`${table.status} = 'pending'`),
    index('lottery_bets_member_idx').on(table.memberId, table.id),
    check('lottery_bets_status_check', sql`${table.status} in ('pending', 'won', 'lost')`),
    check('lottery_bets_amounts_check', sql`${table.stake} > 0 and ${table.payout} >= 0`),
    check(
      'lottery_bets_bonus_staked_check',
      sql`${table.bonusStaked} >= 0 and ${table.bonusStaked} <= ${table.stake}`,
    ),
  ],
);

/**
 * The potential payout already accepted on one number of one draw (VN: per station), kept under the cap
 * it was accepted against; grown only by a conditional upsert, so concurrent bets cannot pass the cap.
 */
export const lotteryExposures = pgTable(
  'lottery_exposures',
  {
    drawId: bigint('draw_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryDraws.id),
    numberKey: text('number_key').notNull(),
    liability: bigint('liability', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.drawId, table.numberKey] })],
);

/** The operator's settings of a game for a brand; absent: the game's defaults. */
export const lotteryGameSettings = pgTable(
  'lottery_game_settings',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    gameCode: text('game_code').notNull(),
    resultSource: text('result_source', { enum: lotteryResultSources }).notNull(),
    /** Cap on the potential payout of any one number in a draw (minor units); null: none. */
    defaultNumberCap: bigint('default_number_cap', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.gameCode] })],
);

/** A number's own cap or block in a game of a brand. */
export const lotteryNumberLimits = pgTable(
  'lottery_number_limits',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    gameCode: text('game_code').notNull(),
    number: text('number').notNull(),
    /** Null: the game's default cap. */
    cap: bigint('cap', { mode: 'bigint' }),
    blocked: boolean('blocked').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.gameCode, table.number] })],
);
