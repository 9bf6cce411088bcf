import { formatMinorUnits } from '@wps/contracts/money';
import type { ConsolidatedFunds, WalletSettings } from '@wps/contracts/wallet';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { LedgerService } from './ledger.service';
import type { WalletOwner, WalletService } from './wallet.service';
import * as repository from './wallet.repository';
import type { WalletBrand } from './wallet-context';

export type WalletTransferRequest = {
  vendor: string;
  direction: 'TO_GAME' | 'TO_MAIN';
  amount: string;
  requestId: string;
};

/** A brand with no settings row keeps one wallet for every game. */
const defaultSettings: WalletSettings = { mode: 'single', transferVendors: [] };

/** The vendors that have a game wallet right now: none unless the brand uses transfer wallets. */
const activeVendors = (settings: WalletSettings): string[] =>
  settings.mode === 'transfer' ? settings.transferVendors : [];

/**
 * Where a member's money is (main wallet, held for withdrawals, game wallets), the brand's wallet mode, and
 * moves between the main wallet and a vendor's game wallet when the brand uses transfer wallets.
 */
export const createFundsService = ({
  db,
  ledger,
  wallet,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
}) => {
  const settings = async (brandId: bigint): Promise<WalletSettings> =>
    (await repository.findWalletSettings(db, brandId)) ?? defaultSettings;

  const consolidated = async (member: WalletOwner, brand: WalletBrand): Promise<ConsolidatedFunds> => {
    const [current, balances, exponent] = await Promise.all([
      settings(brand.id),
      repository.listMemberBalances(db, member.id, brand.currency),
      ledger.getCurrencyExponent(brand.currency),
    ]);
    const balanceOf = (kind: string, scope = ''): bigint =>
      balances.find((row) => row.kind === kind && row.scope === scope)?.balance ?? 0n;
    const main = balanceOf('member_cash');
    const games = activeVendors(current).map((vendor) => ({
      vendor,
      balance: balanceOf('game_wallet', vendor),
    }));
    const total = games.reduce((sum, game) => sum + game.balance, main);
    return {
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      mainWallet: formatMinorUnits(main, exponent),
      pendingWithdrawal: formatMinorUnits(balanceOf('member_hold'), exponent),
      gameWallets: games.map((game) => ({
        vendor: game.vendor,
        balance: formatMinorUnits(game.balance, exponent),
      })),
      total: formatMinorUnits(total, exponent),
    };
  };

  /**
   * One ledger posting between the main wallet and the vendor's game wallet. The settings row is share-locked
   * for the posting, so an operator cannot switch the vendor off between the check and the move.
   */
  const transfer = async (
    member: WalletOwner & { type: number },
    brand: WalletBrand,
    request: WalletTransferRequest,
  ): Promise<ConsolidatedFunds> => {
    const amount = await wallet.parseAmount(request.amount, brand.currency);
    const posting = await db.transaction(async (tx) => {
      const current = (await repository.findWalletSettings(tx, brand.id, 'share')) ?? defaultSettings;
      if (current.mode !== 'transfer') throw new AppError('FEATURE_DISABLED');
      if (!current.transferVendors.includes(request.vendor)) {
        const message = 'This vendor has no game wallet';
        throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'vendor', message }] });
      }
      const cash = await wallet.cashAccount(member, brand.currency, tx);
      const game = await ledger.ensureMemberAccount(
        member.brandId,
        member.id,
        brand.currency,
        'game_wallet',
        {
          executor: tx,
          scope: request.vendor,
        },
      );
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
    return consolidated(member, brand);
  };

  /**
   * Changes the mode and vendors, audited. A vendor whose game wallets still hold money cannot be switched
   * off (nor can transfer mode): its balances would vanish from every member's view of their funds.
   */
  const updateSettings = async (
    actor: AuditActor,
    brandId: bigint,
    next: WalletSettings,
  ): Promise<WalletSettings> => {
    const wanted: WalletSettings = { mode: next.mode, transferVendors: [...new Set(next.transferVendors)] };
    await db.transaction(async (tx) => {
      const before = await repository.lockWalletSettings(tx, brandId);
      const stranded = await repository.listFundedGameWallets(tx, brandId, activeVendors(wanted));
      if (stranded.length > 0) {
        const vendors = stranded.map((row) => row.vendor).join(', ');
        const message = `Members still hold money in the game wallets of ${vendors}`;
        throw new AppError('VALIDATION_FAILED', {
          message,
          issues: [{ field: 'transferVendors', message }],
          details: { vendors: stranded.map((row) => row.vendor) },
        });
      }
      await repository.upsertWalletSettings(tx, brandId, wanted);
      await recordAuditEvent(tx, {
        actor,
        action: 'wallet.settings',
        entityType: 'brand',
        entityId: brandId.toString(),
        before,
        after: wanted,
      });
    });
    return wanted;
  };

  return {
    settings,
    /** `/relay/GCS_merchantWallet`. */
    merchantWallet: async (brandId: bigint) => {
      const current = await settings(brandId);
      return { isSingle: current.mode === 'single', vendors: activeVendors(current) };
    },
    consolidated,
    transfer,
    updateSettings,
  };
};

export type FundsService = ReturnType<typeof createFundsService>;
