import type { ConsolidatedFunds } from '@wps/contracts/wallet';
import { AppError } from '../../../http/app-error';
import type { WalletOwner } from '../wallet.service';
import * as repository from '../wallet.repository';
import type { WalletBrand } from '../wallet-context';
import { consolidateFunds } from './consolidated-funds';
import type { FundsServiceDependencies, WalletTransferRequest } from './funds-types';
import { defaultSettings } from './wallet-settings';

/**
 * Moves money between the main wallet and a vendor's game wallet (either way) when the brand uses transfer
 * wallets, and answers where the member's money now is. One ledger posting, keyed by the member's request
 * id. The settings row is share-locked for the posting, so an operator cannot switch the vendor off between
 * the check and the move.
 */
export const transferGameWalletFunds = async (
  deps: FundsServiceDependencies,
  member: WalletOwner & { type: number },
  brand: WalletBrand,
  request: WalletTransferRequest,
): Promise<ConsolidatedFunds> => {
  const { db, ledger, wallet } = deps;
  const amount = await wallet.parseAmount(request.amount, brand.currency);
  const posting = await db.transaction(async (tx) => {
    const current = (await repository.findWalletSettings(tx, brand.id, 'share')) ?? defaultSettings;
    if (current.mode !== 'transfer') throw new AppError('FEATURE_DISABLED');
    if (!current.transferVendors.includes(request.vendor)) {
      const message = 'This vendor has no game wallet';
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'vendor', message }] });
    }
    const cash = await wallet.cashAccount(member, brand.currency, tx);
    const game = await ledger.ensureMemberAccount(member.brandId, member.id, brand.currency, 'game_wallet', {
      executor: tx,
      scope: request.vendor,
    });
    const toGame = request.direction === 'TO_GAME';
    return ledger.post(
      {
        brandId: member.brandId,
        idempotencyKey: `wallet:${member.id}:${request.requestId}`,
        kind: toGame ? 'wallet.to_game' : 'wallet.to_main',
        reference: `vendor:${request.vendor}`,
        legs: [
          { accountId: cash.id, amount: toGame ? -amount : amount },
          { accountId: game.id, amount: toGame ? amount : -amount },
        ],
      },
      { executor: tx },
    );
  });
  if (!posting.isReplay) wallet.notifyBalance(member.id);
  return consolidateFunds(deps, member, brand);
};
