import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { uploads } from './uploads.tables';

/** Whose upload it is: a member's (proofs, feedback images) or a staff member's (promotion pictures). */
export type UploadOwner = { memberId: bigint } | { staffId: bigint };

/** One owner's uploads queue on this lock while their usage is counted and the new one written. */
const memberUploadLockNamespace = 7_245_014;
/** Staff ids and member ids are separate sequences, so staff queue in a namespace of their own. */
const staffUploadLockNamespace = 7_245_015;
// The two-key form takes int4 keys; owners whose ids differ by 2^31 share a lock, which only queues them.
const lockKey = (id: bigint): number => Number(id % 2_147_483_648n);

export const lockOwnerUploads = async (executor: Executor, owner: UploadOwner): Promise<void> => {
  const [namespace, id] =
    'memberId' in owner
      ? [memberUploadLockNamespace, owner.memberId]
      : [staffUploadLockNamespace, owner.staffId];
  await executor.execute(sql`select pg_advisory_xact_lock(${namespace}, ${lockKey(id)}::int)`);
};

export type UploadUsage = { files: number; bytes: number; filesSince: number; bytesSince: number };

/** An owner's uploads and their bytes, in all and since `since`. */
export const readOwnerUsage = async (
  executor: Executor,
  owner: UploadOwner,
  since: Date,
): Promise<UploadUsage> => {
  const isRecent = sql`${uploads.createdAt} > ${since}`;
  const [row] = await executor
    .select({
      files: count(),
      bytes: sql<string>`coalesce(sum(${uploads.byteSize}), 0)`,
      filesSince: sql<number>`count(*) filter (where ${isRecent})`.mapWith(Number),
      bytesSince: sql<string>`coalesce(sum(${uploads.byteSize}) filter (where ${isRecent}), 0)`,
    })
    .from(uploads)
    .where('memberId' in owner ? eq(uploads.memberId, owner.memberId) : eq(uploads.staffId, owner.staffId));
  return {
    files: row?.files ?? 0,
    bytes: Number(row?.bytes ?? 0),
    filesSince: row?.filesSince ?? 0,
    bytesSince: Number(row?.bytesSince ?? 0),
  };
};

export const insertUpload = (executor: Executor, row: typeof uploads.$inferInsert) =>
  executor.insert(uploads).values(row);

/** The oldest uploads nothing has been found to refer to yet, created before `before`. */
export const listUncheckedUploads = (executor: Executor, before: Date, limit: number) =>
  executor
    .select({ id: uploads.id, memberId: uploads.memberId })
    .from(uploads)
    .where(and(isNull(uploads.keptAt), lt(uploads.createdAt, before)))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);

export const markUploadsKept = (executor: Executor, ids: readonly string[], now: Date) =>
  ids.length === 0
    ? Promise.resolve()
    : executor
        .update(uploads)
        .set({ keptAt: now })
        .where(inArray(uploads.id, [...ids]))
        .then(() => undefined);

/** Deletes one upload that is still unclaimed and older than `before`; answers whether it did. */
export const deleteUnclaimedUpload = async (
  executor: Executor,
  id: string,
  before: Date,
): Promise<boolean> => {
  const deleted = await executor
    .delete(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.keptAt), lt(uploads.createdAt, before)))
    .returning({ id: uploads.id });
  return deleted.length > 0;
};

/**
 * Lets the orphan purge look at one of the member's uploads again (it looks at a kept one no more): a replaced
 * avatar, which nothing refers to from now on.
 */
export const releaseUpload = (executor: Executor, id: string, memberId: bigint) =>
  executor
    .update(uploads)
    .set({ keptAt: null })
    .where(and(eq(uploads.id, id), eq(uploads.memberId, memberId)))
    .then(() => undefined);

/** The same for a brand's upload (a replaced or removed logo). */
export const releaseBrandUpload = (executor: Executor, id: string, brandId: bigint) =>
  executor
    .update(uploads)
    .set({ keptAt: null })
    .where(and(eq(uploads.id, id), eq(uploads.brandId, brandId)))
    .then(() => undefined);
