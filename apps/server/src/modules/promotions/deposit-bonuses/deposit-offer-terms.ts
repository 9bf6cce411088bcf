import type { ErrorCode } from '@wps/contracts/errors';
import type { PromotionConfig } from '@wps/contracts/promotions';
import type { Executor } from '../../../db/database';
import type { WalletService } from '../../wallet/wallet.service';
import type { BonusOwner } from '../bonuses.service';
import { bonusAccountOf } from '../bonuses/bonus-accounts';
import type { PromotionRow } from '../promotions.repository';
import type { DepositBonusDependencies } from './deposit-bonus-types';

export type DepositMatch = Extract<PromotionConfig, { kind: 'deposit_match' }>;

/** The promotion's deposit-match config, or null when it is another kind (or not the brand's). */
export const depositMatchOf = (promotion: PromotionRow | undefined, brandId: bigint): DepositMatch | null =>
  promotion?.brandId === brandId && promotion.config.kind === 'deposit_match' ? promotion.config : null;

/** A deposit match's amounts in minor units of the brand's currency. */
export const matchAmountsOf = async (
  wallet: Pick<WalletService, 'parseAmount'>,
  match: DepositMatch,
  currency: string,
): Promise<{ cap: bigint; minDeposit: bigint }> => ({
  cap: await wallet.parseAmount(match.cap, currency, 'config.cap'),
  minDeposit: await wallet.parseAmount(match.minDeposit, currency, 'config.minDeposit', { allowZero: true }),
});

/** Whether the offer is for this deposit: first deposits only, later ones only, or any. */
export const depositKindAllows = (match: DepositMatch, hasCreditedDeposit: boolean): boolean =>
  match.depositKind === 'any' || (match.depositKind === 'first') !== hasCreditedDeposit;

export const channelAllows = (match: DepositMatch, channelCode: string): boolean =>
  match.channelCodes.length === 0 || match.channelCodes.includes(channelCode);

/** The bonus a deposit earns: percent of it, never above the cap. */
export const matchedAmount = (deposit: bigint, percent: number, cap: bigint): bigint => {
  const matched = (deposit * BigInt(percent)) / 100n;
  return matched < cap ? matched : cap;
};

/**
 * BONUS_ALREADY_ACTIVE when the member has an active bonus still holding money (one played down to nothing ends
 * as lost at the next grant, so it does not stand in the way), else null.
 */
export const activeBonusBlock = async (
  deps: Pick<DepositBonusDependencies, 'ledger' | 'bonuses'>,
  owner: BonusOwner,
  executor: Executor,
): Promise<ErrorCode | null> => {
  const active = await deps.bonuses.findActive(owner, executor);
  if (!active) return null;
  const account = await bonusAccountOf(deps, owner, executor);
  const left = await deps.ledger.getBalance(account.id, { executor });
  return left > 0n ? 'BONUS_ALREADY_ACTIVE' : null;
};
