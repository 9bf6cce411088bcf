import { sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../../db/database';
import { visibleBelowSql } from '../../../db/ledger-follow';
import { numberArray, textArray } from '../../../db/array-literals';
import type { DayFigures, LoginDay, LoyaltyActivity, MemberFigures } from './fold-types';

/**
 * The loyalty fold follows the ledger the way the agents' roll-up fold does (`agents/rollups.repository.ts`): a
 * batch is the ledger transactions written by database transactions between the stored horizon and a bound below
 * the current snapshot's xmin, read through the wallet's published views, applied and the horizon moved in one
 * transaction under one advisory lock. So each movement counts once whatever crashes or however many instances run.
 */
const loyaltyFoldLock = 7245811;

type ActivityRow = {
  transaction_id: string | bigint;
  brand_id: string | bigint;
  member_id: string | bigint;
  currency: string;
  class: LoyaltyActivity['kind'];
  amount: string | bigint;
  product_line: string | null;
  round_id: string | bigint | null;
  game_id: string | bigint | null;
  round_bet: string | bigint | null;
  created_at: Date | string;
  day: string;
  time_zone: string;
};

const optionalBigint = (value: string | bigint | null): bigint | null =>
  value === null ? null : BigInt(value);

/**
 * Every member's share of the ledger transactions written by database transactions in [from, to). Each step is
 * materialized and looks its rows up by key (the entries by transaction, the round by id), so a batch costs the
 * same however long the ledger and a member's round history grow (joined as one query, the planner scanned
 * every ledger entry and each member's rounds once per batch).
 */
export const readActivities = async (
  tx: Transaction,
  from: bigint,
  to: bigint,
): Promise<LoyaltyActivity[]> => {
  const rows = await selectRows<ActivityRow>(
    tx,
    sql`with classified as materialized (
      select t.id, t.brand_id, t.created_at, t.product_line,
        (regexp_match(t.reference, '^round:([0-9]+)$'))[1]::bigint as round_id,
        case
          when t.kind = 'bet' or t.kind like '%.bet' then 'bet'
          when t.kind = 'bet.rollback' or t.kind like '%.bet.rollback' or t.kind like '%.refund' then 'refund'
          when t.kind = 'win' or t.kind like '%.win' then 'payout'
          when t.kind = 'deposit' then 'deposit'
        end as class
      from wallet_transaction_details t
      where t.xact_id >= ${from} and t.xact_id < ${to}
    ), shares as materialized (
      select c.id, c.brand_id, c.created_at, c.product_line, c.round_id, c.class, p.member_id, p.currency,
        sum(p.amount) as amount
      from wallet_member_postings p
      join classified c on c.id = p.transaction_id
      where p.transaction_id = any(array(select id from classified where class is not null))
      group by c.id, c.brand_id, c.created_at, c.product_line, c.round_id, c.class, p.member_id, p.currency
      having sum(p.amount) <> 0
    )
    select s.id as transaction_id, s.brand_id, s.member_id, s.currency, s.class, abs(s.amount) as amount,
      s.product_line, s.round_id, r.game_id, r.bet_amount as round_bet, s.created_at,
      to_char(s.created_at at time zone br.time_zone, 'YYYY-MM-DD') as day, br.time_zone
    from shares s
    join site_brands br on br.id = s.brand_id and br.currency = s.currency
    left join lateral (
      select g.game_id, g.bet_amount from games_rounds g where g.id = s.round_id and g.member_id = s.member_id
    ) r on true
    order by s.id, s.member_id`,
  );
  return rows.map((row) => ({
    transactionId: BigInt(row.transaction_id),
    brandId: BigInt(row.brand_id),
    memberId: BigInt(row.member_id),
    currency: row.currency,
    kind: row.class,
    amount: BigInt(row.amount),
    productLine: row.product_line,
    roundId: optionalBigint(row.round_id),
    gameId: optionalBigint(row.game_id),
    roundBet: optionalBigint(row.round_bet),
    at: new Date(row.created_at),
    day: row.day,
    timeZone: row.time_zone,
  }));
};

/** How many auth event ids back each read starts again: a sign-in whose id was taken earlier may commit later. */
const loginRereadWindow = 1_000;

/**
 * The login days recorded by the sign-ins since the stored login horizon (read again a window back; a day is
 * recorded once, so only days new to the table are answered) and the new horizon.
 */
export const recordLoginDays = async (
  tx: Transaction,
  horizon: bigint,
): Promise<{ days: LoginDay[]; horizon: bigint }> => {
  const rows = await selectRows<{
    brand_id: string | bigint;
    member_id: string | bigint | null;
    day: string;
    time_zone: string;
    top: string | bigint | null;
  }>(
    tx,
    sql`with logins as (
      select l.id, l.brand_id, l.member_id, to_char(l.created_at at time zone br.time_zone, 'YYYY-MM-DD') as day,
        br.time_zone
      from auth_logins l join site_brands br on br.id = l.brand_id
      where l.id > ${horizon - BigInt(loginRereadWindow)}
    ), fresh as (
      insert into loyalty_login_days (member_id, day)
      select distinct member_id, day::date from logins order by 1, 2
      on conflict do nothing
      returning member_id, to_char(day, 'YYYY-MM-DD') as day
    )
    select distinct l.brand_id, f.member_id, f.day, l.time_zone, null::bigint as top
    from fresh f join logins l on l.member_id = f.member_id and l.day = f.day
    union all
    select null, null, null, null, (select max(id) from logins)`,
  );
  let next = horizon;
  const days: LoginDay[] = [];
  for (const row of rows) {
    if (row.member_id === null) {
      if (row.top !== null && BigInt(row.top) > next) next = BigInt(row.top);
      continue;
    }
    days.push({
      brandId: BigInt(row.brand_id),
      memberId: BigInt(row.member_id),
      day: row.day,
      timeZone: row.time_zone,
    });
  }
  return { days, horizon: next };
};

/** The members' lifetime figures and points earning state as stored (members without a row are absent). */
export const readFigures = async (
  tx: Transaction,
  memberIds: readonly bigint[],
): Promise<MemberFigures[]> => {
  if (memberIds.length === 0) return [];
  const rows = await selectRows<{
    member_id: string | bigint;
    brand_id: string | bigint;
    deposit_total: string | bigint;
    valid_bet_total: string | bigint;
    points_remainder: string | bigint;
    points_earned_by: Record<string, string>;
    points_pending: string | bigint;
  }>(
    tx,
    sql`select member_id, brand_id, deposit_total, valid_bet_total, points_remainder, points_earned_by,
        points_pending
      from loyalty_member_totals where member_id = any(${numberArray(memberIds)}::bigint[])`,
  );
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    brandId: BigInt(row.brand_id),
    depositTotal: BigInt(row.deposit_total),
    validBetTotal: BigInt(row.valid_bet_total),
    pointsRemainder: BigInt(row.points_remainder),
    pointsEarnedBy: row.points_earned_by,
    pointsPending: BigInt(row.points_pending),
  }));
};

/**
 * Writes the batch's figures in one statement: each member's day figures added (with the points the points
 * consumer set) and each member's lifetime figures, their deposit and valid bet added and their points earning
 * state (carried fraction, per-source totals, points pending) set. Only members with a deposit, bet or refund in the batch (those with day figures) are written.
 */
export const writeFigures = async (
  tx: Transaction,
  members: ReadonlyMap<bigint, MemberFigures>,
  days: ReadonlyMap<string, DayFigures>,
): Promise<void> => {
  if (days.size === 0) return;
  const added = new Map<bigint, { deposit: bigint; validBet: bigint }>();
  for (const day of days.values()) {
    const sum = added.get(day.memberId) ?? { deposit: 0n, validBet: 0n };
    sum.deposit += day.deposit;
    sum.validBet += day.validBet;
    added.set(day.memberId, sum);
  }
  const totals = [...added].flatMap(([memberId, sum]) => {
    const figures = members.get(memberId);
    return figures ? [{ figures, sum }] : [];
  });
  const dayRows = [...days.values()];
  await tx.execute(sql`with days as (
      insert into loyalty_member_days as d (member_id, day, brand_id, deposit_amount, valid_bet, rounds, points_earned)
      select * from unnest(${numberArray(dayRows.map((row) => row.memberId))}::bigint[],
        ${textArray(dayRows.map((row) => row.day))}::date[],
        ${numberArray(dayRows.map((row) => row.brandId))}::bigint[],
        ${numberArray(dayRows.map((row) => row.deposit))}::bigint[],
        ${numberArray(dayRows.map((row) => row.validBet))}::bigint[],
        ${numberArray(dayRows.map((row) => row.rounds))}::int[],
        ${numberArray(dayRows.map((row) => row.points))}::bigint[])
      order by 1, 2
      on conflict (member_id, day) do update set
        deposit_amount = d.deposit_amount + excluded.deposit_amount,
        valid_bet = d.valid_bet + excluded.valid_bet,
        rounds = d.rounds + excluded.rounds,
        points_earned = d.points_earned + excluded.points_earned
    )
    insert into loyalty_member_totals as t
      (member_id, brand_id, deposit_total, valid_bet_total, points_remainder, points_earned_by, points_pending)
    select member_id, brand_id, deposit, valid_bet, remainder, earned_by::jsonb, pending
    from unnest(${numberArray(totals.map((row) => row.figures.memberId))}::bigint[],
      ${numberArray(totals.map((row) => row.figures.brandId))}::bigint[],
      ${numberArray(totals.map((row) => row.sum.deposit))}::bigint[],
      ${numberArray(totals.map((row) => row.sum.validBet))}::bigint[],
      ${numberArray(totals.map((row) => row.figures.pointsRemainder))}::bigint[],
      ${textArray(totals.map((row) => JSON.stringify(row.figures.pointsEarnedBy)))}::text[],
      ${numberArray(totals.map((row) => row.figures.pointsPending))}::bigint[])
      as v(member_id, brand_id, deposit, valid_bet, remainder, earned_by, pending)
    order by member_id
    on conflict (member_id) do update set
      deposit_total = t.deposit_total + excluded.deposit_total,
      valid_bet_total = t.valid_bet_total + excluded.valid_bet_total,
      points_remainder = excluded.points_remainder,
      points_earned_by = excluded.points_earned_by,
      points_pending = excluded.points_pending,
      updated_at = now()`);
};

export type FoldState = { from: bigint; visibleBelow: bigint; loginHorizon: bigint };

/**
 * Takes the fold lock (another instance's batch is waited for) and reads where the fold stands. The batch commits
 * without waiting for its WAL to reach the disk: a batch lost in a crash loses its horizon with it and is folded
 * again, and whatever later commits durably after reading its results (a redeem of the points) flushes it first.
 */
export const lockFold = async (tx: Transaction): Promise<FoldState> => {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${loyaltyFoldLock}), set_config('synchronous_commit', 'off', true)`,
  );
  const [state] = await selectRows<{
    horizon: string | bigint;
    login_event_horizon: string | bigint;
    visible_below: string | bigint;
  }>(
    tx,
    sql`select horizon, login_event_horizon, (${visibleBelowSql}) as visible_below from loyalty_fold where id = 1`,
  );
  if (!state) throw new Error('loyalty_fold has no row (migration 0047)');
  return {
    from: BigInt(state.horizon),
    visibleBelow: BigInt(state.visible_below),
    loginHorizon: BigInt(state.login_event_horizon),
  };
};

export const moveFold = async (tx: Transaction, horizon: bigint, loginHorizon: bigint): Promise<void> => {
  await tx.execute(
    sql`update loyalty_fold set horizon = ${horizon}, login_event_horizon = ${loginHorizon} where id = 1`,
  );
};
