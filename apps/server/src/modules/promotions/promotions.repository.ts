import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { promotionClaims, promotions } from './promotions.tables';

export type PromotionRow = typeof promotions.$inferSelect;

export const findPromotion = async (executor: Executor, id: bigint): Promise<PromotionRow | undefined> => {
  const [row] = await executor.select().from(promotions).where(eq(promotions.id, id));
  return row;
};

/** The brand's promotions running at `now` (status live, started, not ended), optionally of one kind. */
export const listLivePromotions = (
  executor: Executor,
  brandId: bigint,
  now: Date,
  kind?: string,
): Promise<PromotionRow[]> =>
  executor
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.brandId, brandId),
        eq(promotions.status, 'live'),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
        kind === undefined ? undefined : eq(promotions.kind, kind),
      ),
    )
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));

export const countClaims = async (
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
): Promise<number> => {
  const [row] = await executor
    .select({ claims: count() })
    .from(promotionClaims)
    .where(and(eq(promotionClaims.promotionId, promotionId), eq(promotionClaims.memberId, memberId)));
  return row?.claims ?? 0;
};

/**
 * Takes the member's next claim of a promotion: the next sequence, inserted; false when the limit is used up
 * or a concurrent claim took the same sequence (the primary key refuses it without aborting the transaction).
 */
export const insertClaim = async (
  executor: Executor,
  claim: { promotionId: bigint; memberId: bigint; brandId: bigint; reference: string; limit: number },
): Promise<boolean> => {
  const rows = await selectRows<{ sequence: number }>(
    executor,
    sql`
    insert into promotion_claims (promotion_id, member_id, sequence, brand_id, reference)
    select ${claim.promotionId}::bigint, ${claim.memberId}::bigint, coalesce(max(sequence), 0) + 1,
           ${claim.brandId}::bigint, ${claim.reference}::text
    from promotion_claims
    where promotion_id = ${claim.promotionId}::bigint and member_id = ${claim.memberId}::bigint
    having ${claim.limit}::int = 0 or coalesce(max(sequence), 0) < ${claim.limit}::int
    on conflict do nothing
    returning sequence`,
  );
  return rows.length > 0;
};

export type PromotionValues = Omit<typeof promotions.$inferInsert, 'id' | 'createdAt'>;

/** The brand's promotions for the operator, newest first, optionally of one kind or status. */
export const listBrandPromotions = (
  executor: Executor,
  brandId: bigint,
  filter: { kind?: string | undefined; status?: string | undefined },
): Promise<PromotionRow[]> =>
  executor
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.brandId, brandId),
        filter.kind === undefined ? undefined : eq(promotions.kind, filter.kind),
        filter.status === undefined ? undefined : eq(promotions.status, filter.status),
      ),
    )
    .orderBy(desc(promotions.id));

/** One of the brand's promotions, locked when `forUpdate` (an edit and a status change queue on the row). */
export const findBrandPromotion = async (
  executor: Executor,
  brandId: bigint,
  id: bigint,
  forUpdate = false,
): Promise<PromotionRow | undefined> => {
  const query = executor
    .select()
    .from(promotions)
    .where(and(eq(promotions.brandId, brandId), eq(promotions.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
};

export const insertPromotion = async (executor: Executor, values: PromotionValues): Promise<PromotionRow> => {
  const [row] = await executor.insert(promotions).values(values).returning();
  if (!row) throw new Error('promotions insert returned no row');
  return row;
};

export const updatePromotion = async (
  executor: Executor,
  id: bigint,
  values: Partial<PromotionValues>,
): Promise<PromotionRow> => {
  const [row] = await executor.update(promotions).set(values).where(eq(promotions.id, id)).returning();
  if (!row) throw new Error(`promotion ${id} vanished`);
  return row;
};

/** Which of these uploads a promotion shows as its image (the upload purge keeps them). */
export const listPromotionImageUploads = async (
  executor: Executor,
  uploadIds: readonly string[],
): Promise<string[]> => {
  if (uploadIds.length === 0) return [];
  const rows = await executor
    .selectDistinct({ id: promotions.imageUploadId })
    .from(promotions)
    .where(inArray(promotions.imageUploadId, [...uploadIds]));
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
};

/** The brand's promotion with this English title (the demo seed's key). */
export const findPromotionByTitle = async (
  executor: Executor,
  brandId: bigint,
  title: string,
): Promise<PromotionRow | undefined> => {
  const [row] = await executor
    .select()
    .from(promotions)
    .where(and(eq(promotions.brandId, brandId), sql`${promotions.content}->'en'->>'title' = ${title}`));
  return row;
};
