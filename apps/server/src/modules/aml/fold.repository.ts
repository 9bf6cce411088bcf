import { sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../db/database';
import { batchEnd, type FoldBatchResult, visibleBelowSql } from '../../db/ledger-follow';
import { evidenceListLimit } from './aml-defaults';
import { brandRulesSql } from './aml-settings.repository';

/**
 * The AML fold follows the ledger the way the reports and loyalty folds do (`db/ledger-follow.ts`): a batch is the
 * ledger transactions written by database transactions between the stored horizon and a bound below which every
 * transaction has finished, read through the wallet's published views; the rules run over it and the horizon
 * moves in one transaction under one advisory lock. So each deposit, withdrawal request and transfer is seen
 * once whatever crashes or however many instances run, and the money's path writes nothing for it. Flags are
 * unique per rule, member and evidence key besides, so even a batch folded twice flags nothing twice.
 *
 * A withdrawal request is the ledger's `withdrawal.request` hold (the member's cash to their hold account, both
 * the member's postings); a deposit is `deposit` (clearing to the member's cash); an agent's transfer to its line
 * is `transfer.downline` (the agent's cash to the member's).
 */
const amlFoldLock = 7245831;

/** How many ids back each read of new members and sign-ins starts again: an id taken earlier may commit later. */
const idRereadWindow = 1_000;

/** How long the rapid-transfer window's memory reaches back (the longest window is a day; the fold may lag). */
const recentTransfersKept = sql`interval '2 days'`;

/** The last `evidenceListLimit` ids of an array of bigints, as a JSON array of strings. */
const lastIdsJson = (ids: ReturnType<typeof sql>) =>
  sql`to_jsonb(((${ids})[greatest(1, cardinality(${ids}) - ${evidenceListLimit - 1}):])::text[])`;

/**
 * Deposits and withdrawal requests of the batch, each member's share in the brand's currency:
 * - large_deposit / large_withdrawal: at or over the brand's threshold;
 * - little_play: a withdrawal request when the valid bets (settled rounds opened since the member's previous
 *   request) are below the brand's percentage of the deposits since that request;
 * and the member's running deposits since their last request kept for the next batch, and each member who asked
 * to withdraw marked for a sharing check (their payout account). Answers how many movements it read.
 */
const foldDepositsAndWithdrawals = async (tx: Transaction, from: bigint, to: bigint): Promise<number> => {
  const [row] = await selectRows<{ taken: number }>(
    tx,
    sql`with rules as (${brandRulesSql}),
    batch_events as materialized (
      select t.id, t.brand_id, t.kind, t.created_at, p.member_id,
        sum(p.amount) filter (where p.amount > 0) as amount
      from wallet_transaction_details t
      join wallet_member_postings p on p.transaction_id = t.id
      join site_brands br on br.id = t.brand_id and br.currency = p.currency
      where t.xact_id >= ${from} and t.xact_id < ${to} and t.kind in ('deposit', 'withdrawal.request')
      group by t.id, t.brand_id, t.kind, t.created_at, p.member_id
      having sum(p.amount) filter (where p.amount > 0) > 0
    ), placed as materialized (
      -- segment: how many of the member's requests in the batch came before the event.
      select e.*,
        count(*) filter (where e.kind = 'withdrawal.request') over earlier as segment,
        max(e.created_at) filter (where e.kind = 'withdrawal.request') over earlier as previous_request_at
      from batch_events e
      window earlier as (partition by e.member_id order by e.id rows between unbounded preceding and 1 preceding)
    ), segment_deposits as (
      select member_id, segment, sum(amount) as amount, array_agg(id order by id) as ids
      from placed where kind = 'deposit'
      group by member_id, segment
    ), large_amounts as (
      insert into aml_flags (brand_id, rule, member_id, evidence_key, evidence)
      select e.brand_id, case e.kind when 'deposit' then 'large_deposit' else 'large_withdrawal' end, e.member_id,
        'transaction:' || e.id,
        jsonb_build_object('transactionId', e.id::text, 'amount', e.amount::text,
          'threshold', (case e.kind when 'deposit' then r.large_deposit else r.large_withdrawal end)::text,
          'transactionIds', jsonb_build_array(e.id::text))
      from batch_events e join rules r on r.brand_id = e.brand_id
      where e.amount >= case e.kind when 'deposit' then r.large_deposit else r.large_withdrawal end
      order by e.id
      on conflict (rule, member_id, evidence_key) do nothing
    ), requests as materialized (
      select w.id, w.brand_id, w.member_id, w.amount, w.created_at,
        case when w.segment = 0 then a.last_withdrawal_at else w.previous_request_at end as since,
        coalesce(d.amount, 0) + case when w.segment = 0 then coalesce(a.deposits_since, 0) else 0 end as deposited,
        case when w.segment = 0 then coalesce(a.deposit_transaction_ids, '{}'::bigint[]) else '{}'::bigint[] end
          || coalesce(d.ids, '{}'::bigint[]) as deposit_ids
      from placed w
      left join aml_member_activity a on a.member_id = w.member_id
      left join segment_deposits d on d.member_id = w.member_id and d.segment = w.segment
      where w.kind = 'withdrawal.request'
    ), measured as (
      select q.*, r.little_play_percent,
        (select coalesce(sum(g.valid_bet), 0) from games_settled_rounds g
          where g.member_id = q.member_id and g.currency = r.currency and g.opened_at < q.created_at
            and (q.since is null or g.opened_at >= q.since)) as valid_bet
      from requests q join rules r on r.brand_id = q.brand_id
      where q.deposited > 0
    ), little_play as (
      insert into aml_flags (brand_id, rule, member_id, evidence_key, evidence)
      select brand_id, 'little_play', member_id, 'transaction:' || id,
        jsonb_build_object('transactionId', id::text, 'amount', amount::text, 'deposits', deposited::text,
          'validBet', valid_bet::text, 'ratioPercent', little_play_percent, 'since', since,
          'transactionIds', ${lastIdsJson(sql`deposit_ids || id`)})
      from measured
      where valid_bet * 100 < deposited * little_play_percent
      order by id
      on conflict (rule, member_id, evidence_key) do nothing
    ), member_summary as (
      select member_id, min(brand_id) as brand_id,
        count(*) filter (where kind = 'withdrawal.request') as requests,
        max(created_at) filter (where kind = 'withdrawal.request') as last_request_at
      from placed group by member_id
    ), activity as (
      insert into aml_member_activity as a
        (member_id, brand_id, deposits_since, deposit_transaction_ids, last_withdrawal_at)
      select s.member_id, s.brand_id, coalesce(d.amount, 0)::int8,
        coalesce(d.ids[greatest(1, cardinality(d.ids) - ${evidenceListLimit - 1}):], '{}'::bigint[]),
        s.last_request_at
      from member_summary s
      left join segment_deposits d on d.member_id = s.member_id and d.segment = s.requests
      order by s.member_id
      on conflict (member_id) do update set
        deposits_since = case when excluded.last_withdrawal_at is null
          then a.deposits_since + excluded.deposits_since else excluded.deposits_since end,
        deposit_transaction_ids = case when excluded.last_withdrawal_at is null
          then (a.deposit_transaction_ids || excluded.deposit_transaction_ids)[greatest(1,
            cardinality(a.deposit_transaction_ids) + cardinality(excluded.deposit_transaction_ids)
              - ${evidenceListLimit - 1}):]
          else excluded.deposit_transaction_ids end,
        last_withdrawal_at = coalesce(excluded.last_withdrawal_at, a.last_withdrawal_at)
    ), touched as (
      insert into aml_member_checks as c (member_id, brand_id)
      select distinct member_id, brand_id from placed where kind = 'withdrawal.request'
      order by 1
      on conflict (member_id) do update set touches = c.touches + 1
    )
    select count(distinct id)::int4 as taken from batch_events`,
  );
  return row?.taken ?? 0;
};

/**
 * Agents' transfers to their line in the batch, kept for the window, and rapid_agent_transfers for each transfer
 * that brings its sender's transfers of the last window (sliding, ending at that transfer) to the brand's count or
 * amount: one flag per sender and window-long stretch of time (the evidence key), the first transfer that reached
 * it. Answers how many transfers it read.
 */
const foldAgentTransfers = async (tx: Transaction, from: bigint, to: bigint): Promise<number> => {
  const [row] = await selectRows<{ taken: number }>(
    tx,
    sql`with rules as (${brandRulesSql}),
    agent_transfers as materialized (
      select t.id, t.brand_id, t.created_at,
        min(p.member_id) filter (where p.amount < 0) as sender_id,
        min(p.member_id) filter (where p.amount > 0) as recipient_id,
        (sum(p.amount) filter (where p.amount > 0))::int8 as amount
      from wallet_transaction_details t
      join wallet_member_postings p on p.transaction_id = t.id
      join site_brands br on br.id = t.brand_id and br.currency = p.currency
      where t.xact_id >= ${from} and t.xact_id < ${to} and t.kind = 'transfer.downline'
      group by t.id, t.brand_id, t.created_at
      having min(p.member_id) filter (where p.amount < 0) is not null
        and min(p.member_id) filter (where p.amount > 0) is not null
    ), kept as (
      insert into aml_recent_transfers (transaction_id, brand_id, sender_id, recipient_id, amount, created_at)
      select id, brand_id, sender_id, recipient_id, amount, created_at from agent_transfers order by id
      on conflict (transaction_id) do nothing
    ), windows as (
      select t.id, t.brand_id, t.sender_id, t.created_at, r.transfer_window_minutes, r.transfer_count_min,
        r.transfer_amount_min, w.transfer_count, w.total, w.ids, w.recipients
      from agent_transfers t
      join rules r on r.brand_id = t.brand_id
      cross join lateral (
        select count(*)::int4 as transfer_count, sum(x.amount) as total,
          array_agg(x.transaction_id order by x.transaction_id) as ids,
          array_agg(distinct x.recipient_id) as recipients
        from (
          select o.transaction_id, o.amount, o.recipient_id from aml_recent_transfers o
          where o.sender_id = t.sender_id and o.created_at <= t.created_at
            and o.created_at > t.created_at - make_interval(mins => r.transfer_window_minutes)
          union
          select b.id, b.amount, b.recipient_id from agent_transfers b
          where b.sender_id = t.sender_id and b.created_at <= t.created_at
            and b.created_at > t.created_at - make_interval(mins => r.transfer_window_minutes)
        ) x
      ) w
    ), reached as (
      select distinct on (sender_id, stretch) *
      from (
        select w.*,
          floor(extract(epoch from w.created_at) / (w.transfer_window_minutes * 60))::int8 as stretch
        from windows w
        where w.transfer_count >= w.transfer_count_min or w.total >= w.transfer_amount_min
      ) candidates
      order by sender_id, stretch, id
    ), flagged as (
      insert into aml_flags (brand_id, rule, member_id, evidence_key, evidence)
      select brand_id, 'rapid_agent_transfers', sender_id,
        'window:' || transfer_window_minutes || ':' || stretch,
        jsonb_build_object('transactionId', id::text, 'amount', total::text, 'transferCount', transfer_count,
          'windowMinutes', transfer_window_minutes, 'transactionIds', ${lastIdsJson(sql`ids`)},
          'memberIds', to_jsonb((recipients[1:${evidenceListLimit}])::text[]))
      from reached
      order by id
      on conflict (rule, member_id, evidence_key) do nothing
    )
    select count(*)::int4 as taken from agent_transfers`,
  );
  return row?.taken ?? 0;
};

type Horizon = string | bigint | null | undefined;
const nextHorizon = (top: Horizon, horizon: bigint): bigint => {
  const seen = top === null || top === undefined ? horizon : BigInt(top);
  return seen > horizon ? seen : horizon;
};

/** New members (read again a window back) marked for a sharing check; trial accounts are not players. */
const markNewMembers = async (tx: Transaction, horizon: bigint): Promise<bigint> => {
  const [row] = await selectRows<{ top: Horizon }>(
    tx,
    sql`with fresh as (
      insert into aml_member_checks (member_id, brand_id)
      select id, brand_id from members_directory where id > ${horizon - BigInt(idRereadWindow)} and type <> 4
      order by id
      on conflict (member_id) do nothing
    )
    select max(id) as top from members_directory where id > ${horizon - BigInt(idRereadWindow)}`,
  );
  return nextHorizon(row?.top, horizon);
};

/**
 * Members who signed in since (read again a window back) marked for a sharing check: a sign-in newer than the
 * last one seen touches the member again, one read twice does not.
 */
const markSignIns = async (tx: Transaction, horizon: bigint): Promise<bigint> => {
  const [row] = await selectRows<{ top: Horizon }>(
    tx,
    sql`with signed_in as (
      select l.member_id, min(l.brand_id) as brand_id, max(l.id) as event_id
      from auth_logins l
      join members_directory m on m.id = l.member_id and m.type <> 4
      where l.id > ${horizon - BigInt(idRereadWindow)}
      group by l.member_id
    ), touched as (
      insert into aml_member_checks as c (member_id, brand_id, login_event_id)
      select member_id, brand_id, event_id from signed_in order by 1
      on conflict (member_id) do update set login_event_id = excluded.login_event_id, touches = c.touches + 1
        where c.login_event_id < excluded.login_event_id
    )
    select max(id) as top from auth_logins where id > ${horizon - BigInt(idRereadWindow)}`,
  );
  return nextHorizon(row?.top, horizon);
};

/**
 * One batch under the fold lock (another instance's batch is waited for), at most `span` database transactions
 * wide: the ledger's rules, then new members and sign-ins queued for the sharing checks, then the horizons.
 */
export const foldAmlBatch = async (tx: Transaction, span: number): Promise<FoldBatchResult> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${amlFoldLock})`);
  const [state] = await selectRows<{
    horizon: string | bigint;
    member_horizon: string | bigint;
    login_horizon: string | bigint;
    visible_below: string | bigint;
  }>(
    tx,
    sql`select horizon, member_horizon, login_horizon, (${visibleBelowSql}) as visible_below
      from aml_fold where id = 1`,
  );
  if (!state) throw new Error('aml_fold has no row (migration 0065)');
  const from = BigInt(state.horizon);
  const visibleBelow = BigInt(state.visible_below);
  const to = batchEnd(from, visibleBelow, span);
  const taken =
    to > from
      ? (await foldDepositsAndWithdrawals(tx, from, to)) + (await foldAgentTransfers(tx, from, to))
      : 0;
  const memberHorizon = await markNewMembers(tx, BigInt(state.member_horizon));
  const loginHorizon = await markSignIns(tx, BigInt(state.login_horizon));
  await tx.execute(sql`delete from aml_recent_transfers where created_at < now() - ${recentTransfersKept}`);
  const horizon = to > from ? to : from;
  await tx.execute(
    sql`update aml_fold set horizon = ${horizon}, member_horizon = ${memberHorizon},
      login_horizon = ${loginHorizon} where id = 1`,
  );
  return { taken, caughtUp: horizon === visibleBelow, horizon };
};
