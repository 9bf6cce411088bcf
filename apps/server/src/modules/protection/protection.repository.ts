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

const periods = ['day', 'week', 'month'] as const;
const moneyKinds = [
  { kind: 'wager', sign: -1, classes: ['stake', 'refund'] },
  { kind: 'loss', sign: -1, classes: ['stake', 'buyin', 'refund', 'payout'] },
  { kind: 'deposit', sign: 1, classes: ['deposit'] },
] as const;

/** The member's usage row, made (empty, at the current periods) if they have none yet. */
const ensureUsage = (executor: Executor, memberId: bigint) =>
  executor.execute(sql`
    insert into member_play_usage (member_id, day_start, week_start, month_start)
    select p.member_id, member_limit_period_start('day', now(), b.time_zone),
      member_limit_period_start('week', now(), b.time_zone), member_limit_period_start('month', now(), b.time_zone)
    from member_protection p join site_brands b on b.id = p.brand_id
    where p.member_id = ${memberId}
    on conflict do nothing`);

/**
 * Recounts every money counter for the current day, week and month from what the ledger holds, classed as the
 * ledger rule classes them, and moves the row to the current periods; the rule counts what follows. Called when
 * a member sets a first limit of a money kind: counting may have begun mid-period (a limit set at noon counts
 * the morning's stakes). Under the row's lock, so a stake's count cannot be lost between the two.
 */
export const recountUsage = async (executor: Executor, memberId: bigint): Promise<void> => {
  await ensureUsage(executor, memberId);
  const counters = moneyKinds.flatMap(({ kind, sign, classes }) =>
    periods.map(
      (period) => sql`${sql.raw(`${kind}_${period}`)} = coalesce((select sum(${sign} * amount) from moved
        where class in (${sql.join(
          classes.map((name) => sql`${name}`),
          sql`, `,
        )}) and created_at >= (cur.${sql.raw(period)}::timestamp at time zone cur.time_zone)), 0)`,
    ),
  );
  await executor.execute(sql`
    with cur as (
      select b.currency, b.time_zone, member_limit_period_start('day', now(), b.time_zone) as day,
        member_limit_period_start('week', now(), b.time_zone) as week,
        member_limit_period_start('month', now(), b.time_zone) as month
      from member_protection p join site_brands b on b.id = p.brand_id where p.member_id = ${memberId}
    ), moved as (
      select t.created_at, ${classOfKind} as class, p.amount
      from cur
      join wallet_member_postings p on p.member_id = ${memberId} and p.currency = cur.currency
      join wallet_transaction_details t on t.id = p.transaction_id
      where t.created_at >= (least(cur.week, cur.month)::timestamp at time zone cur.time_zone)
    )
    update member_play_usage
    set day_start = cur.day, week_start = cur.week, month_start = cur.month, ${sql.join(counters, sql`, `)}
    from cur where member_id = ${memberId}`);
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
  await ensureUsage(executor, memberId);
  const rows = await selectRows<{ in_force: Int8 | null; used: Int8 }>(
    executor,
    sql`select member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
          as in_force,
        member_usage_in(u, l.kind, l.period, member_limit_period_start(l.period, now(), b.time_zone)) as used
      from member_play_usage u
      join member_protection p on p.member_id = u.member_id
      join site_brands b on b.id = p.brand_id
      join member_play_limits l on l.member_id = u.member_id and l.kind = 'deposit'
      where u.member_id = ${memberId}
      for update of u`,
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
    insert into member_play_usage as u (member_id, day_start, week_start, month_start, session_day_start,
      session_week_start, session_month_start, session_day, session_week, session_month)
    select p.member_id, s.day, s.week, s.month, s.day, s.week, s.month, ${minutes}, ${minutes}, ${minutes}
    from member_protection p
    join site_brands b on b.id = p.brand_id
    cross join lateral (select member_limit_period_start('day', now(), b.time_zone) as day,
      member_limit_period_start('week', now(), b.time_zone) as week,
      member_limit_period_start('month', now(), b.time_zone) as month) s
    where p.member_id = ${memberId}
      and exists (select 1 from member_play_limits l where l.member_id = p.member_id and l.kind = 'session')
    on conflict (member_id) do update set
      session_day = case when u.session_day_start = excluded.session_day_start then u.session_day else 0 end
        + excluded.session_day,
      session_week = case when u.session_week_start = excluded.session_week_start then u.session_week else 0 end
        + excluded.session_week,
      session_month = case when u.session_month_start = excluded.session_month_start then u.session_month
        else 0 end + excluded.session_month,
      session_day_start = excluded.session_day_start,
      session_week_start = excluded.session_week_start,
      session_month_start = excluded.session_month_start`);
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
