import type { AuditActorType, AuditEventView, AuditFilter } from '@wps/contracts/audit';
import type { Database, Executor } from '../../db/database';
import { verifyAuditChain } from './audit-chain';
import { streamAuditCsv } from './audit-csv';
import * as repository from './audit.repository';
import type { AuditEventFilter, AuditEventRow } from './audit.repository';

/** Where an action came from: the address and the browser or client of the request, when there was one. */
export type AuditOrigin = { ip?: string | undefined; userAgent?: string | undefined };

/** Who acted: a staff member, a member, an agent (agent centre) or the platform itself (`system`, a job's name). */
export type AuditActor = { type: AuditActorType; id: string } & AuditOrigin;

export type AuditEvent = {
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/** Longer user agents are cut: the header is the client's to choose, the trail is not its store. */
const userAgentMaxLength = 512;

/**
 * Written inside the caller's transaction, so the change and its record commit or fail together. The database
 * gives the row its place in the hash chain when that transaction commits (drizzle/0054_audit_hash_chain.sql).
 */
export const recordAuditEvent = async (executor: Executor, event: AuditEvent): Promise<void> => {
  await repository.insertAuditEvent(executor, {
    actorType: event.actor.type,
    actorId: event.actor.id,
    actorIp: event.actor.ip ?? null,
    userAgent: event.actor.userAgent?.slice(0, userAgentMaxLength) ?? null,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    before: event.before ?? null,
    after: event.after ?? null,
  });
};

export const listAuditEvents = (executor: Executor, entityType: string, entityId: string, limit = 50) =>
  repository.listEventsOfEntity(executor, entityType, entityId, limit);

/** A page of the trail for operators, newest first, narrowed by any of the filter's fields. */
export const listAuditEventsPage = (
  executor: Executor,
  filter: AuditEventFilter,
  page: { pageNo: number; pageSize: number },
) => repository.listEventsPage(executor, filter, page);

/** The wire filter (instants as ISO strings) as the repository's. */
const toEventFilter = (filter: AuditFilter): AuditEventFilter => ({
  ...filter,
  from: filter.from === undefined ? undefined : new Date(filter.from),
  to: filter.to === undefined ? undefined : new Date(filter.to),
});

export const toAuditEventView = (row: AuditEventRow): AuditEventView => ({
  id: row.id.toString(),
  actorType: row.actorType,
  actorId: row.actorId,
  actorIp: row.actorIp,
  userAgent: row.userAgent,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  before: row.before,
  after: row.after,
  createdAt: row.createdAt.toISOString(),
  chainSeq: row.chainSeq?.toString() ?? null,
  hash: row.hash,
});

/** The operator's side of the trail: the filtered list, its CSV export and the chain's verification. */
export const createAuditService = ({ db }: { db: Database }) => ({
  list: async (query: AuditFilter & { pageNo: number; pageSize: number }) => {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await listAuditEventsPage(db, toEventFilter(filter), { pageNo, pageSize });
    return { list: rows.map(toAuditEventView), totalPages: Math.ceil(total / pageSize) };
  },

  /** Every filtered event, newest first, as a CSV stream read in batches. */
  exportCsv: (filter: AuditFilter) => streamAuditCsv(db, toEventFilter(filter)),

  verify: () => verifyAuditChain(db),
});

export type AuditService = ReturnType<typeof createAuditService>;
