import type { KycDocumentKind } from '@wps/contracts/kyc-rules';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { kycDocuments, kycSettings } from './kyc.tables';

export type KycSettingsRow = typeof kycSettings.$inferSelect;
export type KycSettingsValues = Omit<KycSettingsRow, 'brandId' | 'updatedAt'>;
export type KycDocumentRow = typeof kycDocuments.$inferSelect;
export type NewKycDocument = Pick<KycDocumentRow, 'brandId' | 'memberId' | 'kind' | 'uploadId'>;

export const findSettings = async (executor: Executor, brandId: bigint) => {
  const [row] = await executor.select().from(kycSettings).where(eq(kycSettings.brandId, brandId));
  return row;
};

export const writeSettings = async (
  executor: Executor,
  brandId: bigint,
  values: KycSettingsValues,
): Promise<void> => {
  const row = { ...values, updatedAt: new Date() };
  await executor
    .insert(kycSettings)
    .values({ brandId, ...row })
    .onConflictDoUpdate({ target: kycSettings.brandId, set: row });
};

export const insertDocument = async (executor: Executor, document: NewKycDocument) => {
  const [row] = await executor.insert(kycDocuments).values(document).returning();
  if (!row) throw new Error('kyc_documents insert returned no row');
  return row;
};

/** The member's document of this kind that waits for review, if any. */
export const findPendingOfKind = async (executor: Executor, memberId: bigint, kind: KycDocumentKind) => {
  const [row] = await executor
    .select({ id: kycDocuments.id })
    .from(kycDocuments)
    .where(
      and(
        eq(kycDocuments.memberId, memberId),
        eq(kycDocuments.kind, kind),
        eq(kycDocuments.status, 'pending'),
      ),
    );
  return row;
};

export const findByUpload = async (executor: Executor, uploadId: string) => {
  const [row] = await executor
    .select({ id: kycDocuments.id })
    .from(kycDocuments)
    .where(eq(kycDocuments.uploadId, uploadId));
  return row;
};

/** The member's documents, newest first. */
export const listMemberDocuments = (executor: Executor, memberId: bigint) =>
  executor
    .select()
    .from(kycDocuments)
    .where(eq(kycDocuments.memberId, memberId))
    .orderBy(desc(kycDocuments.id));

/** The kinds of each member's approved documents (the tier follows from them). */
export const listApprovedKinds = async (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Map<bigint, KycDocumentKind[]>> => {
  const approved = new Map<bigint, KycDocumentKind[]>(memberIds.map((id) => [id, []]));
  if (memberIds.length === 0) return approved;
  const rows = await executor
    .selectDistinct({ memberId: kycDocuments.memberId, kind: kycDocuments.kind })
    .from(kycDocuments)
    .where(and(inArray(kycDocuments.memberId, [...memberIds]), eq(kycDocuments.status, 'approved')));
  for (const row of rows) approved.get(row.memberId)?.push(row.kind);
  return approved;
};

type Page = { limit: number; offset: number };

/** The brand's queue (pending, oldest first) or every document (newest first). */
export const listBrandDocuments = async (
  executor: Executor,
  brandId: bigint,
  filter: 'pending' | 'all',
  page: Page,
) => {
  const ofBrand = eq(kycDocuments.brandId, brandId);
  const where: SQL | undefined =
    filter === 'pending' ? and(ofBrand, eq(kycDocuments.status, 'pending')) : ofBrand;
  const order = filter === 'pending' ? asc(kycDocuments.id) : desc(kycDocuments.id);
  const [rows, [total]] = await Promise.all([
    executor.select().from(kycDocuments).where(where).orderBy(order).limit(page.limit).offset(page.offset),
    executor.select({ total: count() }).from(kycDocuments).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

export const findBrandDocument = async (executor: Executor, brandId: bigint, id: bigint) => {
  const [row] = await executor
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.brandId, brandId), eq(kycDocuments.id, id)));
  return row;
};

/** Locks one document for the rest of the caller's transaction; a racing decision waits here. */
export const lockBrandDocument = async (executor: Executor, brandId: bigint, id: bigint) => {
  const [row] = await executor
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.brandId, brandId), eq(kycDocuments.id, id)))
    .for('update');
  return row;
};

export const markReviewed = async (
  executor: Executor,
  id: bigint,
  review: Pick<KycDocumentRow, 'status' | 'rejectReason' | 'reviewNote' | 'reviewedByStaffId' | 'reviewedBy'>,
): Promise<KycDocumentRow> => {
  const [row] = await executor
    .update(kycDocuments)
    .set({ ...review, reviewedAt: new Date() })
    .where(eq(kycDocuments.id, id))
    .returning();
  if (!row) throw new Error(`kyc document ${id} vanished under its lock`);
  return row;
};

/** Which of these uploads are a document's image, looked up through their owners' index. */
export const listReferencedUploads = async (
  executor: Executor,
  candidates: ReadonlyArray<{ id: string; memberId: bigint | null }>,
): Promise<string[]> => {
  const ofMembers = candidates.flatMap((candidate) =>
    candidate.memberId === null ? [] : [{ id: candidate.id, memberId: candidate.memberId }],
  );
  if (ofMembers.length === 0) return [];
  const rows = await executor
    .select({ id: kycDocuments.uploadId })
    .from(kycDocuments)
    .where(
      and(
        inArray(kycDocuments.memberId, [...new Set(ofMembers.map((candidate) => candidate.memberId))]),
        inArray(
          kycDocuments.uploadId,
          ofMembers.map((candidate) => candidate.id),
        ),
      ),
    );
  return rows.map((row) => row.id);
};
