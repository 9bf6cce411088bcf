import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { auditEvents } from './audit.tables';

export type AuditActor = { type: 'staff' | 'member' | 'system'; id: string; ip?: string };

export type AuditEvent = {
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/** Written inside the caller's transaction, so the change and its record commit or fail together. */
export const recordAuditEvent = async (executor: Executor, event: AuditEvent): Promise<void> => {
  await executor.insert(auditEvents).values({
    actorType: event.actor.type,
    actorId: event.actor.id,
    actorIp: event.actor.ip ?? null,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    before: event.before ?? null,
    after: event.after ?? null,
  });
};

export const listAuditEvents = (executor: Executor, entityType: string, entityId: string, limit = 50) =>
  executor
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
    .orderBy(desc(auditEvents.id))
    .limit(limit);

/** A page of the trail for operators, newest first, optionally narrowed to an entity type or one entity. */
export const listAuditEventsPage = async (
  executor: Executor,
  filter: { entityType?: string | undefined; entityId?: string | undefined },
  page: { pageNo: number; pageSize: number },
) => {
  const where = and(
    filter.entityType === undefined ? undefined : eq(auditEvents.entityType, filter.entityType),
    filter.entityId === undefined ? undefined : eq(auditEvents.entityId, filter.entityId),
  );
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
