import type { WalletSettings } from '@wps/contracts/wallet';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../wallet.repository';
import type { FundsServiceDependencies } from './funds-types';

/** A brand with no settings row keeps one wallet for every game. */
export const defaultSettings: WalletSettings = { mode: 'single', transferVendors: [] };

/** The vendors that have a game wallet right now: none unless the brand uses transfer wallets. */
export const activeVendors = (settings: WalletSettings): string[] =>
  settings.mode === 'transfer' ? settings.transferVendors : [];

/** The brand's wallet mode and the vendors with game wallets. */
export const readWalletSettings = async (
  { db }: Pick<FundsServiceDependencies, 'db'>,
  brandId: bigint,
): Promise<WalletSettings> => (await repository.findWalletSettings(db, brandId)) ?? defaultSettings;

/** `/relay/GCS_merchantWallet`. */
export const describeMerchantWallet = async (deps: Pick<FundsServiceDependencies, 'db'>, brandId: bigint) => {
  const current = await readWalletSettings(deps, brandId);
  return { isSingle: current.mode === 'single', vendors: activeVendors(current) };
};

/**
 * Changes the mode and vendors, audited. A vendor whose game wallets still hold money cannot be switched
 * off (nor can transfer mode): its balances would vanish from every member's view of their funds.
 */
export const updateWalletSettings = async (
  { db }: Pick<FundsServiceDependencies, 'db'>,
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
