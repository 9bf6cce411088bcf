import { and, asc, count, desc, eq, gt, gte, isNull, like, lt, min, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { auditChainHead, auditEvents } from './audit.tables';

export type NewAuditEvent = typeof auditEvents.$inferInsert;
export type AuditEventRow = typeof auditEvents.$inferSelect;

/** Which events an operator asks for; every field narrows. */
export type AuditEventFilter = {
  actorType?: string | undefined;
  actorId?: string | undefined;
  /** One action, or every action under a dotted prefix (`payments` finds `payments.deposit.approve`). */
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** From this instant on (inclusive). */
  from?: Date | undefined;
  /** Before this instant (exclusive). */
  to?: Date | undefined;
};

export const insertAuditEvent = async (executor: Executor, event: NewAuditEvent): Promise<void> => {
  await executor.insert(auditEvents).values(event);
};

/** `_` and `%` in a LIKE pattern match anything; an action's underscores must match only themselves. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const whereOf = (filter: AuditEventFilter): SQL | undefined =>
  and(
    filter.actorType === undefined ? undefined : eq(auditEvents.actorType, filter.actorType),
    filter.actorId === undefined ? undefined : eq(auditEvents.actorId, filter.actorId),
    filter.action === undefined
      ? undefined
      : or(eq(auditEvents.action, filter.action), like(auditEvents.action, `${escapeLike(filter.action)}.%`)),
    filter.entityType === undefined ? undefined : eq(auditEvents.entityType, filter.entityType),
    filter.entityId === undefined ? undefined : eq(auditEvents.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditEvents.createdAt, filter.from),
    filter.to === undefined ? undefined : lt(auditEvents.createdAt, filter.to),
  );

export const listEventsOfEntity = (executor: Executor, entityType: string, entityId: string, limit: number) =>
  executor
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
    .orderBy(desc(auditEvents.id))
    .limit(limit);

/** A page of the filtered events, newest first, and how many there are. */
export const listEventsPage = async (
  executor: Executor,
  filter: AuditEventFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: AuditEventRow[]; total: number }> => {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    executor
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    executor.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
};

/** The next filtered events below `beforeId` (newest first), for an export read in batches. */
export const listEventsBefore = (
  executor: Executor,
  filter: AuditEventFilter,
  beforeId: bigint | undefined,
  limit: number,
): Promise<AuditEventRow[]> =>
  executor
    .select()
    .from(auditEvents)
    .where(and(whereOf(filter), beforeId === undefined ? undefined : lt(auditEvents.id, beforeId)))
    .orderBy(desc(auditEvents.id))
    .limit(limit);

/**
 * An audit row's fields as the chain hashes them: text in the database's own rendering, which does not depend on
 * the driver or the session (the time in UTC to the microsecond, jsonb in its canonical text form).
 */
export type ChainedAuditRow = {
  id: string;
  chainSeq: string;
  createdAt: string;
  actorType: string;
  actorId: string;
  actorIp: string | null;
  userAgent: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: string | null;
  after: string | null;
  prevHash: string | null;
  hash: string | null;
};

/** The chain's next rows after place `afterSeq`, in chain order. */
export const listChainAfter = (
  executor: Executor,
  afterSeq: bigint,
  limit: number,
): Promise<ChainedAuditRow[]> =>
  executor
    .select({
      id: sql<string>`${auditEvents.id}::text`,
      chainSeq: sql<string>`${auditEvents.chainSeq}::text`,
      createdAt: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      actorIp: auditEvents.actorIp,
      userAgent: auditEvents.userAgent,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      before: sql<string | null>`${auditEvents.before}::text`,
      after: sql<string | null>`${auditEvents.after}::text`,
      prevHash: auditEvents.prevHash,
      hash: auditEvents.hash,
    })
    .from(auditEvents)
    .where(gt(auditEvents.chainSeq, afterSeq))
    .orderBy(asc(auditEvents.chainSeq))
    .limit(limit);

/** The last place the database gave and its hash (none before the chain's migration). */
export const findChainHead = async (
  executor: Executor,
): Promise<{ lastSeq: bigint; lastHash: string } | undefined> => {
  const [head] = await executor
    .select({ lastSeq: auditChainHead.lastSeq, lastHash: auditChainHead.lastHash })
    .from(auditChainHead)
    .where(eq(auditChainHead.id, 1));
  return head;
};

/** The first row without a place in the chain, which only a write with the triggers switched off leaves. */
export const findFirstUnsealed = async (executor: Executor): Promise<bigint | null> => {
  const [row] = await executor
    .select({ id: min(auditEvents.id) })
    .from(auditEvents)
    .where(isNull(auditEvents.chainSeq));
  return row?.id ?? null;
};
