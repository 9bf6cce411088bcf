import {
  isTierAtLeast,
  type KycTier,
  type RequirableKycTier,
  requirableKycTiers,
} from '@wps/contracts/kyc-rules';
import type { Executor } from '../../../db/database';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../withdrawals.repository';
import type { WithdrawalRow } from '../withdrawals.repository';

/**
 * The tier a pending withdrawal still waits for (KYC), or null: never held, released, or already decided (a
 * held withdrawal may be rejected, which returns its money).
 */
export const awaitingKycTierOf = (
  row: Pick<WithdrawalRow, 'status' | 'kycRequiredTier' | 'kycReleasedAt'>,
): RequirableKycTier | null =>
  row.status === 'pending' && row.kycReleasedAt === null ? row.kycRequiredTier : null;

/**
 * The member now holds `tier`: their withdrawals that waited for it (or a lower one) join the review queue, each
 * audited under the staff member whose approval raised the tier. Nothing moves money: each keeps its hold until
 * staff approve or reject it as any other.
 */
export const releaseForTier = async (
  executor: Executor,
  { memberId, tier, actor }: { memberId: bigint; tier: KycTier; actor: AuditActor },
): Promise<void> => {
  const met = requirableKycTiers.filter((required) => isTierAtLeast(tier, required));
  const released = await repository.releaseAwaitingKyc(executor, memberId, met);
  for (const withdrawal of released) {
    await recordAuditEvent(executor, {
      actor,
      action: 'payments.withdrawal.kyc_release',
      entityType: 'withdrawal',
      entityId: withdrawal.id.toString(),
      before: { status: 'pending', awaitingKycTier: withdrawal.kycRequiredTier },
      after: { status: 'pending', awaitingKycTier: null, memberTier: tier },
    });
  }
};
