import type { WalletBrand } from './wallet-context';
import { adjustBalance } from './wallet-admin/adjust-balance';
import { type AuditTrailQuery, listAuditTrail } from './wallet-admin/audit-trail';
import { describeMemberWallet } from './wallet-admin/member-wallet';
import type {
  AdjustmentRequest,
  StaffActor,
  WalletAdminServiceDependencies,
} from './wallet-admin/wallet-admin-types';

export type { AdjustmentRequest, WalletAdminServiceDependencies } from './wallet-admin/wallet-admin-types';

/**
 * The operator's side of wallets: manual adjustments (audited, with the member told why), a member's funds
 * at a glance, and the audit trail.
 *
 * The use cases live in ./wallet-admin/, one file each; this binds them to one set of dependencies.
 */
export const createWalletAdminService = (deps: WalletAdminServiceDependencies) => ({
  /**
   * Credits (positive) or debits (negative) a member's main wallet against the brand's adjustment account,
   * audited, with the member told why; a retry of the same request id answers the original adjustment.
   */
  adjust: (actor: StaffActor, brand: WalletBrand, request: AdjustmentRequest) =>
    adjustBalance(deps, actor, brand, request),

  memberWallet: (brand: WalletBrand, username: string) => describeMemberWallet(deps, brand, username),

  auditList: (query: AuditTrailQuery) => listAuditTrail(deps, query),
});

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;
