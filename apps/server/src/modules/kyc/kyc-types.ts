import type { KycTier } from '@wps/contracts/kyc-rules';
import type { Database, Executor } from '../../db/database';
import type { AuditActor } from '../audit/audit.service';
import type { MemberRow, MemberService } from '../members/members.service';
import type { UploadService } from '../uploads/uploads.service';
import type { WalletService } from '../wallet/wallet.service';

/** The brand a request acts on, with the currency its thresholds are kept in. */
export type KycBrand = { id: bigint; currency: string };

/** A member acting on their own brand's site. */
export type KycMemberContext = { member: MemberRow; brand: KycBrand; ip: string };

/** The staff member deciding, as the audit trail and the queue name them. */
export type KycStaffActor = AuditActor & { type: 'staff'; id: string; username: string };

/**
 * Told, inside the transaction that approved a document, that a member now holds `tier` (and did not before):
 * the payments module releases the withdrawals that waited for it, in the same transaction.
 */
export type TierReachedListener = (
  executor: Executor,
  event: { brandId: bigint; memberId: bigint; tier: KycTier; actor: AuditActor },
) => Promise<void>;

export type KycDependencies = {
  db: Database;
  members: Pick<MemberService, 'findById' | 'lock'>;
  uploads: Pick<UploadService, 'findOwned' | 'read'>;
  wallet: Pick<WalletService, 'parseAmount' | 'formatAmount'>;
};
