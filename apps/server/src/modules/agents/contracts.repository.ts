import { and, count, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { agentContractPayments, agentContracts } from './contracts.tables';

/** SQL of agent contracts and their pay records; every status change is conditional on the status expected. */

export type ContractRow = typeof agentContracts.$inferSelect;
export type NewContract = typeof agentContracts.$inferInsert;
export type PaymentRow = typeof agentContractPayments.$inferSelect;

export const insertContract = async (executor: Executor, contract: NewContract) => {
  const [row] = await executor.insert(agentContracts).values(contract).onConflictDoNothing().returning();
  return row;
};

export const findContract = async (executor: Executor, id: bigint, options: { lock?: boolean } = {}) => {
  const query = executor.select().from(agentContracts).where(eq(agentContracts.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
};

/** Changes a contract only if it is still in `expected` (and matches `extra`); undefined when it was not. */
export const updateContractIf = async (
  executor: Executor,
  id: bigint,
  expected: { status: string; extra?: SQL },
  patch: Partial<NewContract>,
) => {
  const [row] = await executor
    .update(agentContracts)
    .set(patch)
    .where(and(eq(agentContracts.id, id), eq(agentContracts.status, expected.status), expected.extra))
    .returning();
  return row;
};

/** The pending offer or active contract of a downline and kind. */
export const findDownlineContract = async (
  executor: Executor,
  downlineId: bigint,
  kind: string,
  status: 'pending' | 'active',
) => {
  const [row] = await executor
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.downlineId, downlineId),
        eq(agentContracts.kind, kind),
        eq(agentContracts.status, status),
      ),
    )
    .limit(1);
  return row;
};

/**
 * The auto-termination rule: the member's own contracts as upline of this kind whose rate is above `rate` are
 * ended (active ones terminated, pending offers cancelled), in one statement each.
 */
export const endHigherRateDownlineContracts = async (
  executor: Executor,
  uplineId: bigint,
  kind: string,
  rate: number,
  at: Date,
) => {
  const terminated = await executor
    .update(agentContracts)
    .set({ status: 'terminated', terminationReason: 'higher_rate', terminatedAt: at })
    .where(
      and(
        eq(agentContracts.uplineId, uplineId),
        eq(agentContracts.kind, kind),
        eq(agentContracts.status, 'active'),
        sql`${agentContracts.rateBasisPoints} > ${rate}`,
      ),
    )
    .returning();
  const cancelled = await executor
    .update(agentContracts)
    .set({ status: 'cancelled', respondedAt: at })
    .where(
      and(
        eq(agentContracts.uplineId, uplineId),
        eq(agentContracts.kind, kind),
        eq(agentContracts.status, 'pending'),
        sql`${agentContracts.rateBasisPoints} > ${rate}`,
      ),
    )
    .returning();
  return [...terminated, ...cancelled];
};

const partyCondition = (memberId: bigint, role: 'upline' | 'downline' | undefined) =>
  role === 'upline'
    ? eq(agentContracts.uplineId, memberId)
    : role === 'downline'
      ? eq(agentContracts.downlineId, memberId)
      : or(eq(agentContracts.uplineId, memberId), eq(agentContracts.downlineId, memberId));

export const listContracts = async (
  executor: Executor,
  filter: {
    memberId: bigint;
    role?: 'upline' | 'downline';
    kind?: string;
    statuses?: readonly string[];
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    partyCondition(filter.memberId, filter.role),
    filter.kind ? eq(agentContracts.kind, filter.kind) : undefined,
    filter.statuses ? inArray(agentContracts.status, [...filter.statuses]) : undefined,
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

/** Kinds in which the member is a party to a contract that was not refused or withdrawn. */
export const listKindsWithContracts = async (executor: Executor, memberId: bigint): Promise<string[]> => {
  const rows = await executor
    .selectDistinct({ kind: agentContracts.kind })
    .from(agentContracts)
    .where(
      and(partyCondition(memberId, undefined), notInArray(agentContracts.status, ['rejected', 'cancelled'])),
    );
  return rows.map((row) => row.kind);
};

export const listPayments = async (
  executor: Executor,
  filter: {
    memberId: bigint;
    role?: 'upline' | 'downline';
    kind?: string;
    contractId?: bigint;
    status?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
  },
) => {
  const party =
    filter.role === 'upline'
      ? eq(agentContractPayments.uplineId, filter.memberId)
      : filter.role === 'downline'
        ? eq(agentContractPayments.downlineId, filter.memberId)
        : or(
            eq(agentContractPayments.uplineId, filter.memberId),
            eq(agentContractPayments.downlineId, filter.memberId),
          );
  const where = and(
    party,
    filter.kind ? eq(agentContractPayments.kind, filter.kind) : undefined,
    filter.contractId === undefined ? undefined : eq(agentContractPayments.contractId, filter.contractId),
    filter.status ? eq(agentContractPayments.status, filter.status) : undefined,
    filter.from ? sql`${agentContractPayments.periodStart} >= ${filter.from.toISOString()}` : undefined,
    filter.to ? sql`${agentContractPayments.periodStart} < ${filter.to.toISOString()}` : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    executor
      .select()
      .from(agentContractPayments)
      .where(where)
      .orderBy(desc(agentContractPayments.periodStart), desc(agentContractPayments.id))
      .limit(filter.limit)
      .offset(filter.offset),
    executor
      .select({
        total: count(),
        paid: sql<bigint>`coalesce(sum(${agentContractPayments.amount}) filter (where ${agentContractPayments.status} = 'paid'), 0)::int8`.mapWith(
          BigInt,
        ),
      })
      .from(agentContractPayments)
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0, paidTotal: totals?.paid ?? 0n };
};

/** The condition "the open termination request is by `side`" (null: there is none). */
export const terminationRequestedIs = (side: string | null): SQL =>
  side === null
    ? sql`${agentContracts.terminationRequestedBy} is null`
    : sql`${agentContracts.terminationRequestedBy} = ${side}`;
