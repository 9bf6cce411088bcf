import type { UpdateWalletSettingsRequest, WalletSettings, WalletSettingsView } from '@wps/contracts/wallet';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import type { WalletBrand } from '../wallet-context';
import * as repository from '../wallet.repository';
import type { WalletSettingsRow } from '../wallet.repository';
import type { FundsServiceDependencies } from './funds-types';

/** A brand with no settings row keeps one wallet for every game. */
export const defaultSettings: WalletSettings = { mode: 'single', transferVendors: [] };

/**
 * Four eyes on money until the operator sets the brand's own amount: a manual adjustment or a withdrawal above
 * 10,000 of the brand's currency (a whole amount, so it means the same with cents and without) needs a second
 * staff member's approval.
 */
export const defaultSecondApprovalAbove = '10000';

/** The saved second-approval amount, or the default in minor units of the brand's currency. */
const orDefault = (
  { wallet }: Pick<FundsServiceDependencies, 'wallet'>,
  brand: Pick<WalletBrand, 'currency'>,
  saved: bigint | null | undefined,
): bigint | Promise<bigint> => saved ?? wallet.parseAmount(defaultSecondApprovalAbove, brand.currency);

/** The brand's second-approval amount in minor units: its own, else the default. */
export const readSecondApprovalAbove = async (
  deps: Pick<FundsServiceDependencies, 'db' | 'wallet'>,
  brand: Pick<WalletBrand, 'id' | 'currency'>,
): Promise<bigint> =>
  orDefault(deps, brand, (await repository.findWalletSettings(deps.db, brand.id))?.secondApprovalAbove);

/** The vendors that have a game wallet right now: none unless the brand uses transfer wallets. */
export const activeVendors = (settings: WalletSettings): string[] =>
  settings.mode === 'transfer' ? settings.transferVendors : [];

/** The brand's wallet mode and the vendors with game wallets. */
export const readWalletSettings = async (
  { db }: Pick<FundsServiceDependencies, 'db'>,
  brandId: bigint,
): Promise<WalletSettings> => {
  const row = await repository.findWalletSettings(db, brandId);
  return row ? { mode: row.mode, transferVendors: row.transferVendors } : defaultSettings;
};

/** The operator's view: the wallet mode and vendors, and the second-approval amount in the brand's currency. */
const describeSettings = async (
  { wallet }: Pick<FundsServiceDependencies, 'wallet'>,
  brand: Pick<WalletBrand, 'currency'>,
  settings: WalletSettings,
  secondApprovalAbove: bigint,
): Promise<WalletSettingsView> => ({
  mode: settings.mode,
  transferVendors: settings.transferVendors,
  currency: brand.currency,
  secondApprovalAbove: await wallet.formatAmount(secondApprovalAbove, brand.currency),
});

export const readWalletSettingsView = async (
  deps: Pick<FundsServiceDependencies, 'db' | 'wallet'>,
  brand: Pick<WalletBrand, 'id' | 'currency'>,
): Promise<WalletSettingsView> =>
  describeSettings(
    deps,
    brand,
    await readWalletSettings(deps, brand.id),
    await readSecondApprovalAbove(deps, brand),
  );

/** `/relay/GCS_merchantWallet`. */
export const describeMerchantWallet = async (deps: Pick<FundsServiceDependencies, 'db'>, brandId: bigint) => {
  const current = await readWalletSettings(deps, brandId);
  return { isSingle: current.mode === 'single', vendors: activeVendors(current) };
};

/** A vendor whose game wallets still hold money cannot be switched off (nor can transfer mode). */
const assertNoStrandedMoney = async (tx: Executor, brandId: bigint, wanted: WalletSettings) => {
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
};

/**
 * Changes the mode and vendors, and the second-approval amount when given, audited. A vendor whose game
 * wallets still hold money cannot be switched off (nor can transfer mode): its balances would vanish from
 * every member's view of their funds.
 */
export const updateWalletSettings = async (
  deps: Pick<FundsServiceDependencies, 'db' | 'wallet'>,
  actor: AuditActor,
  brand: Pick<WalletBrand, 'id' | 'currency'>,
  next: UpdateWalletSettingsRequest,
): Promise<WalletSettingsView> => {
  const { db, wallet } = deps;
  const wanted: WalletSettings = { mode: next.mode, transferVendors: [...new Set(next.transferVendors)] };
  const threshold =
    next.secondApprovalAbove === undefined
      ? undefined
      : await wallet.parseAmount(next.secondApprovalAbove, brand.currency, 'secondApprovalAbove');
  return db.transaction(async (tx) => {
    const locked: WalletSettingsRow = await repository.lockWalletSettings(tx, brand.id);
    await assertNoStrandedMoney(tx, brand.id, wanted);
    const before = await describeSettings(
      deps,
      brand,
      locked,
      await orDefault(deps, brand, locked.secondApprovalAbove),
    );
    const secondApprovalAbove = threshold ?? locked.secondApprovalAbove;
    await repository.upsertWalletSettings(tx, brand.id, { ...wanted, secondApprovalAbove });
    const after = await describeSettings(
      deps,
      brand,
      wanted,
      await orDefault(deps, brand, secondApprovalAbove),
    );
    await recordAuditEvent(tx, {
      actor,
      action: 'wallet.settings',
      entityType: 'brand',
      entityId: brand.id.toString(),
      before,
      after,
    });
    return after;
  });
};
