import type { WalletBrand } from './wallet-context';
import { adjustBalance } from './wallet-admin/adjust-balance';
import { approveProposal, listProposals, rejectProposal } from './wallet-admin/adjustment-proposals';
import { describeMemberWallet } from './wallet-admin/member-wallet';
import type {
  AdjustmentRequest,
  StaffMember,
  WalletAdminServiceDependencies,
} from './wallet-admin/wallet-admin-types';

export type {
  AdjustmentRequest,
  StaffMember,
  WalletAdminServiceDependencies,
} from './wallet-admin/wallet-admin-types';

/**
 * The operator's side of wallets: manual adjustments (audited, with the member told why; above the brand's
 * second-approval amount proposed by one staff member and approved by another), and a member's funds
 * at a glance.
 *
 * The use cases live in ./wallet-admin/, one file each; this binds them to one set of dependencies.
 */
export const createWalletAdminService = (deps: WalletAdminServiceDependencies) => ({
  /**
   * Credits (positive) or debits (negative) a member's main wallet against the brand's adjustment account,
   * audited, with the member told why; a retry of the same request id answers the original adjustment.
   * Above the brand's second-approval amount it becomes a proposal for another staff member (four eyes).
   */
  adjust: (actor: StaffMember, brand: WalletBrand, request: AdjustmentRequest) =>
    adjustBalance(deps, actor, brand, request),

  proposals: (brand: WalletBrand, query: { status: 'pending' | 'all'; pageNo: number; pageSize: number }) =>
    listProposals(deps, brand, query),

  /** Another staff member than the proposer posts the proposal, exactly once. */
  approveProposal: (checker: StaffMember, brand: WalletBrand, id: bigint, note: string | undefined) =>
    approveProposal(deps, checker, brand, id, note),

  rejectProposal: (staffMember: StaffMember, brand: WalletBrand, id: bigint, reason: string) =>
    rejectProposal(deps, staffMember, brand, id, reason),

  memberWallet: (brand: WalletBrand, username: string) => describeMemberWallet(deps, brand, username),
});

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;
