import { listAuditEventsPage } from '../../audit/audit.service';
import type { WalletAdminServiceDependencies } from './wallet-admin-types';

export type AuditTrailQuery = {
  entityType?: string | undefined;
  entityId?: string | undefined;
  pageNo: number;
  pageSize: number;
};

/** The audit trail for operators, newest first, optionally for one entity. */
export const listAuditTrail = async (
  { db }: Pick<WalletAdminServiceDependencies, 'db'>,
  query: AuditTrailQuery,
) => {
  const { rows, total } = await listAuditEventsPage(db, query, query);
  return {
    list: rows.map((row) => ({
      id: row.id.toString(),
      actorType: row.actorType,
      actorId: row.actorId,
      actorIp: row.actorIp,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    totalPages: Math.ceil(total / query.pageSize),
  };
};
