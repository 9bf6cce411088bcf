import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import {
  agentContractPayments,
  agentContracts,
  agentSettlementRuns,
  type StoredTier,
} from './contracts.tables';
import { numberArray, textArray } from '../../db/array-literals';

/**
 * Set-based SQL of settlement: the contracts that may have a period to settle (with their brand's clock, from
 * the site's read model `site_brands`), their teams' figures for a whole batch in one statement (from the
 * roll-ups `member_figures_hourly` / `_daily` and the tree `member_tree`, written by the agents module), and the
 * batch's pay records and progress.
 */

export type SettlementCandidate = {
  id: bigint;
  brandId: bigint;
  kind: string;
  period: string;
  uplineId: bigint;
  downlineId: bigint;
  payer: string;
  currency: string;
  tiers: StoredTier[];
  status: string;
  effectiveFrom: Date;
  settledThrough: Date;
  terminatedAt: Date | null;
  timeZone: string;
};

type CandidateRow = {
  id: bigint | string;
  brand_id: bigint | string;
  kind: string;
  period: string;
  upline_id: bigint | string;
  downline_id: bigint | string;
  payer: string;
  currency: string;
  tiers: StoredTier[] | string;
  status: string;
  effective_from: Date | string;
  settled_through: Date | string;
  terminated_at: Date | string | null;
  time_zone: string;
};

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** Active contracts, and terminated ones with a closed period still to settle, of the given kinds. */
export const listSettlementCandidates = async (
  executor: Executor,
  kinds: readonly string[],
  contractIds?: readonly bigint[],
): Promise<SettlementCandidate[]> => {
  const rows = await selectRows<CandidateRow>(
    executor,
    sql`select c.id, c.brand_id, c.kind, c.period, c.upline_id, c.downline_id, c.payer, c.currency, c.tiers,
               c.status, c.effective_from, c.settled_through, c.terminated_at, b.time_zone
        from agent_contracts c join site_brands b on b.id = c.brand_id
        where c.kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
          and c.settled_through is not null
          and (c.status = 'active' or (c.status = 'terminated' and c.settled_through < c.terminated_at))
          ${
            contractIds
              ? sql`and c.id in (${sql.join(
                  contractIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql``
          }
        order by c.id`,
  );
  return rows.map((row) => ({
    id: BigInt(row.id),
    brandId: BigInt(row.brand_id),
    kind: row.kind,
    period: row.period,
    uplineId: BigInt(row.upline_id),
    downlineId: BigInt(row.downline_id),
    payer: row.payer,
    currency: row.currency,
    tiers: typeof row.tiers === 'string' ? (JSON.parse(row.tiers) as StoredTier[]) : row.tiers,
    status: row.status,
    effectiveFrom: toDate(row.effective_from),
    settledThrough: toDate(row.settled_through),
    terminatedAt: row.terminated_at === null ? null : toDate(row.terminated_at),
    timeZone: row.time_zone,
  }));
};

export type TeamFigures = { validBet: bigint; profitLoss: bigint; activeMembers: number };
export const noFigures: TeamFigures = { validBet: 0n, profitLoss: 0n, activeMembers: 0 };

/**
 * A figures window of one agent's team (the agent and everyone below it): hours [start, end), or brand days
 * [startDay, endDay) when the period is made of whole days (the daily roll-up is 24 times smaller).
 */
export type FiguresWindow =
  | { agentId: bigint; start: Date; end: Date; unit: 'hour' }
  | { agentId: bigint; startDay: string; endDay: string; unit: 'day' };

type FigureRow = {
  idx: number;
  valid_bet: bigint | string;
  profit_loss: bigint | string;
  active_members: number;
};

/**
 * Figures of many windows in one statement: each window's team is an index range of `member_tree.path`, its
 * rows are read by primary key (member, hour or day). A member is active when its valid bet summed over the
 * window is positive. Answers one entry per window, in order.
 */
export const teamFigures = async (
  executor: Executor,
  windows: readonly FiguresWindow[],
): Promise<TeamFigures[]> => {
  const result: TeamFigures[] = windows.map(() => noFigures);
  const hourly = windows.flatMap((window, idx) => (window.unit === 'hour' ? [{ window, idx }] : []));
  const daily = windows.flatMap((window, idx) => (window.unit === 'day' ? [{ window, idx }] : []));
  const summarise = (source: SQL) => sql`
    select idx, coalesce(sum(valid_bet), 0)::int8 as valid_bet, coalesce(sum(profit_loss), 0)::int8 as profit_loss,
           (count(*) filter (where valid_bet > 0))::int as active_members
    from (${source}) per_member group by idx`;
  const queries: Promise<FigureRow[]>[] = [];
  if (hourly.length > 0) {
    queries.push(
      selectRows<FigureRow>(
        executor,
        summarise(sql`
          select b.idx, t.member_id, sum(f.valid_bet) as valid_bet, sum(f.payout - f.valid_bet) as profit_loss
          from unnest(${numberArray(hourly.map((item) => item.idx))}::int[],
                      ${numberArray(hourly.map((item) => item.window.agentId))}::bigint[],
                      ${textArray(hourly.map((item) => item.window.start.toISOString()))}::timestamptz[],
                      ${textArray(hourly.map((item) => item.window.end.toISOString()))}::timestamptz[])
               as b(idx, agent_id, window_start, window_end)
          join member_tree a on a.member_id = b.agent_id
          join member_tree t on t.path ~>=~ a.path and t.path ~<~ (a.path || '~')
          join member_figures_hourly f
            on f.member_id = t.member_id and f.hour_start >= b.window_start and f.hour_start < b.window_end
          group by b.idx, t.member_id`),
      ),
    );
  }
  if (daily.length > 0) {
    queries.push(
      selectRows<FigureRow>(
        executor,
        summarise(sql`
          select b.idx, t.member_id, sum(f.valid_bet) as valid_bet, sum(f.payout - f.valid_bet) as profit_loss
          from unnest(${numberArray(daily.map((item) => item.idx))}::int[],
                      ${numberArray(daily.map((item) => item.window.agentId))}::bigint[],
                      ${textArray(daily.map((item) => item.window.startDay))}::date[],
                      ${textArray(daily.map((item) => item.window.endDay))}::date[])
               as b(idx, agent_id, start_day, end_day)
          join member_tree a on a.member_id = b.agent_id
          join member_tree t on t.path ~>=~ a.path and t.path ~<~ (a.path || '~')
          join member_figures_daily f on f.member_id = t.member_id and f.day >= b.start_day and f.day < b.end_day
          group by b.idx, t.member_id`),
      ),
    );
  }
  for (const rows of await Promise.all(queries)) {
    for (const row of rows) {
      result[row.idx] = {
        validBet: BigInt(row.valid_bet),
        profitLoss: BigInt(row.profit_loss),
        activeMembers: row.active_members,
      };
    }
  }
  return result;
};

/**
 * Locks the batch's contracts and reads their marks. Rows another run holds are skipped, not waited for: that run
 * is settling them, and two runs never end up waiting on each other's contracts and payer balances in a cycle.
 */
export const lockContracts = async (executor: Executor, ids: readonly bigint[]) => {
  if (ids.length === 0) return new Map<bigint, { settledThrough: Date | null; status: string }>();
  const rows = await executor
    .select({
      id: agentContracts.id,
      settledThrough: agentContracts.settledThrough,
      status: agentContracts.status,
    })
    .from(agentContracts)
    .where(inArray(agentContracts.id, [...ids]))
    .orderBy(agentContracts.id)
    .for('update', { skipLocked: true });
  return new Map(rows.map((row) => [row.id, { settledThrough: row.settledThrough, status: row.status }]));
};

/** What each contract already recorded (paid or owed) in a window: the basis of a real-time salary's delta. */
export const sumRecorded = async (
  executor: Executor,
  windows: readonly { contractId: bigint; start: Date; end: Date }[],
): Promise<Map<bigint, bigint>> => {
  if (windows.length === 0) return new Map();
  const rows = await selectRows<{ contract_id: bigint | string; amount: bigint | string }>(
    executor,
    sql`select p.contract_id, coalesce(sum(p.amount), 0)::int8 as amount
        from unnest(${numberArray(windows.map((window) => window.contractId))}::bigint[],
                    ${textArray(windows.map((window) => window.start.toISOString()))}::timestamptz[],
                    ${textArray(windows.map((window) => window.end.toISOString()))}::timestamptz[])
             as w(contract_id, window_start, window_end)
        join agent_contract_payments p on p.contract_id = w.contract_id
          and p.period_start >= w.window_start and p.period_start < w.window_end
          and p.status in ('paid', 'unpaid')
        group by p.contract_id`,
  );
  return new Map(rows.map((row) => [BigInt(row.contract_id), BigInt(row.amount)]));
};

export type NewPayment = typeof agentContractPayments.$inferInsert;

/** Writes the batch's pay records; a record a concurrent run already wrote is left as it is. */
export const insertPayments = async (executor: Executor, payments: readonly NewPayment[]) => {
  if (payments.length === 0) return;
  await executor
    .insert(agentContractPayments)
    .values([...payments])
    .onConflictDoNothing();
};

/** Moves each contract's settled-through mark to the end of the period just settled. */
export const advanceSettledThrough = async (
  executor: Executor,
  marks: readonly { contractId: bigint; through: Date }[],
) => {
  if (marks.length === 0) return;
  await executor.execute(sql`
    update agent_contracts c set settled_through = m.through
    from unnest(${numberArray(marks.map((mark) => mark.contractId))}::bigint[],
                ${textArray(marks.map((mark) => mark.through.toISOString()))}::timestamptz[]) as m(id, through)
    where c.id = m.id and c.settled_through < m.through`);
};

export const listUnpaid = (executor: Executor, limit: number) =>
  executor
    .select()
    .from(agentContractPayments)
    .where(eq(agentContractPayments.status, 'unpaid'))
    .orderBy(agentContractPayments.id)
    .limit(limit);

export const lockUnpaid = async (executor: Executor, id: bigint) => {
  const [row] = await executor
    .select()
    .from(agentContractPayments)
    .where(and(eq(agentContractPayments.id, id), eq(agentContractPayments.status, 'unpaid')))
    .for('update')
    .limit(1);
  return row;
};

export const markPaymentPaid = (
  executor: Executor,
  id: bigint,
  transactionId: bigint,
  at: Date,
  runId: bigint | null,
) =>
  executor
    .update(agentContractPayments)
    .set({
      status: 'paid',
      ledgerTransactionId: transactionId,
      paidRunId: runId,
      paidAt: at,
      lastAttemptAt: at,
      attempts: sql`${agentContractPayments.attempts} + 1`,
    })
    .where(and(eq(agentContractPayments.id, id), eq(agentContractPayments.status, 'unpaid')));

export const markPaymentAttempt = (executor: Executor, id: bigint, at: Date) =>
  executor
    .update(agentContractPayments)
    .set({ lastAttemptAt: at, attempts: sql`${agentContractPayments.attempts} + 1` })
    .where(and(eq(agentContractPayments.id, id), eq(agentContractPayments.status, 'unpaid')));

export type NewSettlementRun = typeof agentSettlementRuns.$inferInsert;

/** Keeps a run as it starts; answers its id, which its pay records name. */
export const insertRun = async (executor: Executor, run: NewSettlementRun): Promise<bigint> => {
  const [row] = await executor
    .insert(agentSettlementRuns)
    .values(run)
    .returning({ id: agentSettlementRuns.id });
  if (!row) throw new Error('settlement run not recorded');
  return row.id;
};

export const finishRun = (executor: Executor, id: bigint, status: 'finished' | 'failed', at: Date) =>
  executor.update(agentSettlementRuns).set({ status, finishedAt: at }).where(eq(agentSettlementRuns.id, id));

/** A scheduled run that did nothing is not kept (the job runs every minute). */
export const deleteRun = (executor: Executor, id: bigint) =>
  executor.delete(agentSettlementRuns).where(eq(agentSettlementRuns.id, id));
