import type {
  KycDocumentQuery,
  KycStatus,
  MemberKycDocument,
  StaffKycDocument,
  SubmitKycDocumentRequest,
} from '@wps/contracts/kyc';
import { type KycTier, tierOfApprovedKinds } from '@wps/contracts/kyc-rules';
import type { Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { recordAuditEvent } from '../audit/audit.service';
import * as repository from './kyc.repository';
import type { KycDocumentRow } from './kyc.repository';
import { describeKycSettings } from './kyc-settings';
import type {
  KycBrand,
  KycDependencies,
  KycMemberContext,
  KycStaffActor,
  TierReachedListener,
} from './kyc-types';

/** The member's tier as their approved documents give it. */
export const readTier = async (executor: Executor, memberId: bigint): Promise<KycTier> =>
  tierOfApprovedKinds((await repository.listApprovedKinds(executor, [memberId])).get(memberId) ?? []);

const toMemberDocument = (row: KycDocumentRow): MemberKycDocument => ({
  id: row.id.toString(),
  kind: row.kind,
  status: row.status,
  uploadId: row.uploadId,
  rejectReason: row.rejectReason,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/** What the member's Verification page shows: their tier, their documents and when a withdrawal waits. */
export const describeMemberKyc = async (
  deps: Pick<KycDependencies, 'db' | 'wallet'>,
  { member, brand }: Pick<KycMemberContext, 'member' | 'brand'>,
): Promise<KycStatus> => {
  const [documents, tier, settings] = await Promise.all([
    repository.listMemberDocuments(deps.db, member.id),
    readTier(deps.db, member.id),
    describeKycSettings(deps, brand),
  ]);
  const { isDefault: _isDefault, ...withdrawalRule } = settings;
  return { tier, documents: documents.map(toMemberDocument), withdrawalRule };
};

/**
 * A member hands in a document they uploaded (purpose kyc_document), for staff to review. Under the member's
 * lock, so one of each kind waits at a time whatever arrives together.
 */
export const submitDocument = async (
  deps: Pick<KycDependencies, 'db' | 'members' | 'uploads'>,
  { member, ip }: KycMemberContext,
  { kind, uploadId }: SubmitKycDocumentRequest,
): Promise<MemberKycDocument> => {
  const upload = await deps.uploads.findOwned(member.brandId, member.id, uploadId);
  if (!upload) throw new AppError('NOT_FOUND', { issues: [{ field: 'uploadId', message: 'not found' }] });
  if (upload.purpose !== 'kyc_document') {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'uploadId', message: 'The image must be uploaded as a kyc_document' }],
    });
  }
  const row = await deps.db.transaction(async (tx) => {
    await deps.members.lock(tx, member.id);
    if (await repository.findPendingOfKind(tx, member.id, kind)) throw new AppError('KYC_DOCUMENT_PENDING');
    if (await repository.findByUpload(tx, uploadId)) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ field: 'uploadId', message: 'This image was already handed in' }],
      });
    }
    const inserted = await repository.insertDocument(tx, {
      brandId: member.brandId,
      memberId: member.id,
      kind,
      uploadId,
    });
    await recordAuditEvent(tx, {
      actor: { type: 'member', id: member.id.toString(), ip },
      action: 'kyc.document.submit',
      entityType: 'kyc_document',
      entityId: inserted.id.toString(),
      after: { kind, status: inserted.status, uploadId },
    });
    return inserted;
  });
  return toMemberDocument(row);
};

/** Documents as the console shows them: who sent each, with the details to compare and their tier now. */
const toStaffDocuments = async (
  deps: Pick<KycDependencies, 'db' | 'members'>,
  rows: KycDocumentRow[],
): Promise<StaffKycDocument[]> => {
  const memberIds = [...new Set(rows.map((row) => row.memberId))];
  const [owners, approved] = await Promise.all([
    Promise.all(memberIds.map(async (id) => [id, await deps.members.findById(id)] as const)).then(
      (entries) => new Map(entries),
    ),
    repository.listApprovedKinds(deps.db, memberIds),
  ]);
  return rows.map((row) => {
    const owner = owners.get(row.memberId);
    return {
      ...toMemberDocument(row),
      member: {
        id: row.memberId.toString(),
        account: owner?.username ?? '',
        realName: owner?.payeeName ?? null,
        birthday: owner?.birthday ?? null,
        idNumber: owner?.idNumber ?? null,
        tier: tierOfApprovedKinds(approved.get(row.memberId) ?? []),
      },
      reviewedBy: row.reviewedBy,
      reviewNote: row.reviewNote,
    };
  });
};

export const listDocumentsForStaff = async (
  deps: Pick<KycDependencies, 'db' | 'members'>,
  brand: KycBrand,
  query: KycDocumentQuery,
) => {
  const { rows, total } = await repository.listBrandDocuments(deps.db, brand.id, query.status, {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return { list: await toStaffDocuments(deps, rows), totalPages: Math.ceil(total / query.pageSize) };
};

/** The image of one of the brand's documents, for its reviewer. */
export const readDocumentImage = async (
  deps: Pick<KycDependencies, 'db' | 'uploads'>,
  brand: KycBrand,
  id: bigint,
) => {
  const row = await repository.findBrandDocument(deps.db, brand.id, id);
  if (!row) throw new AppError('NOT_FOUND');
  return deps.uploads.read(row.uploadId);
};

export type KycDecision =
  { outcome: 'approve'; note: string | undefined } | { outcome: 'reject'; reason: string };

/**
 * Staff decide a pending document exactly once, audited with the member's tier before and after. The member's
 * lock is taken first (as a withdrawal request and a submission take it), so a withdrawal asked for meanwhile
 * either sees the new tier or is released here: an approval that raises the tier tells the listeners (payments
 * releases the withdrawals that waited for it) in the same transaction.
 */
export const decideDocument = async (
  deps: Pick<KycDependencies, 'db' | 'members'>,
  listeners: readonly TierReachedListener[],
  actor: KycStaffActor,
  brand: KycBrand,
  id: bigint,
  decision: KycDecision,
): Promise<StaffKycDocument> => {
  const known = await repository.findBrandDocument(deps.db, brand.id, id);
  if (!known) throw new AppError('NOT_FOUND');
  const decided = await deps.db.transaction(async (tx) => {
    await deps.members.lock(tx, known.memberId);
    const row = await repository.lockBrandDocument(tx, brand.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') {
      throw new AppError('KYC_DOCUMENT_STATE_INVALID', { details: { status: row.status } });
    }
    const tierBefore = await readTier(tx, row.memberId);
    const after = await repository.markReviewed(tx, row.id, {
      status: decision.outcome === 'approve' ? 'approved' : 'rejected',
      rejectReason: decision.outcome === 'reject' ? decision.reason : null,
      reviewNote: decision.outcome === 'approve' ? (decision.note ?? null) : null,
      reviewedByStaffId: BigInt(actor.id),
      reviewedBy: actor.username,
    });
    const tierAfter = await readTier(tx, row.memberId);
    await recordAuditEvent(tx, {
      actor,
      action: `kyc.document.${decision.outcome}`,
      entityType: 'kyc_document',
      entityId: row.id.toString(),
      before: { status: row.status, kind: row.kind, memberId: row.memberId.toString(), tier: tierBefore },
      after: {
        status: after.status,
        reason: after.rejectReason,
        note: after.reviewNote,
        reviewedBy: actor.username,
        tier: tierAfter,
      },
    });
    if (tierAfter !== tierBefore) {
      for (const listener of listeners) {
        await listener(tx, { brandId: row.brandId, memberId: row.memberId, tier: tierAfter, actor });
      }
    }
    return after;
  });
  const [view] = await toStaffDocuments(deps, [decided]);
  if (!view) throw new Error(`kyc document ${id} could not be described`);
  return view;
};
