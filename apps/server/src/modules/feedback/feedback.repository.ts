import { asc, count, desc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { feedback, feedbackImages } from './feedback.tables';

export const insertFeedback = async (
  executor: Executor,
  entry: { brandId: bigint; memberId: bigint; content: string; uploadIds: string[] },
): Promise<bigint> => {
  const [row] = await executor
    .insert(feedback)
    .values({ brandId: entry.brandId, memberId: entry.memberId, content: entry.content })
    .returning({ id: feedback.id });
  if (!row) throw new Error('feedback insert returned no row');
  if (entry.uploadIds.length > 0) {
    await executor
      .insert(feedbackImages)
      .values(entry.uploadIds.map((uploadId, position) => ({ feedbackId: row.id, uploadId, position })));
  }
  return row.id;
};

export const listFeedback = async (executor: Executor, limit: number, offset: number) => {
  const rows = await executor.select().from(feedback).orderBy(desc(feedback.id)).limit(limit).offset(offset);
  const images =
    rows.length === 0
      ? []
      : await executor
          .select()
          .from(feedbackImages)
          .where(
            inArray(
              feedbackImages.feedbackId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(feedbackImages.position));
  return rows.map((row) => ({
    ...row,
    uploadIds: images.filter((image) => image.feedbackId === row.id).map((image) => image.uploadId),
  }));
};

export const countFeedback = async (executor: Executor) => {
  const [row] = await executor.select({ total: count() }).from(feedback);
  return row?.total ?? 0;
};

/** Which of these uploads are a feedback's images. */
export const listReferencedUploads = async (executor: Executor, ids: readonly string[]): Promise<string[]> =>
  ids.length === 0
    ? []
    : (
        await executor
          .select({ uploadId: feedbackImages.uploadId })
          .from(feedbackImages)
          .where(inArray(feedbackImages.uploadId, [...ids]))
      ).map((row) => row.uploadId);
