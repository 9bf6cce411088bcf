import { sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../../db/database';
import type { LoginDay, LoyaltyActivity } from './fold-types';

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

/** Every member's share of the ledger transactions written by database transactions in [from, to). */
export const readActivities = async (
  tx: Transaction,
  from: bigint,
  to: bigint,
): Promise<LoyaltyActivity[]> => {
  const rows = await selectRows<ActivityRow>(
    tx,
    sql`with classified as (
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
    )
    select c.id as transaction_id, c.brand_id, e.member_id, e.currency, c.class, abs(sum(e.amount)) as amount,
      c.product_line, c.round_id, r.game_id, r.bet_amount as round_bet, c.created_at,
      to_char(c.created_at at time zone br.time_zone, 'YYYY-MM-DD') as day, br.time_zone
    from classified c
    join wallet_member_postings e on e.transaction_id = c.id
    join site_brands br on br.id = c.brand_id and br.currency = e.currency
    left join games_rounds r on r.id = c.round_id and r.member_id = e.member_id
    where c.class is not null
    group by c.id, c.brand_id, e.member_id, e.currency, c.class, c.product_line, c.round_id, r.game_id,
      r.bet_amount, c.created_at, br.time_zone
    having sum(e.amount) <> 0
    order by c.id, e.member_id`,
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

/** Lifetime totals and daily figures (deposits, valid bet, rounds) of the batch's members. */
export const addFigures = async (tx: Transaction, activities: readonly LoyaltyActivity[]): Promise<void> => {
  const figures = activities
    .filter((activity) => activity.kind !== 'payout')
    .map((activity) => ({
      member_id: activity.memberId.toString(),
      brand_id: activity.brandId.toString(),
      day: activity.day,
      deposit: activity.kind === 'deposit' ? activity.amount.toString() : '0',
      valid_bet:
        activity.kind === 'bet'
          ? activity.amount.toString()
          : activity.kind === 'refund'
            ? (-activity.amount).toString()
            : '0',
      rounds: activity.kind === 'bet' ? 1 : activity.kind === 'refund' ? -1 : 0,
    }));
  if (figures.length === 0) return;
  await tx.execute(sql`with input as (
      select * from json_to_recordset(${JSON.stringify(figures)}::json)
        as x(member_id bigint, brand_id bigint, day date, deposit bigint, valid_bet bigint, rounds int)
    ), days as (
      insert into loyalty_member_days as d (member_id, day, brand_id, deposit_amount, valid_bet, rounds)
      select member_id, day, brand_id, sum(deposit), sum(valid_bet), sum(rounds)
      from input group by member_id, day, brand_id order by member_id, day
      on conflict (member_id, day) do update set
        deposit_amount = d.deposit_amount + excluded.deposit_amount,
        valid_bet = d.valid_bet + excluded.valid_bet,
        rounds = d.rounds + excluded.rounds
    )
    insert into loyalty_member_totals as t (member_id, brand_id, deposit_total, valid_bet_total)
    select member_id, brand_id, sum(deposit), sum(valid_bet) from input group by member_id, brand_id
    order by member_id
    on conflict (member_id) do update set
      deposit_total = t.deposit_total + excluded.deposit_total,
      valid_bet_total = t.valid_bet_total + excluded.valid_bet_total,
      updated_at = now()`);
};

export type FoldState = { from: bigint; visibleBelow: bigint; loginHorizon: bigint };

/** Takes the fold lock (another instance's batch is waited for) and reads where the fold stands. */
export const lockFold = async (tx: Transaction): Promise<FoldState> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${loyaltyFoldLock})`);
  const [state] = await selectRows<{
    horizon: string | bigint;
    login_event_horizon: string | bigint;
    visible_below: string | bigint;
  }>(
    tx,
    sql`select horizon, login_event_horizon, pg_snapshot_xmin(pg_current_snapshot())::text::int8 as visible_below
      from loyalty_fold where id = 1`,
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

/** The id the next database transaction will get: every transaction committed so far has a lower one. */
export const nextTransactionId = async (db: Database): Promise<bigint> => {
  const [row] = await selectRows<{ next: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  if (!row) throw new Error('no snapshot');
  return BigInt(row.next);
};
