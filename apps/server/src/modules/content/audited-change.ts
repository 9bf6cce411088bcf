import type { Transaction } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { ContentContext } from './content-context';

/** What an operator's change did to one row, and what it answers. */
export type ContentChange<T> = { id: bigint; before: unknown; after: unknown; result: T };

/** An operator's change to what a player reads, recorded in the same transaction as its row. */
export type AuditedEdit = { actor: AuditActor; action: string; entityType: string };

/**
 * Runs an operator's change and its audit event (the row before and after) in one transaction, then drops
 * the players' cached answers so the change shows at once on this instance.
 */
export const auditedChange = async <T>(
  { db, cache }: Pick<ContentContext, 'db' | 'cache'>,
  { actor, action, entityType }: AuditedEdit,
  change: (tx: Transaction) => Promise<ContentChange<T>>,
): Promise<T> => {
  const result = await db.transaction(async (tx) => {
    const outcome = await change(tx);
    await recordAuditEvent(tx, {
      actor,
      action,
      entityType,
      entityId: outcome.id.toString(),
      before: outcome.before,
      after: outcome.after,
    });
    return outcome.result;
  });
  cache.clear();
  return result;
};

export const notFound = (what: string, id: bigint) =>
  new AppError('NOT_FOUND', { message: `No ${what} ${id}.` });
