import type { WalletSettings } from '@wps/contracts/wallet';
import type { AuditActor } from '../audit/audit.service';
import type { WalletOwner } from './wallet.service';
import type { WalletBrand } from './wallet-context';
import { consolidateFunds } from './funds/consolidated-funds';
import type { FundsServiceDependencies, WalletTransferRequest } from './funds/funds-types';
import { transferGameWalletFunds } from './funds/game-wallet-transfer';
import { describeMerchantWallet, readWalletSettings, updateWalletSettings } from './funds/wallet-settings';

export type { FundsServiceDependencies, WalletTransferRequest } from './funds/funds-types';

/**
 * Where a member's money is (main wallet, held for withdrawals, game wallets), the brand's wallet mode, and
 * moves between the main wallet and a vendor's game wallet when the brand uses transfer wallets.
 *
 * The use cases live in ./funds/, one file each; this binds them to one set of dependencies.
 */
export const createFundsService = (deps: FundsServiceDependencies) => ({
  settings: (brandId: bigint) => readWalletSettings(deps, brandId),

  /** `/relay/GCS_merchantWallet`. */
  merchantWallet: (brandId: bigint) => describeMerchantWallet(deps, brandId),

  consolidated: (member: WalletOwner, brand: WalletBrand) => consolidateFunds(deps, member, brand),

  transfer: (member: WalletOwner & { type: number }, brand: WalletBrand, request: WalletTransferRequest) =>
    transferGameWalletFunds(deps, member, brand, request),

  updateSettings: (actor: AuditActor, brandId: bigint, next: WalletSettings) =>
    updateWalletSettings(deps, actor, brandId, next),
});

export type FundsService = ReturnType<typeof createFundsService>;
