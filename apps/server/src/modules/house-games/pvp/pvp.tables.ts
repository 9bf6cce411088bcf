import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../members/members.tables';
import { brands } from '../../site/site.tables';
import { currencies } from '../../wallet/wallet.tables';

/**
 * A card table of one brand and currency, made from its room (pvp-rooms.ts) when first listed; its limits are
 * copied here so a hand is played and raked under the rules its players sat down to. Every change at the
 * table (a seat taken or left, a hand started, an action) happens under this row's lock.
 */
export const pvpTables = pgTable(
  'pvp_tables',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    roomCode: text('room_code').notNull(),
    game: text('game').notNull(),
    seatCount: integer('seat_count').notNull(),
    smallBlind: bigint('small_blind', { mode: 'bigint' }).notNull(),
    bigBlind: bigint('big_blind', { mode: 'bigint' }).notNull(),
    minBuyIn: bigint('min_buy_in', { mode: 'bigint' }).notNull(),
    maxBuyIn: bigint('max_buy_in', { mode: 'bigint' }).notNull(),
    rakeBasisPoints: integer('rake_basis_points').notNull(),
    rakeCap: bigint('rake_cap', { mode: 'bigint' }).notNull(),
    /** Hands dealt so far (the next hand's number is this + 1). */
    handCount: integer('hand_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pvp_tables_room_key').on(table.brandId, table.currency, table.roomCode),
    check('pvp_tables_seat_count_check', sql`${table.seatCount} between 2 and 9`),
    check(
      'pvp_tables_limits_check',
      sql`${table.smallBlind} > 0 and ${table.bigBlind} >= ${table.smallBlind} and ${table.minBuyIn} > 0 and ${table.maxBuyIn} >= ${table.minBuyIn} and ${table.rakeCap} >= 0`,
    ),
  ],
);

export const pvpSeatStatuses = ['playing', 'sitting_out'] as const;

/**
 * A member's time in one seat, from the buy-in (one ledger posting `pvp:buyin:<member>:<requestId>`, cash to
 * the brand's `table_stacks` account) to the cash-out (`pvp:cashout:<seat id>`, the stack back to cash), or
 * until the stack is gone. `stack` is the chips behind: a hand in play holds the rest (its state). A seat
 * `leaving` is cashed out when the hand it is all in on ends. A house bot's seat (`is_bot`, no member; see
 * bots-driver.ts) buys in from and cashes out to the brand's bots account instead of a member's cash.
 */
export const pvpSeats = pgTable(
  'pvp_seats',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    tableId: bigint('table_id', { mode: 'bigint' })
      .notNull()
      .references(() => pvpTables.id),
    seat: integer('seat').notNull(),
    /** Null for a house bot's seat. */
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    isBot: boolean('is_bot').notNull().default(false),
    playerName: text('player_name').notNull(),
    requestId: text('request_id').notNull(),
    buyIn: bigint('buy_in', { mode: 'bigint' }).notNull(),
    stack: bigint('stack', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: pvpSeatStatuses }).notNull().default('playing'),
    /** Hands in a row in which the member let the clock act for them; at the table's limit they sit out. */
    missedHands: integer('missed_hands').notNull().default(0),
    isLeaving: boolean('is_leaving').notNull().default(false),
    buyInTransactionId: bigint('buy_in_transaction_id', { mode: 'bigint' }),
    cashOutTransactionId: bigint('cash_out_transaction_id', { mode: 'bigint' }),
    /** What the member took back (0 when the stack was gone). */
    cashedOut: bigint('cashed_out', { mode: 'bigint' }),
    satAt: timestamp('sat_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pvp_seats_open_seat_key')
      .on(table.tableId, table.seat)
      .where(sql`${table.leftAt} is null`),
    uniqueIndex('pvp_seats_open_member_key')
      .on(table.tableId, table.memberId)
      .where(sql`${table.leftAt} is null`),
    uniqueIndex('pvp_seats_request_key').on(table.memberId, table.requestId),
    check('pvp_seats_stack_check', sql`${table.stack} >= 0 and ${table.buyIn} > 0`),
    check('pvp_seats_status_check', sql`${table.status} in ('playing', 'sitting_out')`),
    check('pvp_seats_bot_check', sql`${table.isBot} = (${table.memberId} is null)`),
  ],
);

export const pvpHandStatuses = ['playing', 'settled'] as const;

/**
 * One hand. Written at the deal with its commitment (sha256 of the seeds and the shuffled deck, deck.ts) and
 * its betting state; every action rewrites `state` in the transaction that also moves the chips it moved, so
 * a restart carries on from the last committed action. `server_seed` is shown only once the hand is settled.
 * `records` maps a seat to its open betting record (`game_rounds` id), written at the seat's first chip.
 */
export const pvpHands = pgTable(
  'pvp_hands',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    tableId: bigint('table_id', { mode: 'bigint' })
      .notNull()
      .references(() => pvpTables.id),
    number: integer('number').notNull(),
    status: text('status', { enum: pvpHandStatuses }).notNull().default('playing'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    records: jsonb('records').$type<Record<string, string>>().notNull(),
    /** The catalogue game of the hand's betting records (vendor HOUSE, game HOLDEM), fixed at the deal. */
    game: jsonb('game').$type<Record<string, string>>().notNull(),
    serverSeed: text('server_seed').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    commitment: text('commitment').notNull(),
    /** The turn timer of the player to act (null once over): the driver acts for them after it. */
    deadline: timestamp('deadline', { withTimezone: true }),
    rake: bigint('rake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rakeTransactionId: bigint('rake_transaction_id', { mode: 'bigint' }),
    result: jsonb('result').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pvp_hands_number_key').on(table.tableId, table.number),
    uniqueIndex('pvp_hands_one_playing_key')
      .on(table.tableId)
      .where(sql`${table.status} = 'playing'`),
    index('pvp_hands_deadline_idx')
      .on(table.deadline)
      .where(sql`${table.status} = 'playing'`),
    check('pvp_hands_status_check', sql`${table.status} in ('playing', 'settled')`),
  ],
);

/**
 * Every move of a hand, in order: a member's (with the page's action id, unique per member, so a resent action
 * is applied once), the clock's (no action id) or a house bot's (no member, no action id). Written in the
 * action's transaction.
 */
export const pvpActions = pgTable(
  'pvp_actions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    handId: bigint('hand_id', { mode: 'bigint' })
      .notNull()
      .references(() => pvpHands.id),
    /** Null for a house bot's move. */
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    actionId: text('action_id'),
    seat: integer('seat').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    isAutomatic: boolean('is_automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pvp_actions_member_action_key').on(table.memberId, table.actionId),
    index('pvp_actions_hand_idx').on(table.handId, table.sequence),
  ],
);
