import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { uploads } from '../uploads/uploads.tables';

/** Words shown to members, per language (English required). */
export type LoyaltyText = { en: string; ur?: string };

/**
 * How far the loyalty fold has read the ledger (like the agents' `member_figures_fold`): every ledger transaction
 * whose `xact_id` is below `horizon` has been folded into the loyalty figures, VIP, missions and points, exactly
 * once. One row, moved in the same transaction as what it accounts for.
 */
export const loyaltyFold = pgTable('loyalty_fold', {
  id: smallint('id').primaryKey(),
  horizon: bigint('horizon', { mode: 'bigint' }).notNull(),
  /** The auth events read so far for login days (by id; login days are idempotent, so a re-read is harmless). */
  loginEventHorizon: bigint('login_event_horizon', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** The last points round's number (its postings' keys): a round is one batch's, so a number is used once. */
  pointsRound: bigint('points_round', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

/** A member's lifetime figures (the brand's currency, minor units), kept by the fold: VIP thresholds read them. */
export const loyaltyMemberTotals = pgTable(
  'loyalty_member_totals',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => members.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    depositTotal: bigint('deposit_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBetTotal: bigint('valid_bet_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * Points earning (points/): the fraction of a point earned but not yet posted, in units of 10^-(8 + currency
     * exponent) of a point (a rate has at most 8 decimals), so whole points are posted and nothing is lost or made.
     */
    pointsRemainder: bigint('points_remainder', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Lifetime points earned per source (deposit, live, slots …), in the same units, as decimal strings. */
    pointsEarnedBy: jsonb('points_earned_by').$type<Record<string, string>>().notNull().default({}),
    /**
     * Whole points earned and not yet credited: the next points round posts them (points/earn-points.ts); a refund
     * takes back from them first.
     */
    pointsPending: bigint('points_pending', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('loyalty_member_totals_points_pending')
      .on(table.memberId)
      .where(sql`${table.pointsPending} > 0`),
    check('loyalty_member_totals_points_pending_check', sql`${table.pointsPending} >= 0`),
  ],
);

/**
 * A member's figures per day of the brand's clock, kept by the fold: VIP keep-level periods, valid-bet leaderboards
 * and the points earned per day read them. Amounts in minor units.
 */
export const loyaltyMemberDays = pgTable(
  'loyalty_member_days',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    depositAmount: bigint('deposit_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rounds: integer('rounds').notNull().default(0),
    pointsEarned: bigint('points_earned', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.day] }),
    index('loyalty_member_days_brand_day_idx').on(table.brandId, table.day),
  ],
);

/** Days a member signed in (brand's clock), for login-streak missions. */
export const loyaltyLoginDays = pgTable(
  'loyalty_login_days',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.day] })],
);

/** Per-brand loyalty settings: points earning and conversion (VIP is on where the brand has the VIP3 flag). */
export const loyaltySettings = pgTable('loyalty_settings', {
  brandId: bigint('brand_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => brands.id),
  isPointsEnabled: boolean('is_points_enabled').notNull().default(true),
  /** Points earned per one whole unit of the brand's currency deposited. */
  pointsPerDepositUnit: numeric('points_per_deposit_unit', { precision: 12, scale: 4 })
    .notNull()
    .default('0'),
  /** Points a member converts into one whole unit of the brand's currency. */
  pointsPerCashUnit: integer('points_per_cash_unit').notNull().default(100),
  /** The fewest points one conversion takes. */
  minimumConversionPoints: integer('minimum_conversion_points').notNull().default(100),
  /** Turnover multiplier on converted cash (0: none). */
  conversionTurnoverMultiplier: integer('conversion_turnover_multiplier').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A VIP level of a brand. `rank` 0 is the entry level every member starts on. A member reaches a level when its
 * lifetime deposit and valid bet both reach the thresholds (a zero threshold is no condition); keeping it needs
 * `keep_*` within each `keep_period` ('month' or 'quarter'), else the review lowers the member one level.
 * `point_rates` and `rebate_rates` are per product line: points per whole currency unit of valid bet, and a
 * rebate percent. Amounts in minor units of the brand's currency.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    rank: smallint('rank').notNull(),
    name: jsonb('name').$type<LoyaltyText>().notNull(),
    iconUploadId: uuid('icon_upload_id').references(() => uploads.id),
    depositThreshold: bigint('deposit_threshold', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBetThreshold: bigint('valid_bet_threshold', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    keepPeriod: text('keep_period').notNull().default('month'),
    keepDeposit: bigint('keep_deposit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    keepValidBet: bigint('keep_valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    levelUpBonus: bigint('level_up_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    monthlyBonus: bigint('monthly_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    birthdayBonus: bigint('birthday_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Turnover on VIP bonuses, as a multiple of the bonus (0: none). */
    bonusTurnoverMultiplier: integer('bonus_turnover_multiplier').notNull().default(1),
    pointRates: jsonb('point_rates').$type<Record<string, string>>().notNull().default({}),
    rebateRates: jsonb('rebate_rates').$type<Record<string, string>>().notNull().default({}),
    /** Withdrawals per day and the most per day (minor units); null: the brand's usual limits. */
    dailyWithdrawalCount: integer('daily_withdrawal_count'),
    dailyWithdrawalAmount: bigint('daily_withdrawal_amount', { mode: 'bigint' }),
    managerContact: text('manager_contact'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_levels_brand_rank_key').on(table.brandId, table.rank),
    check('vip_levels_rank_check', sql`${table.rank} between 0 and 99`),
    check('vip_levels_keep_period_check', sql`${table.keepPeriod} in ('month', 'quarter')`),
  ],
);

/** A member's VIP level (rank of `vip_levels`); no row: rank 0. `period_start` is where the keep period began. */
export const vipMemberLevels = pgTable('vip_member_levels', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  brandId: bigint('brand_id', { mode: 'bigint' })
    .notNull()
    .references(() => brands.id),
  rank: smallint('rank').notNull().default(0),
  /** The highest rank ever reached: a level-up bonus is paid once per level, even after a downgrade. */
  highestRank: smallint('highest_rank').notNull().default(0),
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  /** The first day (brand's clock) of the keep period now running; the review reads the figures from it. */
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change of a member's level, once per cause: `reference` is unique per member ('up:3', 'review:2026-11',
 * 'staff:<request id>'), so a repeated fold or review changes nothing.
 */
export const vipLevelChanges = pgTable(
  'vip_level_changes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    fromRank: smallint('from_rank').notNull(),
    toRank: smallint('to_rank').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_level_changes_reference_key').on(table.memberId, table.reference),
    check('vip_level_changes_reason_check', sql`${table.reason} in ('promotion', 'downgrade', 'staff')`),
  ],
);

/**
 * A mission of a brand. `kind` says which events move it ('deposit', 'valid_bet', 'rounds', 'big_win',
 * 'login_streak', 'first_use'); `cadence` when progress starts again ('daily', 'weekly', 'once'); `target` is what
 * progress must reach (minor units for amounts, a count otherwise); `threshold` qualifies one event (the least
 * deposit, the win multiple × 100 of a big win); `product_line`/`game_id` narrow bets; `feature` names what a
 * first use is of (a product line, or 'deposit'). The reward: `reward_kind` 'cash', 'bonus' (cash with
 * `reward_turnover_multiplier` × its amount to wager) or 'points', and `mission_points` toward leaderboards.
 */
export const missions = pgTable(
  'missions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    title: jsonb('title').$type<LoyaltyText>().notNull(),
    description: jsonb('description').$type<LoyaltyText>().notNull(),
    kind: text('kind').notNull(),
    cadence: text('cadence').notNull(),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    threshold: bigint('threshold', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    productLine: text('product_line'),
    gameId: bigint('game_id', { mode: 'bigint' }),
    feature: text('feature'),
    rewardKind: text('reward_kind').notNull(),
    rewardAmount: bigint('reward_amount', { mode: 'bigint' }).notNull(),
    rewardTurnoverMultiplier: integer('reward_turnover_multiplier').notNull().default(0),
    missionPoints: integer('mission_points').notNull().default(0),
    status: text('status').notNull().default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('missions_brand_idx').on(table.brandId, table.status, table.sortOrder),
    check(
      'missions_kind_check',
      sql`${table.kind} in ('deposit', 'valid_bet', 'rounds', 'big_win', 'login_streak', 'first_use')`,
    ),
    check('missions_cadence_check', sql`${table.cadence} in ('daily', 'weekly', 'once')`),
    check('missions_reward_kind_check', sql`${table.rewardKind} in ('cash', 'bonus', 'points')`),
    check('missions_status_check', sql`${table.status} in ('draft', 'live', 'paused', 'ended')`),
    check('missions_amounts_check', sql`${table.target} > 0 and ${table.rewardAmount} > 0`),
  ],
);

/**
 * A member's progress on a mission in one period (`period_key`: '2026-11-27', '2026-W48', 'once'). Completed when
 * progress reaches the target; a rollback before the claim takes progress (and completion) back. `claimed_at`
 * is set once, when its reward was paid or placed in the reward centre.
 */
export const missionProgress = pgTable(
  'mission_progress',
  {
    missionId: bigint('mission_id', { mode: 'bigint' })
      .notNull()
      .references(() => missions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    periodKey: text('period_key').notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    progress: bigint('progress', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the member last saw it completed; completed, unclaimed and unseen rows make the unread badge. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.missionId, table.memberId, table.periodKey] }),
    index('mission_progress_member_idx').on(table.memberId, table.periodKey),
  ],
);

/**
 * A leaderboard of a brand: members ranked per period ('daily', 'weekly', 'monthly' of the brand's clock) by
 * `metric` ('mission_points' or 'valid_bet'); `prizes` pays the top places (decimal strings, place 1 first) when
 * the period ends, once.
 */
export const leaderboards = pgTable(
  'leaderboards',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    title: jsonb('title').$type<LoyaltyText>().notNull(),
    metric: text('metric').notNull(),
    period: text('period').notNull(),
    prizes: jsonb('prizes').$type<string[]>().notNull(),
    /** Turnover on prizes, as a multiple of the prize (0: none). */
    prizeTurnoverMultiplier: integer('prize_turnover_multiplier').notNull().default(0),
    status: text('status').notNull().default('live'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('leaderboards_metric_check', sql`${table.metric} in ('mission_points', 'valid_bet')`),
    check('leaderboards_period_check', sql`${table.period} in ('daily', 'weekly', 'monthly')`),
    check('leaderboards_status_check', sql`${table.status} in ('live', 'paused', 'ended')`),
  ],
);

/** Mission points a member earned per leaderboard period key of the brand, kept by mission completions. */
export const missionPointScores = pgTable(
  'mission_point_scores',
  {
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    periodKey: text('period_key').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    points: bigint('points', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.periodKey, table.memberId] }),
    index('mission_point_scores_rank_idx').on(table.brandId, table.periodKey, table.points),
  ],
);

/** A leaderboard period's prize for one place: one row per place, so a period is paid once however often it runs. */
export const leaderboardPayouts = pgTable(
  'leaderboard_payouts',
  {
    leaderboardId: bigint('leaderboard_id', { mode: 'bigint' })
      .notNull()
      .references(() => leaderboards.id),
    periodKey: text('period_key').notNull(),
    place: smallint('place').notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    score: bigint('score', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.leaderboardId, table.periodKey, table.place] })],
);

/**
 * Something in the points mall. `kind`: 'bonus' (bonus credit of `amount`, with `turnover_multiplier` × it to
 * wager), 'free_spins' (`spins` spins of the house slot at `spin_stake`, credited as bonus money for the slot) or
 * 'physical' (shipped by staff). `stock` null: unlimited; a redeem takes stock with a conditional update, so it is
 * never oversold.
 */
export const mallItems = pgTable(
  'mall_items',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    kind: text('kind').notNull(),
    name: jsonb('name').$type<LoyaltyText>().notNull(),
    description: jsonb('description').$type<LoyaltyText>().notNull(),
    imageUploadId: uuid('image_upload_id').references(() => uploads.id),
    pointsCost: bigint('points_cost', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    turnoverMultiplier: integer('turnover_multiplier').notNull().default(0),
    spins: integer('spins').notNull().default(0),
    spinStake: bigint('spin_stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stock: integer('stock'),
    perMemberLimit: integer('per_member_limit'),
    minimumVipRank: smallint('minimum_vip_rank').notNull().default(0),
    status: text('status').notNull().default('live'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mall_items_brand_idx').on(table.brandId, table.status, table.sortOrder),
    check('mall_items_kind_check', sql`${table.kind} in ('bonus', 'free_spins', 'physical')`),
    check('mall_items_status_check', sql`${table.status} in ('live', 'hidden')`),
    check('mall_items_stock_check', sql`${table.stock} is null or ${table.stock} >= 0`),
    check('mall_items_cost_check', sql`${table.pointsCost} > 0`),
  ],
);

/**
 * A redemption of points: 'pending' (physical, waiting for staff) → 'approved' → 'shipped' → 'delivered', or
 * 'completed' at once (bonus, spins), or 'cancelled' (points refunded, stock returned). `request_id` (from the
 * member's request) makes a repeated request answer the first redemption. Shipping details for physical items.
 */
export const mallRedemptions = pgTable(
  'mall_redemptions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => mallItems.id),
    requestId: text('request_id').notNull(),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').notNull(),
    shipping: jsonb('shipping').$type<{ name: string; phone: string; address: string } | null>(),
    trackingNumber: text('tracking_number'),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mall_redemptions_request_key').on(table.memberId, table.requestId),
    index('mall_redemptions_member_idx').on(table.memberId, table.id),
    index('mall_redemptions_brand_status_idx').on(table.brandId, table.status, table.id),
    check(
      'mall_redemptions_status_check',
      sql`${table.status} in ('pending', 'approved', 'shipped', 'delivered', 'completed', 'cancelled')`,
    ),
    check('mall_redemptions_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/** A conversion of points to cash, once per member request. */
export const pointConversions = pgTable(
  'point_conversions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    requestId: text('request_id').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('point_conversions_request_key').on(table.memberId, table.requestId),
    check('point_conversions_amounts_check', sql`${table.points} > 0 and ${table.amount} > 0`),
  ],
);
