import { sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../db/database';
import { batchEnd, type FoldBatchResult, visibleBelowSql } from '../../db/ledger-follow';

/**
 * The reports fold follows the ledger the way the agents' roll-up fold and the loyalty fold do
 * (`db/ledger-follow.ts`): a batch is the ledger transactions written by database transactions between the stored
 * horizon and a bound below which every transaction has finished, read through the published views (the wallet's
 * postings, the games' rounds, the payments' channels, the site's brands), applied to the roll-ups and the horizon
 * moved in one transaction under one advisory lock. So each movement counts once whatever crashes or however many
 * instances run, and the money's path writes nothing for it.
 */
const reportsFoldLock = 7245821;

/** How many member ids back each read of new members starts again: an id taken earlier may commit later. */
const memberRereadWindow = 1_000;

/**
 * One statement: the batch's ledger transactions classified, each member's share of each (in the brand's
 * currency), placed on the brand's day, its game (by the games module's record of the movement) or its channel,
 * then added to the games', the money's and the days' roll-ups; the days a member bet on set in their month's
 * bits, and the day's active players and first-time depositors counted from what was new. Answers how many ledger
 * transactions it read.
 *
 * Classes, as the agents' figures count them (and win rollbacks, which take a payout back): a bet's stake, a
 * refund (a bet's rollback) that takes it back, a payout (a win; a win's rollback negative), a deposit, a paid
 * withdrawal, bonus cost (bonus, rebate and reward kinds; a forfeit negative). Anything else (transfers, holds,
 * adjustments, player-versus-player buy-ins) is not a figure.
 */
const applyLedgerBatch = async (tx: Transaction, from: bigint, to: bigint): Promise<number> => {
  const [row] = await selectRows<{ taken: number }>(
    tx,
    sql`with classified as materialized (
      select t.id, t.brand_id, t.created_at, t.kind, t.reference, t.product_line,
        case
          when t.kind = 'bet' or t.kind like '%.bet' then 'bet'
          when t.kind = 'bet.rollback' or t.kind like '%.bet.rollback' or t.kind like '%.refund' then 'refund'
          when t.kind = 'win' or t.kind like '%.win' or t.kind = 'win.rollback' or t.kind like '%.win.rollback'
            then 'payout'
          when t.kind = 'deposit' then 'deposit'
          when t.kind = 'withdrawal.paid' then 'withdrawal'
          when t.kind like 'bonus%' or t.kind like 'rebate%' or t.kind like 'reward%' then 'bonus'
        end as class
      from wallet_transaction_details t
      where t.xact_id >= ${from} and t.xact_id < ${to}
    ), shares as materialized (
      select c.id, c.brand_id, c.kind, c.reference, c.product_line, c.class, p.member_id,
        (c.created_at at time zone br.time_zone)::date as day, sum(p.amount) as amount
      from wallet_member_postings p
      join classified c on c.id = p.transaction_id
      join site_brands br on br.id = c.brand_id and br.currency = p.currency
      where p.transaction_id = any(array(select id from classified where class is not null))
      group by c.id, c.brand_id, c.kind, c.reference, c.product_line, c.class, p.member_id, c.created_at,
        br.time_zone
      having sum(p.amount) <> 0
    ), facts as materialized (
      select s.brand_id, s.member_id, s.day, s.class,
        coalesce(s.product_line, g.product_line, '') as product_line,
        coalesce(g.vendor_id, 0) as vendor_id, coalesce(g.game_id, 0) as game_id,
        coalesce(dc.channel, wc.channel, case when s.class = 'bonus' then s.kind end, '') as channel,
        case s.class when 'bet' then 1 when 'refund' then -1 else 0 end as bet_count,
        case when s.class in ('bet', 'refund') then -s.amount else 0 end as stake,
        case when s.class = 'payout' then s.amount else 0 end as payout,
        case when s.class = 'withdrawal' then -s.amount else s.amount end as money
      from shares s
      left join lateral (
        select r.game_id, r.vendor_id, r.product_line from games_round_postings r
        where s.class in ('bet', 'refund', 'payout') and r.ledger_transaction_id = s.id and r.member_id = s.member_id
        order by r.round_id limit 1
      ) g on true
      left join lateral (
        select d.channel from payments_deposit_channels d
        where s.class = 'deposit' and d.deposit_id = (substring(s.reference from '^deposit:([0-9]+)$'))::bigint
      ) dc on true
      left join lateral (
        select w.channel from payments_withdrawal_channels w
        where s.class = 'withdrawal' and w.hold_id = (substring(s.reference from '^hold:([0-9]+)$'))::bigint
      ) wc on true
    ), games as (
      insert into report_games_daily as d (brand_id, day, product_line, vendor_id, game_id, bet_count, stake, payout)
      select brand_id, day, product_line, vendor_id, game_id, sum(bet_count), sum(stake), sum(payout)
      from facts where class in ('bet', 'refund', 'payout')
      group by brand_id, day, product_line, vendor_id, game_id order by 1, 2, 3, 4, 5
      on conflict (brand_id, day, product_line, vendor_id, game_id) do update set
        bet_count = d.bet_count + excluded.bet_count, stake = d.stake + excluded.stake,
        payout = d.payout + excluded.payout
    ), money as (
      insert into report_money_daily as d (brand_id, day, flow, channel, count, amount)
      select brand_id, day, class, channel, count(*), sum(money)
      from facts where class in ('deposit', 'withdrawal', 'bonus')
      group by brand_id, day, class, channel order by 1, 2, 3, 4
      on conflict (brand_id, day, flow, channel) do update set
        count = d.count + excluded.count, amount = d.amount + excluded.amount
    ), bettors as (
      select distinct brand_id, member_id, date_trunc('month', day)::date as month,
        date_part('day', day)::int - 1 as bit
      from facts where class = 'bet'
    ), bettor_months as (
      select brand_id, month, member_id, bit_or(1 << bit) as days from bettors group by brand_id, month, member_id
    ), months as (
      insert into report_player_months as m (brand_id, month, member_id, days)
      select brand_id, month, member_id, days from bettor_months order by 1, 2, 3
      on conflict (brand_id, month, member_id) do update set days = m.days | excluded.days
    ), first_deposits as (
      insert into report_members as r (member_id, brand_id, first_deposit_on)
      select member_id, brand_id, min(day) from facts where class = 'deposit'
      group by member_id, brand_id order by 1
      on conflict (member_id) do update set first_deposit_on = excluded.first_deposit_on
        where r.first_deposit_on is null
      returning r.brand_id, r.first_deposit_on as day
    ), day_figures as (
      select brand_id, day, sum(bet_count) as bet_count, sum(stake) as stake, sum(payout) as payout,
        count(*) filter (where class = 'deposit') as deposit_count,
        coalesce(sum(money) filter (where class = 'deposit'), 0) as deposit_amount,
        count(*) filter (where class = 'withdrawal') as withdrawal_count,
        coalesce(sum(money) filter (where class = 'withdrawal'), 0) as withdrawal_amount,
        coalesce(sum(money) filter (where class = 'bonus'), 0) as bonus_amount,
        0 as active_players, 0 as first_depositors
      from facts group by brand_id, day
      union all
      select b.brand_id, b.month + b.bit, 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0
      from bettors b
      -- Looked up by key per bettor (the batch's estimates are poor: a join of the two would be planned as a
      -- nested loop over both), against the rows as they were before this statement.
      where not exists (
        select 1 from report_player_months o
        where o.brand_id = b.brand_id and o.month = b.month and o.member_id = b.member_id
          and (o.days & (1 << b.bit)) <> 0
      )
      group by b.brand_id, b.month + b.bit
      union all
      select brand_id, day, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*) from first_deposits group by brand_id, day
    ), days as (
      insert into report_daily as d (brand_id, day, bet_count, stake, payout, deposit_count, deposit_amount,
        withdrawal_count, withdrawal_amount, bonus_amount, active_players, first_depositors)
      select brand_id, day, sum(bet_count), sum(stake), sum(payout), sum(deposit_count), sum(deposit_amount),
        sum(withdrawal_count), sum(withdrawal_amount), sum(bonus_amount), sum(active_players), sum(first_depositors)
      from day_figures group by brand_id, day order by 1, 2
      on conflict (brand_id, day) do update set
        bet_count = d.bet_count + excluded.bet_count, stake = d.stake + excluded.stake,
        payout = d.payout + excluded.payout, deposit_count = d.deposit_count + excluded.deposit_count,
        deposit_amount = d.deposit_amount + excluded.deposit_amount,
        withdrawal_count = d.withdrawal_count + excluded.withdrawal_count,
        withdrawal_amount = d.withdrawal_amount + excluded.withdrawal_amount,
        bonus_amount = d.bonus_amount + excluded.bonus_amount,
        active_players = d.active_players + excluded.active_players,
        first_depositors = d.first_depositors + excluded.first_depositors, updated_at = now()
    )
    select count(*)::int4 as taken from classified`,
  );
  return row?.taken ?? 0;
};

/**
 * The members registered since the stored member horizon (read again a window back; a member is counted once, by
 * its `registered_on`), as new players of their day; answers the new horizon. Trial accounts (type 4) are not
 * players.
 */
const countNewMembers = async (tx: Transaction, horizon: bigint): Promise<bigint> => {
  const [row] = await selectRows<{ top: string | bigint | null }>(
    tx,
    sql`with registered as (
      select m.id, m.brand_id, (m.created_at at time zone br.time_zone)::date as day
      from members_directory m join site_brands br on br.id = m.brand_id
      where m.id > ${horizon - BigInt(memberRereadWindow)} and m.type <> 4
    ), fresh as (
      insert into report_members as r (member_id, brand_id, registered_on)
      select id, brand_id, day from registered order by id
      on conflict (member_id) do update set registered_on = excluded.registered_on where r.registered_on is null
      returning r.brand_id, r.registered_on as day
    ), counted as (
      insert into report_daily as d (brand_id, day, new_players)
      select brand_id, day, count(*) from fresh group by brand_id, day order by 1, 2
      on conflict (brand_id, day) do update set new_players = d.new_players + excluded.new_players,
        updated_at = now()
    )
    select (select max(id) from members_directory where id > ${horizon - BigInt(memberRereadWindow)}) as top`,
  );
  const top = row?.top === null || row?.top === undefined ? horizon : BigInt(row.top);
  return top > horizon ? top : horizon;
};

/**
 * One batch under the fold lock (another instance's batch is waited for), at most `span` database transactions
 * wide. The batch commits without waiting for its WAL to reach the disk: one lost in a crash loses its horizon
 * with it and is folded again.
 */
export const foldReportsBatch = async (tx: Transaction, span: number): Promise<FoldBatchResult> => {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${reportsFoldLock}), set_config('synchronous_commit', 'off', true)`,
  );
  const [state] = await selectRows<{
    horizon: string | bigint;
    member_horizon: string | bigint;
    visible_below: string | bigint;
  }>(
    tx,
    sql`select horizon, member_horizon, (${visibleBelowSql}) as visible_below from report_fold where id = 1`,
  );
  if (!state) throw new Error('report_fold has no row (migration 0056)');
  const from = BigInt(state.horizon);
  const visibleBelow = BigInt(state.visible_below);
  const to = batchEnd(from, visibleBelow, span);
  const taken = to > from ? await applyLedgerBatch(tx, from, to) : 0;
  const memberHorizon = await countNewMembers(tx, BigInt(state.member_horizon));
  const horizon = to > from ? to : from;
  await tx.execute(
    sql`update report_fold set horizon = ${horizon}, member_horizon = ${memberHorizon} where id = 1`,
  );
  return { taken, caughtUp: horizon === visibleBelow, horizon };
};
