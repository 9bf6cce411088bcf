import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/**
 * A member who set a limit or an exclusion. The ledger's rule (migration 0063) reads it for every stake, so a
 * member without a row costs one index probe per statement and nothing else.
 */
export const memberProtection = pgTable(
  'member_protection',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => members.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    /** Stakes are refused until then: a time-out's end, or 'infinity' while a self-exclusion binds. */
    playBlockedUntil: timestamp('play_blocked_until', { withTimezone: true }),
    realityCheckMinutes: integer('reality_check_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('member_protection_reality_check_minutes_check', sql`${table.realityCheckMinutes} > 0`)],
);

export const memberPlayLimits = pgTable(
  'member_play_limits',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: ['deposit', 'loss', 'wager', 'session'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    /** In force now; null when only a pending one exists. Minor units, or minutes for a session limit. */
    amount: bigint('amount', { mode: 'bigint' }),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingRemoval: boolean('pending_removal').notNull().default(false),
    /** When the pending increase or removal takes over (the end of its cooling-off). */
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.kind, table.period] }),
    check('member_play_limits_kind_check', sql`${table.kind} in ('deposit', 'loss', 'wager', 'session')`),
    check('member_play_limits_period_check', sql`${table.period} in ('day', 'week', 'month')`),
    check('member_play_limits_amount_check', sql`${table.amount} > 0`),
    check('member_play_limits_pending_amount_check', sql`${table.pendingAmount} > 0`),
    check(
      'member_play_limits_check',
      sql`(${table.pendingFrom} is null) = (${table.pendingAmount} is null and not ${table.pendingRemoval})`,
    ),
  ],
);

/**
 * What a protected member used, one row each (migration 0066): every kind for the day, week and month that start
 * on the dates kept here (the brand's time zone); a counter whose period has passed counts as 0. The money
 * counters move with the ledger's rule (and a recount when a first money limit is set), the session minutes
 * with the session clock, which keeps its own starts.
 */
export const memberPlayUsage = pgTable('member_play_usage', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  dayStart: date('day_start').notNull(),
  weekStart: date('week_start').notNull(),
  monthStart: date('month_start').notNull(),
  wagerDay: bigint('wager_day', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  wagerWeek: bigint('wager_week', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  wagerMonth: bigint('wager_month', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  lossDay: bigint('loss_day', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  lossWeek: bigint('loss_week', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  lossMonth: bigint('loss_month', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  depositDay: bigint('deposit_day', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  depositWeek: bigint('deposit_week', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  depositMonth: bigint('deposit_month', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  sessionDayStart: date('session_day_start'),
  sessionWeekStart: date('session_week_start'),
  sessionMonthStart: date('session_month_start'),
  sessionDay: bigint('session_day', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  sessionWeek: bigint('session_week', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  sessionMonth: bigint('session_month', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

export const memberExclusions = pgTable(
  'member_exclusions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    kind: text('kind', { enum: ['time_out', 'self_exclusion'] }).notNull(),
    /** What the member chose: days of a time-out ('7d') or a self-exclusion's term ('6m', …, 'permanent'). */
    duration: text('duration').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a permanent self-exclusion. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedByStaffId: bigint('ended_by_staff_id', { mode: 'bigint' }),
    endReason: text('end_reason'),
  },
  (table) => [
    check('member_exclusions_kind_check', sql`${table.kind} in ('time_out', 'self_exclusion')`),
    index('member_exclusions_member_idx').on(table.memberId, table.startedAt.desc()),
    uniqueIndex('member_exclusions_open_key')
      .on(table.memberId)
      .where(sql`${table.endedAt} is null`),
  ],
);
