import type { UpdateWalletSettingsRequest } from '@wps/contracts/wallet';
import type { AuditActor } from '../audit/audit.service';
import type { WalletOwner } from './wallet.service';
import type { WalletBrand } from './wallet-context';
import { consolidateFunds } from './funds/consolidated-funds';
import type { FundsServiceDependencies, WalletTransferRequest } from './funds/funds-types';
import { transferGameWalletFunds } from './funds/game-wallet-transfer';
import {
  describeMerchantWallet,
  readSecondApprovalAbove,
  readWalletSettings,
  readWalletSettingsView,
  updateWalletSettings,
} from './funds/wallet-settings';

export type { FundsServiceDependencies, WalletTransferRequest } from './funds/funds-types';

/**
 * Where a member's money is (main wallet, held for withdrawals, game wallets), the brand's wallet mode, and
 * moves between the main wallet and a vendor's game wallet when the brand uses transfer wallets.
 *
 * The use cases live in ./funds/, one file each; this binds them to one set of dependencies.
 */
export const createFundsService = (deps: FundsServiceDependencies) => ({
  settings: (brandId: bigint) => readWalletSettings(deps, brandId),

  /** The operator's view of the settings: wallet mode and vendors, and the second-approval amount. */
  settingsView: (brand: WalletBrand) => readWalletSettingsView(deps, brand),

  /**
   * Four eyes on money: the amount (minor units of the brand's currency) above which a manual adjustment or a
   * withdrawal needs a second staff member's approval.
   */
  secondApprovalAbove: (brand: Pick<WalletBrand, 'id' | 'currency'>) => readSecondApprovalAbove(deps, brand),

  /** `/relay/GCS_merchantWallet`. */
  merchantWallet: (brandId: bigint) => describeMerchantWallet(deps, brandId),

  consolidated: (member: WalletOwner, brand: WalletBrand) => consolidateFunds(deps, member, brand),

  transfer: (member: WalletOwner & { type: number }, brand: WalletBrand, request: WalletTransferRequest) =>
    transferGameWalletFunds(deps, member, brand, request),

  updateSettings: (actor: AuditActor, brand: WalletBrand, next: UpdateWalletSettingsRequest) =>
    updateWalletSettings(deps, actor, brand, next),
});

export type FundsService = ReturnType<typeof createFundsService>;
