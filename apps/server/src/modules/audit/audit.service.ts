import { and, desc, eq } from 'drizzle-orm';
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
