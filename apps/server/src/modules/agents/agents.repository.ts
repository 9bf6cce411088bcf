import { sql, type SQL } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';

/**
 * SQL of the downline tree and the roll-ups. A subtree is an index range on `member_tree.path`
 * (`~>=~ path and ~<~ path || '~'`, text_pattern_ops; path characters are digits and '/', all below '~'),
 * written as a parameterised range so it stays an index scan when the agent's path comes from a join. Members'
 * names come from the members' read model `members_directory` and balances from the wallet's
 * `wallet_member_cash_balances` (views the planner inlines).
 */

/**
 * Whose figures: `team` the agent and everyone below it, `downline` everyone below it, `direct` its direct
 * downline (level 1), `self` the agent alone.
 */
export type TeamScope = 'team' | 'downline' | 'direct' | 'self';

export type Figures = {
  betCount: number;
  betAmount: bigint;
  validBet: bigint;
  payout: bigint;
  /** The members' profit and loss: payout − valid bet (negative when they lost; the house won the opposite). */
  profitLoss: bigint;
  depositCount: number;
  depositAmount: bigint;
  withdrawalCount: number;
  withdrawalAmount: bigint;
  bonusAmount: bigint;
};

export type TeamFigures = Figures & {
  /** Members of the scope with a valid bet above zero over the whole period. */
  activeMembers: number;
};

export type MemberFigures = Figures & { memberId: bigint };
export type DayFigures = TeamFigures & { day: string };
export type HourFigures = Figures & { memberId: bigint; hourStart: Date };

export type TeamFiguresQuery = {
  agentId: bigint;
  /** yyyy-MM-dd days of the brand's clock, both inclusive. */
  from: string;
  to: string;
  scope: TeamScope;
};

export type HourlyFiguresQuery = {
  agentId: bigint;
  /** Half-open instants; hour rows start on the brand's hour boundaries. */
  fromHour: Date;
  toHour: Date;
  scope: TeamScope;
};

type FigureRow = {
  bet_count: number;
  bet_amount: bigint;
  valid_bet: bigint;
  payout: bigint;
  deposit_count: number;
  deposit_amount: bigint;
  withdrawal_count: number;
  withdrawal_amount: bigint;
  bonus_amount: bigint;
};

const sums = sql.raw(`coalesce(sum(f.bet_count), 0)::int4 as bet_count,
  coalesce(sum(f.bet_amount), 0)::int8 as bet_amount,
  coalesce(sum(f.valid_bet), 0)::int8 as valid_bet,
  coalesce(sum(f.payout), 0)::int8 as payout,
  coalesce(sum(f.deposit_count), 0)::int4 as deposit_count,
  coalesce(sum(f.deposit_amount), 0)::int8 as deposit_amount,
  coalesce(sum(f.withdrawal_count), 0)::int4 as withdrawal_count,
  coalesce(sum(f.withdrawal_amount), 0)::int8 as withdrawal_amount,
  coalesce(sum(f.bonus_amount), 0)::int8 as bonus_amount`);

/** Outer sums over per-member rows (same column names), for figures that need a per-member step first. */
const outerSums = sql.raw(`coalesce(sum(m.bet_count), 0)::int4 as bet_count,
  coalesce(sum(m.bet_amount), 0)::int8 as bet_amount,
  coalesce(sum(m.valid_bet), 0)::int8 as valid_bet,
  coalesce(sum(m.payout), 0)::int8 as payout,
  coalesce(sum(m.deposit_count), 0)::int4 as deposit_count,
  coalesce(sum(m.deposit_amount), 0)::int8 as deposit_amount,
  coalesce(sum(m.withdrawal_count), 0)::int4 as withdrawal_count,
  coalesce(sum(m.withdrawal_amount), 0)::int8 as withdrawal_amount,
  coalesce(sum(m.bonus_amount), 0)::int8 as bonus_amount`);

/** int8 is a bigint on both drivers; sums cast to int8 too. Anything else (a numeric string) is read exactly. */
const toBigint = (value: unknown): bigint => {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' || typeof value === 'string') return BigInt(value);
  return 0n;
};

export const toFigures = (row: FigureRow): Figures => {
  const validBet = toBigint(row.valid_bet);
  const payout = toBigint(row.payout);
  return {
    betCount: row.bet_count,
    betAmount: toBigint(row.bet_amount),
    validBet,
    payout,
    profitLoss: payout - validBet,
    depositCount: row.deposit_count,
    depositAmount: toBigint(row.deposit_amount),
    withdrawalCount: row.withdrawal_count,
    withdrawalAmount: toBigint(row.withdrawal_amount),
    bonusAmount: toBigint(row.bonus_amount),
  };
};

export const emptyFigures = (): Figures => ({
  betCount: 0,
  betAmount: 0n,
  validBet: 0n,
  payout: 0n,
  profitLoss: 0n,
  depositCount: 0,
  depositAmount: 0n,
  withdrawalCount: 0,
  withdrawalAmount: 0n,
  bonusAmount: 0n,
});

/** `t` is member_tree of the scope's members, `a` the agent's own tree row. */
export const scopeCondition = (scope: TeamScope): SQL => {
  switch (scope) {
    case 'self':
      return sql`t.member_id = a.member_id`;
    case 'direct':
      return sql`t.path ~>=~ a.path and t.path ~<~ (a.path || '~') and t.depth = a.depth + 1`;
    case 'downline':
      return sql`t.path ~>=~ a.path and t.path ~<~ (a.path || '~') and t.member_id <> a.member_id`;
    case 'team':
      return sql`t.path ~>=~ a.path and t.path ~<~ (a.path || '~')`;
  }
};

type ResolvedScope = {
  brandId: bigint;
  depth: number;
  /** Conditions on `t`, the scope's member_tree rows. */
  condition: SQL;
  /** The same on `f.path` of daily roll-up rows when the path alone decides (whole team or downline). */
  dailyPathCondition: SQL | null;
};

/**
 * The scope as conditions on `t` (member_tree) with the agent's own path as constants rather than a join, so the
 * planner sees the prefix range and its size: a big team drives from the day index of the roll-ups, a small one
 * from the tree. Null when the agent has no tree row (then the scope is empty).
 */
const resolveScope = async (
  executor: Executor,
  agentId: bigint,
  scope: TeamScope,
  filter: DownlineFilter = {},
): Promise<ResolvedScope | null> => {
  const agent = await findTreePosition(executor, agentId);
  if (!agent) return null;
  const range = sql`t.path ~>=~ ${agent.path} and t.path ~<~ ${`${agent.path}~`}`;
  const conditions: SQL[] = [];
  switch (scope) {
    case 'self':
      conditions.push(sql`t.member_id = ${agentId}`);
      break;
    case 'direct':
      conditions.push(range, sql`t.depth = ${agent.depth + 1}`);
      break;
    case 'downline':
      conditions.push(range, sql`t.member_id <> ${agentId}`);
      break;
    case 'team':
      conditions.push(range);
      break;
  }
  if (filter.level !== undefined) conditions.push(sql`t.depth = ${agent.depth + filter.level}`);
  if (filter.memberId !== undefined) conditions.push(sql`t.member_id = ${filter.memberId}`);
  if (filter.usernamePart !== undefined) {
    conditions.push(
      sql`exists (select 1 from members_directory u where u.id = t.member_id
        and lower(u.username) like ${`%${escapeLike(filter.usernamePart.toLowerCase())}%`})`,
    );
  }
  const isPathOnly =
    (scope === 'team' || scope === 'downline') &&
    filter.level === undefined &&
    filter.memberId === undefined &&
    filter.usernamePart === undefined;
  const dailyRange = sql`f.path ~>=~ ${agent.path} and f.path ~<~ ${`${agent.path}~`}`;
  return {
    brandId: agent.brandId,
    depth: agent.depth,
    condition: sql.join(conditions, sql` and `),
    dailyPathCondition: isPathOnly
      ? scope === 'team'
        ? dailyRange
        : sql`${dailyRange} and f.member_id <> ${agentId}`
      : null,
  };
};

/**
 * Daily roll-up rows `f` of the scope's members in [from, to]: for a whole team one range of the covering index
 * (brand, day, path), else joined with the tree (`t`).
 */
const dailyRowsOf = (scope: ResolvedScope, from: string, to: string): SQL =>
  scope.dailyPathCondition
    ? sql`member_figures_daily f
      where f.brand_id = ${scope.brandId} and f.day >= ${from}::date and f.day <= ${to}::date
        and ${scope.dailyPathCondition}`
    : sql`member_figures_daily f join member_tree t on t.member_id = f.member_id
      where f.brand_id = ${scope.brandId} and f.day >= ${from}::date and f.day <= ${to}::date
        and ${scope.condition}`;

/** Hourly roll-up rows `f` of the scope's members in [fromHour, toHour). */
const hourlyRowsOf = (scope: ResolvedScope, fromHour: Date, toHour: Date): SQL =>
  sql`member_figures_hourly f join member_tree t on t.member_id = f.member_id
    where f.brand_id = ${scope.brandId} and f.hour_start >= ${fromHour.toISOString()}::timestamptz
      and f.hour_start < ${toHour.toISOString()}::timestamptz and ${scope.condition}`;

/**
 * The scope's figures over whole days, summed, with the members active in the period (valid bet > 0 over the
 * period). Reads the daily roll-ups only: one row per member-day with activity.
 */
export const teamFigures = async (executor: Executor, query: TeamFiguresQuery): Promise<TeamFigures> => {
  const scope = await resolveScope(executor, query.agentId, query.scope);
  if (!scope) return { ...emptyFigures(), activeMembers: 0 };
  const [row] = await selectRows<FigureRow & { active_members: number }>(
    executor,
    sql`select ${outerSums}, count(*) filter (where m.valid_bet > 0)::int4 as active_members
      from (select f.member_id, ${sums} from ${dailyRowsOf(scope, query.from, query.to)} group by f.member_id) m`,
  );
  if (!row) return { ...emptyFigures(), activeMembers: 0 };
  return { ...toFigures(row), activeMembers: row.active_members };
};

/**
 * An agent's downline (every level, not the agent) over whole days from the team roll-ups: the period's sums, the
 * members active in it (each counted at its first active day of the period: gap reaching before `from`) and the
 * same per day for charts. A few rows per day whatever the team's size.
 */
export const downlineFiguresByDay = async (
  executor: Executor,
  query: { agentId: bigint; from: string; to: string },
): Promise<{ period: TeamFigures; days: DayFigures[] }> => {
  const [rows, activity] = await Promise.all([
    selectRows<FigureRow & { day: string }>(
      executor,
      sql`select to_char(f.day, 'YYYY-MM-DD') as day, ${sums}
        from team_figures_daily f
        where f.agent_id = ${query.agentId} and f.day >= ${query.from}::date and f.day <= ${query.to}::date
        group by f.day order by f.day`,
    ),
    selectRows<{ day: string; active: number; first_in_period: number }>(
      executor,
      sql`select to_char(a.day, 'YYYY-MM-DD') as day, sum(a.members)::int4 as active,
          coalesce(sum(a.members) filter (where a.gap = 0 or a.gap > a.day - ${query.from}::date), 0)::int4
            as first_in_period
        from team_activity_daily a
        where a.agent_id = ${query.agentId} and a.day >= ${query.from}::date and a.day <= ${query.to}::date
        group by a.day`,
    ),
  ]);
  const activeByDay = new Map(activity.map((row) => [row.day, row.active]));
  const days = rows.map((row) => ({
    day: row.day,
    ...toFigures(row),
    activeMembers: activeByDay.get(row.day) ?? 0,
  }));
  const total = days.reduce<Figures>(
    (sum, day) => ({
      betCount: sum.betCount + day.betCount,
      betAmount: sum.betAmount + day.betAmount,
      validBet: sum.validBet + day.validBet,
      payout: sum.payout + day.payout,
      profitLoss: sum.profitLoss + day.profitLoss,
      depositCount: sum.depositCount + day.depositCount,
      depositAmount: sum.depositAmount + day.depositAmount,
      withdrawalCount: sum.withdrawalCount + day.withdrawalCount,
      withdrawalAmount: sum.withdrawalAmount + day.withdrawalAmount,
      bonusAmount: sum.bonusAmount + day.bonusAmount,
    }),
    emptyFigures(),
  );
  const activeMembers = activity.reduce((sum, row) => sum + row.first_in_period, 0);
  return { period: { ...total, activeMembers }, days };
};

/** The same figures per member of the scope (members without activity in the period are left out). */
export const teamFiguresByMember = async (
  executor: Executor,
  query: TeamFiguresQuery,
): Promise<MemberFigures[]> => {
  const scope = await resolveScope(executor, query.agentId, query.scope);
  if (!scope) return [];
  const rows = await selectRows<FigureRow & { member_id: bigint }>(
    executor,
    sql`select f.member_id, ${sums} from ${dailyRowsOf(scope, query.from, query.to)}
      group by f.member_id order by f.member_id`,
  );
  return rows.map((row) => ({ memberId: toBigint(row.member_id), ...toFigures(row) }));
};

/** Per day of the period (days without activity are left out), for charts; active = valid bet > 0 that day. */
export const teamFiguresByDay = async (
  executor: Executor,
  query: TeamFiguresQuery,
): Promise<DayFigures[]> => {
  const scope = await resolveScope(executor, query.agentId, query.scope);
  if (!scope) return [];
  const rows = await selectRows<FigureRow & { day: string; active_members: number }>(
    executor,
    sql`select to_char(f.day, 'YYYY-MM-DD') as day, ${sums},
        count(*) filter (where f.valid_bet > 0)::int4 as active_members
      from ${dailyRowsOf(scope, query.from, query.to)}
      group by f.day order by f.day`,
  );
  return rows.map((row) => ({ day: row.day, ...toFigures(row), activeMembers: row.active_members }));
};

/** Hourly rows of the scope's members in [fromHour, toHour), one per member and hour with activity. */
export const teamHourlyFigures = async (
  executor: Executor,
  query: HourlyFiguresQuery,
): Promise<HourFigures[]> => {
  const scope = await resolveScope(executor, query.agentId, query.scope);
  if (!scope) return [];
  const rows = await selectRows<FigureRow & { member_id: bigint; hour_start: Date | string }>(
    executor,
    sql`select f.member_id, f.hour_start, f.bet_count, f.bet_amount, f.valid_bet, f.payout, f.deposit_count,
        f.deposit_amount, f.withdrawal_count, f.withdrawal_amount, f.bonus_amount
      from ${hourlyRowsOf(scope, query.fromHour, query.toHour)}
      order by f.member_id, f.hour_start`,
  );
  return rows.map((row) => ({
    memberId: toBigint(row.member_id),
    hourStart: row.hour_start instanceof Date ? row.hour_start : new Date(row.hour_start),
    ...toFigures(row),
  }));
};

/** The scope's figures in [fromHour, toHour) summed, with active members (valid bet > 0 over the range). */
export const teamHourRangeFigures = async (
  executor: Executor,
  query: HourlyFiguresQuery,
): Promise<TeamFigures> => {
  const scope = await resolveScope(executor, query.agentId, query.scope);
  if (!scope) return { ...emptyFigures(), activeMembers: 0 };
  const [row] = await selectRows<FigureRow & { active_members: number }>(
    executor,
    sql`select ${outerSums}, count(*) filter (where m.valid_bet > 0)::int4 as active_members
      from (select f.member_id, ${sums} from ${hourlyRowsOf(scope, query.fromHour, query.toHour)}
        group by f.member_id) m`,
  );
  if (!row) return { ...emptyFigures(), activeMembers: 0 };
  return { ...toFigures(row), activeMembers: row.active_members };
};

export type TreePosition = { memberId: bigint; brandId: bigint; path: string; depth: number };

export const findTreePosition = async (
  executor: Executor,
  memberId: bigint,
): Promise<TreePosition | null> => {
  const [row] = await selectRows<{ member_id: bigint; brand_id: bigint; path: string; depth: number }>(
    executor,
    sql`select member_id, brand_id, path, depth from member_tree where member_id = ${memberId}`,
  );
  return row
    ? {
        memberId: toBigint(row.member_id),
        brandId: toBigint(row.brand_id),
        path: row.path,
        depth: row.depth,
      }
    : null;
};

/**
 * The level of `memberId` below `agentId` (1 = direct downline), or null when it is not in the agent's downline
 * (the agent itself is level 0).
 */
export const findLevelBelow = async (
  executor: Executor,
  agentId: bigint,
  memberId: bigint,
): Promise<number | null> => {
  const [row] = await selectRows<{ level: number }>(
    executor,
    sql`select (t.depth - a.depth)::int4 as level
      from member_tree a join member_tree t on t.member_id = ${memberId}
      where a.member_id = ${agentId} and a.brand_id = t.brand_id
        and t.path ~>=~ a.path and t.path ~<~ (a.path || '~')`,
  );
  return row ? row.level : null;
};

/** Which members of the agent's downline a report covers. */
export type DownlineFilter = {
  /** 1 = direct downline; undefined = every level. */
  level?: number | undefined;
  /** One member only. */
  memberId?: bigint | undefined;
  /** Part of the username, any case. */
  usernamePart?: string | undefined;
};

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (character) => `\\${character}`);

export const countDownline = async (
  executor: Executor,
  agentId: bigint,
): Promise<{ teamSize: number; directMembers: number }> => {
  const agent = await findTreePosition(executor, agentId);
  if (!agent) return { teamSize: 0, directMembers: 0 };
  const [row] = await selectRows<{ team_size: number; direct_members: number }>(
    executor,
    sql`select count(*)::int4 as team_size, count(*) filter (where t.depth = ${agent.depth + 1})::int4 as direct_members
      from member_tree t
      where t.path ~>=~ ${agent.path} and t.path ~<~ ${`${agent.path}~`} and t.member_id <> ${agentId}`,
  );
  return { teamSize: row?.team_size ?? 0, directMembers: row?.direct_members ?? 0 };
};

/** Downline members registered per day of the brand's clock in [from, to]. */
export const countNewMembersByDay = async (
  executor: Executor,
  query: { agentId: bigint; from: string; to: string; timeZone: string },
): Promise<Array<{ day: string; count: number }>> => {
  const scope = await resolveScope(executor, query.agentId, 'downline');
  if (!scope) return [];
  const rows = await selectRows<{ day: string; count: number }>(
    executor,
    sql`select to_char((t.joined_at at time zone ${query.timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int4 as count
      from member_tree t
      where t.brand_id = ${scope.brandId} and ${scope.condition}
        and t.joined_at >= (${query.from}::date)::timestamp at time zone ${query.timeZone}
        and t.joined_at < (${query.to}::date + 1)::timestamp at time zone ${query.timeZone}
      group by 1`,
  );
  return rows.map((row) => ({ day: row.day, count: row.count }));
};

export type DownlineRow = {
  memberId: bigint;
  username: string;
  nickname: string;
  type: number;
  status: string;
  level: number;
  uplineUsername: string | null;
  balance: bigint;
  createdAt: Date;
  lastLoginAt: Date | null;
};

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** A page of the downline, newest first, with each member's main-wallet balance in `currency`. */
export const listDownline = async (
  executor: Executor,
  query: { agentId: bigint; currency: string; filter: DownlineFilter; limit: number; offset: number },
): Promise<{ rows: DownlineRow[]; total: number }> => {
  const scope = await resolveScope(executor, query.agentId, 'downline', query.filter);
  if (!scope) return { rows: [], total: 0 };
  const [rows, counted] = await Promise.all([
    selectRows<{
      member_id: bigint;
      username: string;
      nickname: string;
      type: number;
      status: string;
      level: number;
      upline_username: string | null;
      balance: bigint | null;
      created_at: Date | string;
      last_login_at: Date | string | null;
    }>(
      executor,
      sql`select m.id as member_id, m.username, m.nickname, m.type, m.status, (t.depth - ${scope.depth})::int4 as level,
          up.username as upline_username, m.created_at, m.last_login_at,
          (select coalesce(sum(b.balance), 0)::int8 from wallet_member_cash_balances b
            where b.member_id = m.id and b.currency = ${query.currency}
          ) as balance
        from member_tree t
        join members_directory m on m.id = t.member_id
        left join members_directory up on up.id = m.upline_id
        where ${scope.condition}
        order by m.id desc
        limit ${query.limit} offset ${query.offset}`,
    ),
    selectRows<{ total: number }>(
      executor,
      sql`select count(*)::int4 as total from member_tree t where ${scope.condition}`,
    ),
  ]);
  return {
    total: counted[0]?.total ?? 0,
    rows: rows.map((row) => ({
      memberId: toBigint(row.member_id),
      username: row.username,
      nickname: row.nickname,
      type: row.type,
      status: row.status,
      level: row.level,
      uplineUsername: row.upline_username,
      balance: toBigint(row.balance ?? 0n),
      createdAt: toDate(row.created_at),
      lastLoginAt: row.last_login_at === null ? null : toDate(row.last_login_at),
    })),
  };
};

export type MemberReportRow = MemberFigures & { username: string; level: number };

/**
 * Per member of the filtered downline with activity in [from, to], highest valid bet first, with the
 * number of such members and the totals over all of them (not only the page).
 */
export const listMembersReport = async (
  executor: Executor,
  query: { agentId: bigint; from: string; to: string; filter: DownlineFilter; limit: number; offset: number },
): Promise<{ rows: MemberReportRow[]; total: number; totals: Figures }> => {
  const scope = await resolveScope(executor, query.agentId, 'downline', query.filter);
  if (!scope) return { rows: [], total: 0, totals: emptyFigures() };
  const perMember = sql`select f.member_id, ${sums}
    from ${dailyRowsOf(scope, query.from, query.to)}
    group by f.member_id`;
  const [rows, totals] = await Promise.all([
    selectRows<FigureRow & { member_id: bigint; username: string; level: number }>(
      executor,
      sql`select p.*, m.username, (mt.depth - ${scope.depth})::int4 as level
        from (${perMember}) p
        join members_directory m on m.id = p.member_id
        join member_tree mt on mt.member_id = p.member_id
        order by p.valid_bet desc, p.member_id
        limit ${query.limit} offset ${query.offset}`,
    ),
    selectRows<FigureRow & { total: number }>(
      executor,
      sql`select ${outerSums}, count(*)::int4 as total from (${perMember}) m`,
    ),
  ]);
  const [totalRow] = totals;
  return {
    total: totalRow?.total ?? 0,
    totals: totalRow ? toFigures(totalRow) : emptyFigures(),
    rows: rows.map((row) => ({
      memberId: toBigint(row.member_id),
      username: row.username,
      level: row.level,
      ...toFigures(row),
    })),
  };
};

/** Today (yyyy-MM-dd) on the brand's clock. */
export const findToday = async (executor: Executor, timeZone: string): Promise<string> => {
  const [row] = await selectRows<{ day: string }>(
    executor,
    sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as day`,
  );
  if (!row) throw new Error('no answer for today');
  return row.day;
};

export type AffiliateLinkRow = {
  code: string;
  memberType: number;
  note: string | null;
  createdAt: Date;
};

export const listAffiliateLinks = async (
  executor: Executor,
  agentId: bigint,
): Promise<AffiliateLinkRow[]> => {
  const rows = await selectRows<{
    code: string;
    member_type: number;
    note: string | null;
    created_at: Date | string;
  }>(
    executor,
    sql`select l.code, l.member_type, l.note, l.created_at
      from agent_affiliate_links l where l.agent_id = ${agentId} order by l.id`,
  );
  return rows.map((row) => ({
    code: row.code,
    memberType: row.member_type,
    note: row.note,
    createdAt: toDate(row.created_at),
  }));
};

/** Inserts unless the code is taken in the brand (answers false then). */
export const insertAffiliateLink = async (
  executor: Executor,
  link: { brandId: bigint; agentId: bigint; code: string; memberType: number; note: string | null },
): Promise<boolean> => {
  const rows = await selectRows<{ id: bigint }>(
    executor,
    sql`insert into agent_affiliate_links (brand_id, agent_id, code, member_type, note)
      values (${link.brandId}, ${link.agentId}, ${link.code}, ${link.memberType}, ${link.note})
      on conflict do nothing returning id`,
  );
  return rows.length > 0;
};

export const countAffiliateLinks = async (executor: Executor, agentId: bigint): Promise<number> => {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`select count(*)::int4 as count from agent_affiliate_links where agent_id = ${agentId}`,
  );
  return row?.count ?? 0;
};

/** How many members are in the subtree rooted at `memberId` (itself included). */
export const countSubtree = async (executor: Executor, memberId: bigint): Promise<number> => {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`select count(*)::int4 as count from member_tree a join member_tree t on ${scopeCondition('team')}
      where a.member_id = ${memberId}`,
  );
  return row?.count ?? 0;
};
