import { sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../../db/database';
import type { LoyaltyBatch } from '../fold/fold-types';
import { missionPeriodKeySql } from './mission-periods';

/**
 * What one activity adds to a mission of each kind (0: nothing), as SQL over the `input` row `i` and the mission
 * `m`: deposits of at least the threshold count one; valid bet adds the stake and takes back a refund; rounds
 * count bets and take back refunds; a big win is a payout of at least threshold/100 × the round's stake; a first
 * use is a bet on the feature's product line (taken back by its refund) or a deposit.
 */
const deltaSql = sql`case m.kind
  when 'deposit' then case when i.kind = 'deposit' and i.amount >= m.threshold then 1 else 0 end
  when 'valid_bet' then case i.kind when 'bet' then i.amount when 'refund' then -i.amount else 0 end
  when 'rounds' then case i.kind when 'bet' then 1 when 'refund' then -1 else 0 end
  when 'big_win' then case when i.kind = 'payout' and i.round_bet > 0
    and i.amount * 100 >= m.threshold * i.round_bet then 1 else 0 end
  when 'first_use' then case
    when m.feature = 'deposit' then case when i.kind = 'deposit' then 1 else 0 end
    when i.product_line = m.feature then case i.kind when 'bet' then 1 when 'refund' then -1 else 0 end
    else 0 end
  else 0 end`;

/** Bets, refunds and payouts only move missions of their product line and game (when the mission names one). */
const filterSql = sql`(i.kind = 'deposit' or m.kind = 'first_use' or (
  (m.product_line is null or m.product_line = i.product_line) and (m.game_id is null or m.game_id = i.game_id)))`;

/**
 * Moves progress by one statement per batch: the batch's activities (as JSON) joined to the live missions of
 * their brand that ran at the time, summed per mission, member and period, added to `mission_progress`. Completion
 * follows the sum: reached sets `completed_at`; a refund that takes an unclaimed mission below its target takes
 * completion back; a claimed one keeps it (progress may still move, nothing is paid again).
 */
const moveActivityProgress = async (tx: Transaction, batch: LoyaltyBatch): Promise<bigint[]> => {
  const input = batch.activities.map((activity) => ({
    member_id: activity.memberId.toString(),
    brand_id: activity.brandId.toString(),
    kind: activity.kind,
    amount: activity.amount.toString(),
    product_line: activity.productLine,
    game_id: activity.gameId?.toString() ?? null,
    round_bet: activity.roundBet?.toString() ?? null,
    at: activity.at.toISOString(),
    day: activity.day,
  }));
  if (input.length === 0) return [];
  const rows = await selectRows<{ member_id: string | bigint }>(
    tx,
    sql`with i as (
      select * from json_to_recordset(${JSON.stringify(input)}::json) as x(member_id bigint, brand_id bigint,
        kind text, amount bigint, product_line text, game_id bigint, round_bet bigint, at timestamptz, day date)
    ), moves as (
      select m.id as mission_id, i.member_id, i.brand_id, ${missionPeriodKeySql(sql`m.cadence`, sql`i.day`)} as period_key,
        sum(${deltaSql})::bigint as delta, max(i.at) as at, m.target
      from i join missions m on m.brand_id = i.brand_id and m.status = 'live' and m.starts_at <= i.at
        and (m.ends_at is null or i.at < m.ends_at) and m.kind <> 'login_streak'
      where ${filterSql}
      group by m.id, i.member_id, i.brand_id, period_key, m.target
      having sum(${deltaSql}) <> 0
    )
    insert into mission_progress as p (mission_id, member_id, period_key, brand_id, progress, completed_at, updated_at)
    select mission_id, member_id, period_key, brand_id, delta, case when delta >= target then at end, now()
    from moves order by mission_id, member_id, period_key
    on conflict (mission_id, member_id, period_key) do update set
      progress = p.progress + excluded.progress,
      completed_at = case
        when p.claimed_at is not null then p.completed_at
        when p.progress + excluded.progress >= (select target from missions where id = p.mission_id)
          then coalesce(p.completed_at, now())
        end,
      updated_at = now()
    returning member_id`,
  );
  return rows.map((row) => BigInt(row.member_id));
};

/**
 * Login streaks: for each new sign-in day, the run of consecutive sign-in days ending on it is the progress of
 * the brand's live streak missions (in the period of that day). A streak that breaks starts again from 1, but a
 * mission once completed stays completed: only a rollback takes completion back, and sign-ins are not rolled back.
 */
const moveLoginStreaks = async (tx: Transaction, batch: LoyaltyBatch): Promise<bigint[]> => {
  const input = batch.logins.map((login) => ({
    member_id: login.memberId.toString(),
    brand_id: login.brandId.toString(),
    day: login.day,
  }));
  if (input.length === 0) return [];
  const rows = await selectRows<{ member_id: string | bigint }>(
    tx,
    sql`with i as (
      select * from json_to_recordset(${JSON.stringify(input)}::json) as x(member_id bigint, brand_id bigint, day date)
    ), streaks as (
      select i.member_id, i.brand_id, i.day, (i.day - (
        select max(d.day) from loyalty_login_days d
        where d.member_id = i.member_id and d.day <= i.day and not exists (
          select 1 from loyalty_login_days b where b.member_id = i.member_id and b.day = d.day - 1)
      ) + 1)::bigint as streak
      from i
    ), moves as (
      select distinct on (m.id, s.member_id, period_key) m.id as mission_id, s.member_id, s.brand_id,
        ${missionPeriodKeySql(sql`m.cadence`, sql`s.day`)} as period_key, s.streak, m.target
      from streaks s join missions m on m.brand_id = s.brand_id and m.kind = 'login_streak' and m.status = 'live'
        and m.starts_at <= now() and (m.ends_at is null or now() < m.ends_at)
      order by m.id, s.member_id, period_key, s.day desc
    )
    insert into mission_progress as p (mission_id, member_id, period_key, brand_id, progress, completed_at, updated_at)
    select mission_id, member_id, period_key, brand_id, streak, case when streak >= target then now() end, now()
    from moves order by mission_id, member_id, period_key
    on conflict (mission_id, member_id, period_key) do update set
      progress = excluded.progress,
      completed_at = coalesce(p.completed_at, excluded.completed_at),
      updated_at = now()
    returning member_id`,
  );
  return rows.map((row) => BigInt(row.member_id));
};

/** The fold consumer: moves mission progress for the batch, answers the members whose missions moved. */
export const followActivity = async (tx: Transaction, batch: LoyaltyBatch): Promise<Set<bigint>> => {
  const changed = new Set<bigint>();
  for (const memberId of await moveActivityProgress(tx, batch)) changed.add(memberId);
  for (const memberId of await moveLoginStreaks(tx, batch)) changed.add(memberId);
  return changed;
};
