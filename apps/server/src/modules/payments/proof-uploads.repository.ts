import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { deposits, withdrawals } from './payments.tables';

/**
 * Which of these uploads are a deposit's proof or a withdrawal dispute's, looked up through the members'
 * indexes (the candidates' owners), so the upload purge's question costs no scan of every request.
 */
export const listReferencedProofUploads = async (
  executor: Executor,
  candidates: ReadonlyArray<{ id: string; memberId: bigint | null }>,
): Promise<string[]> => {
  // A staff member's upload (no member owner) is never a member's proof.
  const ofMembers = candidates.flatMap((candidate) =>
    candidate.memberId === null ? [] : [{ id: candidate.id, memberId: candidate.memberId }],
  );
  if (ofMembers.length === 0) return [];
  const ids = ofMembers.map((candidate) => candidate.id);
  const memberIds = [...new Set(ofMembers.map((candidate) => candidate.memberId))];
  const [depositProofs, disputeProofs] = await Promise.all([
    executor
      .select({ id: deposits.proofUploadId })
      .from(deposits)
      .where(
        and(
          inArray(deposits.memberId, memberIds),
          isNotNull(deposits.proofUploadId),
          inArray(deposits.proofUploadId, ids),
        ),
      ),
    executor
      .select({ id: withdrawals.confirmationProofUploadId })
      .from(withdrawals)
      .where(
        and(
          inArray(withdrawals.memberId, memberIds),
          isNotNull(withdrawals.confirmationProofUploadId),
          inArray(withdrawals.confirmationProofUploadId, ids),
        ),
      ),
  ]);
  return [...depositProofs, ...disputeProofs].flatMap((row) => (row.id === null ? [] : [row.id]));
};
