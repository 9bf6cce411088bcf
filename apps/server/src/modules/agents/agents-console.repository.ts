import { agentTypes } from '@wps/contracts/auth';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { agentContractPayments, agentContracts } from './contracts.tables';

/**
 * SQL of the operator console's Agents section: the brand's agent tree (from `member_tree`, names from the
 * members' read model `members_directory`, balances from the wallet's `wallet_member_cash_balances`), its
 * contracts and pay records with operator filters, and the settlement runs with each run's figures per brand.
 */

const agentTypeList = sql.join(
  agentTypes.map((type) => sql`${type}`),
  sql`, `,
);

/** int8 is a bigint on both drivers (PGlite) or a string (node-postgres); read exactly. */
const toBigint = (value: bigint | string | number | null): bigint =>
  value === null ? 0n : typeof value === 'bigint' ? value : BigInt(value);

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export type TreeNodeRow = {
  memberId: bigint;
  username: string;
  nickname: string;
  type: number;
  status: string;
  uplineUsername: string | null;
  balance: bigint;
  directMembers: number;
  directAgents: number;
  downlineSize: number;
};

type RawTreeNode = {
  member_id: bigint | string;
  username: string;
  nickname: string;
  type: number;
  status: string;
  upline_username: string | null;
  balance: bigint | string | null;
  direct_members: number;
  direct_agents: number;
  downline_size: number;
};

/**
 * Tree nodes `m` (members_directory, with `t` its member_tree row) matching `where`, in `orderBy`: each with its
 * balance, its direct players and agents (by the upline index) and everyone below it (a path range).
 */
const selectNodes = (executor: Executor, currency: string, where: SQL, tail: SQL) =>
  selectRows<RawTreeNode>(
    executor,
    sql`select m.id as member_id, m.username, m.nickname, m.type, m.status, up.username as upline_username,
        (select coalesce(sum(b.balance), 0)::int8 from wallet_member_cash_balances b
          where b.member_id = m.id and b.currency = ${currency}) as balance,
        (select count(*)::int4 from members_directory c
          where c.upline_id = m.id and c.type not in (${agentTypeList})) as direct_members,
        (select count(*)::int4 from members_directory c
          where c.upline_id = m.id and c.type in (${agentTypeList})) as direct_agents,
        (select count(*)::int4 from member_tree d
          where d.path ~>=~ t.path and d.path ~<~ (t.path || '~') and d.member_id <> t.member_id) as downline_size
      from members_directory m
      join member_tree t on t.member_id = m.id
      left join members_directory up on up.id = m.upline_id
      where ${where}
      ${tail}`,
  ).then((rows) =>
    rows.map((row): TreeNodeRow => ({
      memberId: toBigint(row.member_id),
      username: row.username,
      nickname: row.nickname,
      type: row.type,
      status: row.status,
      uplineUsername: row.upline_username,
      balance: toBigint(row.balance),
      directMembers: row.direct_members,
      directAgents: row.direct_agents,
      downlineSize: row.downline_size,
    })),
  );

const countNodes = async (executor: Executor, where: SQL): Promise<number> => {
  const [row] = await selectRows<{ total: number }>(
    executor,
    sql`select count(*)::int4 as total from members_directory m join member_tree t on t.member_id = m.id
      where ${where}`,
  );
  return row?.total ?? 0;
};

type Page = { limit: number; offset: number };

/**
 * A page of tree nodes: the brand's top agents (agents without an upline) when `parentId` is null, else the
 * parent's direct downline, agents first; by name either way.
 */
export const listTreeNodes = async (
  executor: Executor,
  query: { brandId: bigint; parentId: bigint | null; currency: string } & Page,
): Promise<{ rows: TreeNodeRow[]; total: number }> => {
  const where =
    query.parentId === null
      ? sql`t.brand_id = ${query.brandId} and t.depth = 1 and m.type in (${agentTypeList})`
      : sql`m.upline_id = ${query.parentId} and m.brand_id = ${query.brandId}`;
  const [rows, total] = await Promise.all([
    selectNodes(
      executor,
      query.currency,
      where,
      sql`order by (m.type in (${agentTypeList})) desc, lower(m.username), m.id
        limit ${query.limit} offset ${query.offset}`,
    ),
    countNodes(executor, where),
  ]);
  return { rows, total };
};

/** The members on a member's line, from the top down to the member itself. */
export const listUplinePath = async (
  executor: Executor,
  query: { memberId: bigint; currency: string },
): Promise<TreeNodeRow[]> => {
  const [position] = await selectRows<{ path: string }>(
    executor,
    sql`select path from member_tree where member_id = ${query.memberId}`,
  );
  const ids = (position?.path ?? '').split('/').filter((part) => part !== '');
  if (ids.length === 0) return [];
  const rows = await selectNodes(
    executor,
    query.currency,
    sql`m.id in (${sql.join(
      ids.map((id) => sql`${BigInt(id)}`),
      sql`, `,
    )})`,
    sql`order by t.depth`,
  );
  return rows;
};

export type AdminContractFilter = {
  brandId: bigint;
  kind?: string | undefined;
  status?: string | undefined;
  uplineId?: bigint | undefined;
  downlineId?: bigint | undefined;
};

/** The brand's contracts of the filter, newest first. */
export const listBrandContracts = async (executor: Executor, filter: AdminContractFilter & Page) => {
  const where = and(
    eq(agentContracts.brandId, filter.brandId),
    filter.kind === undefined ? undefined : eq(agentContracts.kind, filter.kind),
    filter.status === undefined ? undefined : eq(agentContracts.status, filter.status),
    filter.uplineId === undefined ? undefined : eq(agentContracts.uplineId, filter.uplineId),
    filter.downlineId === undefined ? undefined : eq(agentContracts.downlineId, filter.downlineId),
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(agentContracts)
      .where(where)
      .orderBy(desc(agentContracts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    executor.select({ value: count() }).from(agentContracts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

export type AdminPaymentFilter = AdminContractFilter & {
  contractId?: bigint | undefined;
  runId?: bigint | undefined;
  /** yyyy-MM-dd of the brand's clock (`timeZone`), both ends included, on the period's start. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  timeZone: string;
};

/** The brand's pay records of the filter, latest period first, with totals over the whole filter. */
export const listBrandPayments = async (executor: Executor, filter: AdminPaymentFilter & Page) => {
  const p = agentContractPayments;
  const where = and(
    eq(p.brandId, filter.brandId),
    filter.kind === undefined ? undefined : eq(p.kind, filter.kind),
    filter.status === undefined ? undefined : eq(p.status, filter.status),
    filter.uplineId === undefined ? undefined : eq(p.uplineId, filter.uplineId),
    filter.downlineId === undefined ? undefined : eq(p.downlineId, filter.downlineId),
    filter.contractId === undefined ? undefined : eq(p.contractId, filter.contractId),
    filter.runId === undefined
      ? undefined
      : or(eq(p.settlementRunId, filter.runId), eq(p.paidRunId, filter.runId)),
    filter.fromDate === undefined
      ? undefined
      : sql`${p.periodStart} >= (${filter.fromDate}::date)::timestamp at time zone ${filter.timeZone}`,
    filter.toDate === undefined
      ? undefined
      : sql`${p.periodStart} < (${filter.toDate}::date + 1)::timestamp at time zone ${filter.timeZone}`,
  );
  const sumWhere = (condition: SQL) =>
    sql<bigint>`coalesce(sum(${p.amount}) filter (where ${condition}), 0)::int8`.mapWith(BigInt);
  const [rows, [totals]] = await Promise.all([
    executor
      .select()
      .from(p)
      .where(where)
      .orderBy(desc(p.periodStart), desc(p.id))
      .limit(filter.limit)
      .offset(filter.offset),
    executor
      .select({
        total: count(),
        paid: sumWhere(sql`${p.status} = 'paid'`),
        unpaid: sumWhere(sql`${p.status} = 'unpaid'`),
      })
      .from(p)
      .where(where),
  ]);
  return {
    rows,
    total: totals?.total ?? 0,
    paid: totals?.paid ?? 0n,
    unpaid: totals?.unpaid ?? 0n,
  };
};

export type SettlementRunRow = {
  id: bigint;
  startedAt: Date;
  finishedAt: Date | null;
  trigger: string;
  startedBy: string;
  asOf: Date;
  status: string;
  paidCount: number;
  paidAmount: bigint;
  unpaidCount: number;
  unpaidAmount: bigint;
  zeroCount: number;
};

/**
 * A page of settlement runs, newest first, each with the brand's figures: records it paid (new periods and
 * retried ones), records it wrote and left unpaid, and records of nothing due.
 */
export const listSettlementRuns = async (
  executor: Executor,
  query: { brandId: bigint } & Page,
): Promise<{ rows: SettlementRunRow[]; total: number }> => {
  const [rows, counted] = await Promise.all([
    selectRows<{
      id: bigint | string;
      started_at: Date | string;
      finished_at: Date | string | null;
      trigger: string;
      started_by: string;
      as_of: Date | string;
      status: string;
      paid_count: number;
      paid_amount: bigint | string | null;
      unpaid_count: number;
      unpaid_amount: bigint | string | null;
      zero_count: number;
    }>(
      executor,
      sql`select r.id, r.started_at, r.finished_at, r.trigger, r.started_by, r.as_of, r.status,
          paid.paid_count, paid.paid_amount, recorded.unpaid_count, recorded.unpaid_amount, recorded.zero_count
        from agent_settlement_runs r
        cross join lateral (
          select count(*)::int4 as paid_count, coalesce(sum(p.amount), 0)::int8 as paid_amount
          from agent_contract_payments p where p.paid_run_id = r.id and p.brand_id = ${query.brandId}
        ) paid
        cross join lateral (
          select (count(*) filter (where p.status <> 'zero' and p.paid_run_id is distinct from r.id))::int4
                   as unpaid_count,
                 coalesce(sum(p.amount) filter (where p.status <> 'zero' and p.paid_run_id is distinct from r.id), 0)::int8
                   as unpaid_amount,
                 (count(*) filter (where p.status = 'zero'))::int4 as zero_count
          from agent_contract_payments p where p.settlement_run_id = r.id and p.brand_id = ${query.brandId}
        ) recorded
        order by r.id desc
        limit ${query.limit} offset ${query.offset}`,
    ),
    selectRows<{ total: number }>(executor, sql`select count(*)::int4 as total from agent_settlement_runs`),
  ]);
  return {
    total: counted[0]?.total ?? 0,
    rows: rows.map((row) => ({
      id: toBigint(row.id),
      startedAt: toDate(row.started_at),
      finishedAt: row.finished_at === null ? null : toDate(row.finished_at),
      trigger: row.trigger,
      startedBy: row.started_by,
      asOf: toDate(row.as_of),
      status: row.status,
      paidCount: row.paid_count,
      paidAmount: toBigint(row.paid_amount),
      unpaidCount: row.unpaid_count,
      unpaidAmount: toBigint(row.unpaid_amount),
      zeroCount: row.zero_count,
    })),
  };
};
