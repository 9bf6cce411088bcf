import type { PlayLimitKind, PlayLimitPeriod } from '@wps/contracts/protection';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { numberArray } from '../../db/array-literals';
import { type Executor, selectRows } from '../../db/database';
import { memberExclusions, memberPlayLimits, memberProtection } from './protection.tables';

export type LimitRow = typeof memberPlayLimits.$inferSelect;
/** Raw statements answer int8 as a string (node-postgres) or a bigint (PGlite), timestamps as a Date or text. */
type Int8 = string | bigint;
type Timestamp = Date | string;
export type ExclusionRow = typeof memberExclusions.$inferSelect;

/** The member's protection row, made when they first set anything. */
export const ensureProtection = async (
  executor: Executor,
  memberId: bigint,
  brandId: bigint,
): Promise<void> => {
  await executor.insert(memberProtection).values({ memberId, brandId }).onConflictDoNothing();
};

export const findProtection = async (executor: Executor, memberId: bigint) => {
  const [row] = await executor.select().from(memberProtection).where(eq(memberProtection.memberId, memberId));
  return row;
};

/** Whether stakes are refused now (a time-out or a self-exclusion), by the database's clock as the ledger rule. */
export const isPlayBlocked = async (executor: Executor, memberId: bigint): Promise<boolean> => {
  const [row] = await selectRows<{ blocked: boolean }>(
    executor,
    sql`select play_blocked_until > now() as blocked from member_protection where member_id = ${memberId}`,
  );
  return row?.blocked === true;
};

/** Which of the members are in a time-out or a self-exclusion now (one read for a batch of payments). */
export const listPlayBlocked = async (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Set<bigint>> => {
  if (memberIds.length === 0) return new Set();
  const rows = await selectRows<{ member_id: Int8 }>(
    executor,
    sql`select member_id from member_protection
      where member_id = any(${numberArray(memberIds)}::bigint[]) and play_blocked_until > now()`,
  );
  return new Set(rows.map((row) => BigInt(row.member_id)));
};

/** What identifies a person at registration, as the members table stores it (null: not given). */
/** The brand's members in a time-out or a self-exclusion now (few: only members with a protection row). */
export const listPlayBlockedInBrand = async (executor: Executor, brandId: bigint): Promise<bigint[]> => {
  const rows = await selectRows<{ member_id: Int8 }>(
    executor,
    sql`select member_id from member_protection where brand_id = ${brandId} and play_blocked_until > now()`,
  );
  return rows.map((row) => BigInt(row.member_id));
};

export const setPlayBlockedUntil = async (
  executor: Executor,
  memberId: bigint,
  until: Date | 'infinity' | null,
) => {
  await executor
    .update(memberProtection)
    .set({
      playBlockedUntil: until === 'infinity' ? sql`'infinity'::timestamptz` : until,
      updatedAt: sql`now()`,
    })
    .where(eq(memberProtection.memberId, memberId));
};

export const setRealityCheck = async (executor: Executor, memberId: bigint, minutes: number | null) => {
  await executor
    .update(memberProtection)
    .set({ realityCheckMinutes: minutes, updatedAt: sql`now()` })
    .where(eq(memberProtection.memberId, memberId));
};

/** A limit row locked for a change (concurrent changes of one limit queue). */
export const lockLimit = async (
  executor: Executor,
  memberId: bigint,
  kind: PlayLimitKind,
  period: PlayLimitPeriod,
): Promise<LimitRow | undefined> => {
  const [row] = await executor
    .select()
    .from(memberPlayLimits)
    .where(
      and(
        eq(memberPlayLimits.memberId, memberId),
        eq(memberPlayLimits.kind, kind),
        eq(memberPlayLimits.period, period),
      ),
    )
    .for('update');
  return row;
};

export type LimitState = Pick<LimitRow, 'amount' | 'pendingAmount' | 'pendingRemoval' | 'pendingFrom'>;

export const writeLimit = async (
  executor: Executor,
  key: { memberId: bigint; kind: PlayLimitKind; period: PlayLimitPeriod },
  state: LimitState,
): Promise<void> => {
  await executor
    .insert(memberPlayLimits)
    .values({ ...key, ...state })
    .onConflictDoUpdate({
      target: [memberPlayLimits.memberId, memberPlayLimits.kind, memberPlayLimits.period],
      set: { ...state, updatedAt: sql`now()` },
    });
};

export const deleteLimit = async (
  executor: Executor,
  key: { memberId: bigint; kind: PlayLimitKind; period: PlayLimitPeriod },
): Promise<void> => {
  await executor
    .delete(memberPlayLimits)
    .where(
      and(
        eq(memberPlayLimits.memberId, key.memberId),
        eq(memberPlayLimits.kind, key.kind),
        eq(memberPlayLimits.period, key.period),
      ),
    );
};

const classOfKind = sql.raw(`case
  when t.kind = 'bet' or t.kind like '%.bet' then 'stake'
  when t.kind = 'pvp.buyin' then 'buyin'
  when t.kind = 'bet.rollback' or t.kind like '%.bet.rollback' or t.kind like '%.refund' then 'refund'
  when t.kind = 'win' or t.kind like '%.win' or t.kind = 'win.rollback' or t.kind like '%.win.rollback'
    or t.kind = 'pvp.cashout' then 'payout'
  when t.kind = 'deposit' then 'deposit'
end`);

/** The usage counter columns of one kind (day, week, month); the kinds are fixed names, never input. */
const counterColumns = (kind: PlayLimitKind) =>
  (['day', 'week', 'month'] as const).map((period) => sql.raw(`${kind}_${period}`));

/** Rolls the member's usage row to the current periods (made on first use) and holds its lock. */
const rollUsage = (executor: Executor, memberId: bigint) =>
  executor.execute(sql`select 1 from add_member_play_usage(${numberArray([memberId])}::bigint[],
    '{0}', '{0}', '{0}', '{0}')`);

/**
 * Recounts a money kind's usage for the current day, week and month from what the ledger already holds (a
 * limit set at noon counts the morning's stakes), classed as the ledger rule classes them; the rule counts what
 * follows. Called when a member sets their first limit of the kind: counting may have begun mid-period.
 */
export const recountUsage = async (
  executor: Executor,
  key: { memberId: bigint; kind: Exclude<PlayLimitKind, 'session'> },
): Promise<void> => {
  const classes =
    key.kind === 'wager'
      ? sql`('stake', 'refund')`
      : key.kind === 'loss'
        ? sql`('stake', 'buyin', 'refund', 'payout')`
        : sql`('deposit')`;
  const sign = key.kind === 'deposit' ? sql`1` : sql`-1`;
  const [day, week, month] = counterColumns(key.kind);
  await rollUsage(executor, key.memberId);
  await executor.execute(sql`
    with bounds as (
      select b.currency,
        (u.day_start::timestamp at time zone b.time_zone) as day_from,
        (u.week_start::timestamp at time zone b.time_zone) as week_from,
        (u.month_start::timestamp at time zone b.time_zone) as month_from
      from member_play_usage u
      join member_protection p on p.member_id = u.member_id
      join site_brands b on b.id = p.brand_id
      where u.member_id = ${key.memberId}
    ), sums as (
      select coalesce(sum(${sign} * p.amount) filter (where t.created_at >= bounds.day_from), 0) as day,
        coalesce(sum(${sign} * p.amount) filter (where t.created_at >= bounds.week_from), 0) as week,
        coalesce(sum(${sign} * p.amount) filter (where t.created_at >= bounds.month_from), 0) as month
      from bounds
      join wallet_member_postings p on p.member_id = ${key.memberId} and p.currency = bounds.currency
      join wallet_transaction_details t on t.id = p.transaction_id
      where t.created_at >= least(bounds.week_from, bounds.month_from) and ${classOfKind} in ${classes}
    )
    update member_play_usage set ${day} = sums.day, ${week} = sums.week, ${month} = sums.month
    from sums where member_id = ${key.memberId}`);
};

/** The member's limits with what each period used and when it turns, in the brand's time zone. */
export const listLimitsWithUsage = async (executor: Executor, memberId: bigint) =>
  selectRows<{
    kind: PlayLimitKind;
    period: PlayLimitPeriod;
    pending_amount: Int8 | null;
    pending_removal: boolean;
    pending_from: Timestamp | null;
    in_force: Int8 | null;
    used: Int8;
    resets_at: Timestamp;
  }>(
    executor,
    sql`select l.kind, l.period, l.pending_amount, l.pending_removal, l.pending_from,
        member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now()) as in_force,
        member_limit_used(l.member_id, l.kind, l.period) as used,
        ((member_limit_period_start(l.period, now(), b.time_zone)
          + case l.period when 'day' then interval '1 day' when 'week' then interval '1 week'
            else interval '1 month' end)::timestamp at time zone b.time_zone) as resets_at
      from member_play_limits l
      join member_protection p on p.member_id = l.member_id
      join site_brands b on b.id = p.brand_id
      where l.member_id = ${memberId}
      order by array_position(array['deposit', 'loss', 'wager', 'session'], l.kind),
        array_position(array['day', 'week', 'month'], l.period)`,
  );

/**
 * How much more the member may deposit now: the smallest headroom of their deposit limits in force (null when
 * none binds). Read under the usage row's lock (held to the end of the transaction), so two deposits at once
 * cannot both take the last headroom.
 */
export const lockDepositHeadroom = async (executor: Executor, memberId: bigint): Promise<bigint | null> => {
  const rows = await selectRows<{ in_force: Int8 | null; used: Int8 }>(
    executor,
    sql`select member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
          as in_force, member_usage_counter(u, l.kind, l.period) as used
      from add_member_play_usage(${numberArray([memberId])}::bigint[], '{0}', '{0}', '{0}', '{0}') u
      join member_play_limits l on l.member_id = u.member_id and l.kind = 'deposit'`,
  );
  let headroom: bigint | null = null;
  for (const row of rows) {
    if (row.in_force === null) continue;
    const left = BigInt(row.in_force) - BigInt(row.used);
    if (headroom === null || left < headroom) headroom = left;
  }
  return headroom;
};

/**
 * The member's net result since `since` in `currency`: wins less stakes (refunds and a card table's buy-ins and
 * cash-outs included) on their accounts, classed as the ledger rule classes them; negative when they are down.
 */
export const sumNetResultSince = async (
  executor: Executor,
  memberId: bigint,
  currency: string,
  since: Date,
): Promise<bigint> => {
  const [row] = await selectRows<{ net: Int8 | null }>(
    executor,
    sql`select coalesce(sum(p.amount), 0) as net
      from wallet_member_postings p
      join wallet_transaction_details t on t.id = p.transaction_id
      where p.member_id = ${memberId} and p.currency = ${currency} and t.created_at >= ${since.toISOString()}::timestamptz
        and ${classOfKind} in ('stake', 'buyin', 'refund', 'payout')`,
  );
  return BigInt(row?.net ?? 0);
};

/** Adds session minutes to the member's usage (nothing for a member without a session limit). */
export const addSessionMinutes = async (
  executor: Executor,
  memberId: bigint,
  minutes: number,
): Promise<void> => {
  await executor.execute(sql`
    select add_member_play_usage(${numberArray([memberId])}::bigint[], '{0}', '{0}', '{0}',
      array[${minutes}]::bigint[])
    from member_play_limits where member_id = ${memberId} and kind = 'session' limit 1`);
};

/** Whether a session limit in force is used up now (the member may not start or keep playing). */
export const isSessionTimeUsedUp = async (executor: Executor, memberId: bigint): Promise<boolean> => {
  const [row] = await selectRows<{ used_up: boolean }>(
    executor,
    sql`select exists (
        select 1 from member_play_limits l
        where l.member_id = ${memberId} and l.kind = 'session'
          and member_limit_used(l.member_id, 'session', l.period)
            >= member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
      ) as used_up`,
  );
  return row?.used_up === true;
};

export const insertExclusion = async (
  executor: Executor,
  exclusion: typeof memberExclusions.$inferInsert,
): Promise<ExclusionRow> => {
  const [row] = await executor.insert(memberExclusions).values(exclusion).returning();
  if (!row) throw new Error('the exclusion was not written');
  return row;
};

/** The exclusion that binds (not ended by staff, nor a time-out past its end), locked when asked. */
export const findOpenExclusion = async (executor: Executor, memberId: bigint, lock = false) => {
  const query = executor
    .select()
    .from(memberExclusions)
    .where(and(eq(memberExclusions.memberId, memberId), isNull(memberExclusions.endedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const endExclusion = async (
  executor: Executor,
  id: bigint,
  end: { staffId: bigint | null; reason: string | null },
): Promise<void> => {
  await executor
    .update(memberExclusions)
    .set({ endedAt: sql`now()`, endedByStaffId: end.staffId, endReason: end.reason })
    .where(eq(memberExclusions.id, id));
};

export const listExclusions = (executor: Executor, memberId: bigint) =>
  executor
    .select()
    .from(memberExclusions)
    .where(eq(memberExclusions.memberId, memberId))
    .orderBy(desc(memberExclusions.startedAt))
    .limit(50);
