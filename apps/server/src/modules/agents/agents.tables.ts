import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';

/**
 * The downline tree as a materialised path: `/<root id>/…/<upline id>/<member id>/`. A subtree is one index range
 * (`path like '/1/5/%'`, text_pattern_ops), a member's level under an agent is the difference of depths. Kept by
 * triggers on `members` (migration `agents_tree_rules`), so every way a member is created or moved keeps it right.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    path: text('path').notNull(),
    /** 1 for a member without upline; a direct downline is one deeper than its agent. */
    depth: smallint('depth').notNull(),
    /** The member's registration time (copied by the trigger), so "new members" of a period is an index range. */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_tree_path_idx').using('btree', table.path.op('text_pattern_ops')),
    index('member_tree_brand_depth_idx').on(table.brandId, table.depth),
    index('member_tree_brand_joined_idx').on(table.brandId, table.joinedAt),
  ],
);

const amountColumns = {
  brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
  /** Bet postings less rolled-back ones. */
  betCount: integer('bet_count').notNull().default(0),
  /** Everything staked (minor units of the brand's currency). */
  betAmount: bigint('bet_amount', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** Stakes less refunds (rollbacks): what counts for turnover, salaries and active members. */
  validBet: bigint('valid_bet', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** What games paid back. The member's profit and loss is payout − valid bet. */
  payout: bigint('payout', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  depositCount: integer('deposit_count').notNull().default(0),
  depositAmount: bigint('deposit_amount', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  withdrawalCount: integer('withdrawal_count').notNull().default(0),
  withdrawalAmount: bigint('withdrawal_amount', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  bonusAmount: bigint('bonus_amount', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const figureColumns = { memberId: bigint('member_id', { mode: 'bigint' }).notNull(), ...amountColumns };

/**
 * A member's figures per hour of the brand's clock (`hour_start` is the instant that hour starts, so zones with
 * half-hour offsets work). Written by the fold (`rollups.repository.ts`) from the ledger.
 */
export const memberFiguresHourly = pgTable(
  'member_figures_hourly',
  {
    ...figureColumns,
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.hourStart] }),
    index('member_figures_hourly_brand_hour_idx').on(table.brandId, table.hourStart),
  ],
);

/** The same figures per day of the brand's clock (the brand's `time_zone`). */
export const memberFiguresDaily = pgTable(
  'member_figures_daily',
  {
    ...figureColumns,
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * The member's tree path, copied by the fold and kept by the move trigger, so a team's rows are one
     * covering index range (`member_figures_daily_team_idx`: brand, day, path, with the figures included) and a
     * report needs no join with the tree.
     */
    path: text('path').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.day] }),
    // Team reads use two covering indexes made in SQL (drizzle cannot say INCLUDE): (brand, day, path) for a big
    // team over a short period, (brand, path, day) for a small team over a long one (migration 0024).
  ],
);

/**
 * How far the roll-up fold has read the ledger: every ledger transaction whose `xact_id` is below `horizon` has
 * been folded. One row, moved in the same transaction as the roll-ups it accounts for.
 */
export const memberFiguresFold = pgTable('member_figures_fold', {
  id: smallint('id').primaryKey(),
  horizon: bigint('horizon', { mode: 'bigint' }).notNull(),
});

/**
 * The figures of an agent's downline (every level, not the agent itself) per day of the brand's clock: the sum of
 * the downline members' daily rows, kept by the fold and shifted by moves, so a team's period is a few rows.
 */
export const teamFiguresDaily = pgTable(
  'team_figures_daily',
  {
    agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
    ...amountColumns,
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.day] })],
);

/**
 * Active downline members of an agent per day, by the gap to each member's previous active day (1..92 days; 0
 * for longer or never). Members active in [from, to] are then the rows of those days whose gap reaches back
 * before `from` (gap 0 or gap > day − from): each member counted once, at its first active day of the period.
 */
export const teamActivityDaily = pgTable(
  'team_activity_daily',
  {
    agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gap: smallint('gap').notNull(),
    members: integer('members').notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.day, table.gap] })],
);

/** Codes and links an agent hands out; registering with one places the member under the agent. */
export const agentAffiliateLinks = pgTable(
  'agent_affiliate_links',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' }).notNull(),
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    code: text('code').notNull(),
    /** 0 registers members, 1 registers sub-agents (type 1). */
    memberType: smallint('member_type').notNull().default(0),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('agent_affiliate_links_agent_idx').on(table.agentId),
    uniqueIndex('agent_affiliate_links_code_key').on(table.brandId, sql`lower(${table.code})`),
  ],
);
