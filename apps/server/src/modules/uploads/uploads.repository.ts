import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { uploads } from './uploads.tables';

/** One member's uploads queue on this lock while their usage is counted and the new one written. */
const memberUploadLockNamespace = 7_245_014;
// The two-key form takes int4 keys; members whose ids differ by 2^31 share a lock, which only queues them.
const memberLockKey = (memberId: bigint): number => Number(memberId % 2_147_483_648n);

export const lockMemberUploads = async (executor: Executor, memberId: bigint): Promise<void> => {
  await executor.execute(
    sql`select pg_advisory_xact_lock(${memberUploadLockNamespace}, ${memberLockKey(memberId)}::int)`,
  );
};

export type UploadUsage = { files: number; bytes: number; filesSince: number; bytesSince: number };

/** A member's uploads and their bytes, in all and since `since`. */
export const readMemberUsage = async (
  executor: Executor,
  memberId: bigint,
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
    .where(eq(uploads.memberId, memberId));
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
