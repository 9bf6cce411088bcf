import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../db/database';
import { batchEnd, type FoldBatchResult } from '../../db/ledger-follow';

/**
 * The fold: ledger postings become the members' hourly and daily roll-ups and their agents' team roll-ups
 * (`team_figures_daily`, `team_activity_daily`). The postings come from the wallet's read models
 * (`wallet_transactions`, `wallet_member_postings`) and the brand's currency and clock from the site's
 * (`site_brands`); plain views the planner inlines, so the batch is planned as over the ledger's tables. A batch
 * is the ledger transactions written by database transactions between the stored horizon and a bound below the
 * current snapshot's xmin (every transaction there has finished, so each is visible now or never will be); it is
 * applied and the horizon moved in one transaction under one advisory lock (also taken by a move of the tree), so
 * a posting counts exactly once whatever crashes or how many instances run the job, and the money's path writes
 * nothing for it.
 */

/** Shared with `member_tree_on_move` and `agent_team_rebuild` (migration 0029). */
const foldLock = 7245802;

const figureColumns = [
  'bet_count',
  'bet_amount',
  'valid_bet',
  'payout',
  'deposit_count',
  'deposit_amount',
  'withdrawal_count',
  'withdrawal_amount',
  'bonus_amount',
];

/** The upsert's SET list: every figure of the existing row `alias` plus the batch's (`excluded`). */
const addedUp = (alias: string): SQL =>
  sql.raw(
    [
      ...figureColumns.map((column) => `${column} = ${alias}.${column} + excluded.${column}`),
      'updated_at = now()',
    ].join(', '),
  );

type Flip = { member_id: string; day: string; active: boolean };
type BatchRow = {
  taken: number;
  member_id: bigint | string | null;
  day: string | null;
  active: boolean | null;
};

/**
 * Applies the figures of the ledger transactions written by database transactions in [from, to); answers the
 * batch's member-days whose activity (valid bet above zero) changed, and how many transactions it took.
 */
const applyBatch = (tx: Transaction, from: bigint, to: bigint): Promise<BatchRow[]> =>
  selectRows<BatchRow>(
    tx,
    sql`with taken as (
      select id as transaction_id from wallet_transactions where xact_id >= ${from} and xact_id < ${to}
    ), moved as (
      select e.member_id, t.brand_id, t.created_at, br.time_zone, agent_figure_class(t.kind) as class,
        sum(e.amount) as amount
      from (select distinct transaction_id from taken) q
      join wallet_transactions t on t.id = q.transaction_id
      join wallet_member_postings e on e.transaction_id = t.id
      join site_brands br on br.id = t.brand_id and br.currency = e.currency
      where agent_figure_class(t.kind) is not null
      -- A view carries no primary key, so what depends on t.id is named too.
      group by e.member_id, t.brand_id, t.id, t.created_at, t.kind, br.time_zone
      having sum(e.amount) <> 0
    ), figures as (
      select member_id, brand_id,
        date_trunc('hour', created_at at time zone time_zone) at time zone time_zone as hour_start,
        (created_at at time zone time_zone)::date as day,
        case class when 'bet' then 1 when 'refund' then -1 else 0 end as bet_count,
        case class when 'bet' then -amount when 'refund' then -amount else 0 end as bet_amount,
        case class when 'payout' then amount else 0 end as payout,
        case class when 'deposit' then 1 else 0 end as deposit_count,
        case class when 'deposit' then amount else 0 end as deposit_amount,
        case class when 'withdrawal' then 1 else 0 end as withdrawal_count,
        case class when 'withdrawal' then -amount else 0 end as withdrawal_amount,
        case class when 'bonus' then amount else 0 end as bonus_amount
      from moved
    ), per_day as (
      select f.member_id, f.brand_id, f.day, coalesce(mt.path, '') as path, sum(f.bet_count)::int4 as bet_count,
        sum(f.bet_amount) as bet_amount, sum(f.payout) as payout, sum(f.deposit_count)::int4 as deposit_count,
        sum(f.deposit_amount) as deposit_amount, sum(f.withdrawal_count)::int4 as withdrawal_count,
        sum(f.withdrawal_amount) as withdrawal_amount, sum(f.bonus_amount) as bonus_amount
      from figures f left join member_tree mt on mt.member_id = f.member_id
      group by f.member_id, f.brand_id, f.day, mt.path
    ), hourly as (
      insert into member_figures_hourly as h (member_id, brand_id, hour_start, bet_count, bet_amount, valid_bet,
        payout, deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
      select member_id, brand_id, hour_start, sum(bet_count), sum(bet_amount), sum(bet_amount), sum(payout),
        sum(deposit_count), sum(deposit_amount), sum(withdrawal_count), sum(withdrawal_amount), sum(bonus_amount)
      from figures group by member_id, brand_id, hour_start order by member_id, hour_start
      on conflict (member_id, hour_start) do update set
        ${addedUp('h')}
    ), team as (
      insert into team_figures_daily as d (agent_id, brand_id, day, bet_count, bet_amount, valid_bet, payout,
        deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
      select agent, p.brand_id, p.day, sum(p.bet_count), sum(p.bet_amount), sum(p.bet_amount), sum(p.payout),
        sum(p.deposit_count), sum(p.deposit_amount), sum(p.withdrawal_count), sum(p.withdrawal_amount),
        sum(p.bonus_amount)
      from per_day p cross join unnest(agent_ancestors(p.path, p.member_id)) agent
      group by agent, p.brand_id, p.day order by agent, p.day
      on conflict (agent_id, day) do update set
        ${addedUp('d')}
    ), daily as (
      insert into member_figures_daily as d (member_id, brand_id, day, path, bet_count, bet_amount, valid_bet,
        payout, deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
      select member_id, brand_id, day, path, bet_count, bet_amount, bet_amount, payout, deposit_count,
        deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount
      from per_day order by member_id, day
      on conflict (member_id, day) do update set
        path = excluded.path,
        ${addedUp('d')}
      returning d.member_id, d.day, d.valid_bet
    )
    select (select count(*)::int4 from taken) as taken, d.member_id, to_char(d.day, 'YYYY-MM-DD') as day,
      d.valid_bet > 0 as active
    -- The statement's snapshot shows the days as they were before it: what each day was against what it is.
    -- (A CTE of those rows joined with per_day was evaluated again for every day written: 400 days, 160,000
    -- index scans, most of the fold's time under load.)
    from daily d left join member_figures_daily b on b.member_id = d.member_id and b.day = d.day
    where (d.valid_bet > 0) <> (coalesce(b.valid_bet, 0) > 0)
    union all
    select (select count(*)::int4 from taken), null, null, null`,
  );

/**
 * Member-days that became active or inactive change their agents' activity rows: each member's contribution
 * (its active days with the gap to the previous one) is taken before and after the flips, over the days a flip can
 * reach (92 days either side), and the difference goes to every agent above the member.
 */
const applyFlips = async (tx: Transaction, flips: readonly Flip[]): Promise<void> => {
  await tx.execute(sql`with flips as (
      select * from json_to_recordset(${JSON.stringify(flips)}::json) as x(member_id bigint, day date, active boolean)
    ), bounds as (
      select member_id, min(day) as low, max(day) as high from flips group by member_id
    ), now_active as (
      select d.member_id, d.day from member_figures_daily d join bounds b on b.member_id = d.member_id
      where d.day >= b.low - 93 and d.day <= b.high + 93 and d.valid_bet > 0
    ), was_active as (
      select n.member_id, n.day from now_active n
      where not exists (select 1 from flips f where f.member_id = n.member_id and f.day = n.day and f.active)
      union all
      select f.member_id, f.day from flips f where not f.active
    ), contributions as (
      select member_id, day, agent_activity_gap(lag(day) over (partition by member_id order by day), day) as gap,
        1 as delta
      from now_active
      union all
      select member_id, day, agent_activity_gap(lag(day) over (partition by member_id order by day), day), -1
      from was_active
    ), changes as (
      select c.member_id, c.day, c.gap, sum(c.delta)::int4 as delta
      from contributions c join bounds b on b.member_id = c.member_id
      where c.day >= b.low and c.day <= b.high + 92
      group by c.member_id, c.day, c.gap
      having sum(c.delta) <> 0
    )
    insert into team_activity_daily as a (agent_id, brand_id, day, gap, members)
    select agent, mt.brand_id, c.day, c.gap, sum(c.delta)
    from changes c join member_tree mt on mt.member_id = c.member_id
    cross join unnest(agent_ancestors(mt.path, c.member_id)) agent
    group by agent, mt.brand_id, c.day, c.gap order by agent, c.day, c.gap
    on conflict (agent_id, day, gap) do update set members = a.members + excluded.members`);
};

/**
 * One batch under the fold lock (another instance's batch is waited for), at most `span` database transactions
 * wide: answers how many ledger transactions it took and whether it reached what is visible now.
 */
export const foldBatch = (db: Database, span: number): Promise<FoldBatchResult> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${foldLock})`);
    const [state] = await selectRows<{ horizon: bigint | string; visible_below: bigint | string }>(
      tx,
      sql`select horizon, pg_snapshot_xmin(pg_current_snapshot())::text::int8 as visible_below
        from member_figures_fold where id = 1`,
    );
    if (!state) throw new Error('member_figures_fold has no row (migration 0029)');
    const from = BigInt(state.horizon);
    const visibleBelow = BigInt(state.visible_below);
    const to = batchEnd(from, visibleBelow, span);
    if (to <= from) return { taken: 0, caughtUp: true, horizon: from };
    const rows = await applyBatch(tx, from, to);
    const flips = rows.flatMap((row) =>
      row.member_id === null || row.day === null || row.active === null
        ? []
        : [{ member_id: String(row.member_id), day: row.day, active: row.active }],
    );
    if (flips.length > 0) await applyFlips(tx, flips);
    await tx.execute(sql`update member_figures_fold set horizon = ${to} where id = 1`);
    return { taken: rows[0]?.taken ?? 0, caughtUp: to === visibleBelow, horizon: to };
  });

/** The brand's team roll-ups computed again from its members' daily rows (benches, repairs). */
export const rebuildTeamRollups = async (db: Database, brandId: bigint): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select agent_team_rebuild(${brandId})`);
  });
};
