import type { ErrorCode } from '@wps/contracts/errors';
import type { Executor } from '../../../db/database';
import { lockMemberBonuses } from '../bonuses/grant-bonus';
import { ineligibilityOf } from '../eligibility/check-eligibility';
import { findPromotion, insertClaim, type PromotionRow } from '../promotions.repository';
import { wageringTermsOf } from '../bonus-admin/wagering-terms';
import type { DepositBonusDependencies, DepositBonusOutcome, DepositForBonus } from './deposit-bonus-types';
import {
  activeBonusBlock,
  channelAllows,
  depositKindAllows,
  type DepositMatch,
  depositMatchOf,
  matchAmountsOf,
  matchedAmount,
} from './deposit-offer-terms';

const referenceOf = (deposit: DepositForBonus) => `deposit:${deposit.id}`;

/** Why the chosen bonus cannot be granted with this deposit now, or null when it can. */
const refusalOf = async (
  deps: DepositBonusDependencies,
  tx: Executor,
  deposit: DepositForBonus,
  promotion: PromotionRow,
  match: DepositMatch,
): Promise<ErrorCode | null> => {
  const member = await deps.members.findById(deposit.memberId, tx);
  if (!member) throw new Error(`member ${deposit.memberId} of deposit ${deposit.id} vanished`);
  const reason = await ineligibilityOf(tx, promotion, member, deps.now(), deps);
  if (reason !== null) return reason;
  // This deposit is credited already in the caller's transaction, so it does not count as an earlier one.
  if (!depositKindAllows(match, await deps.depositHistory()(tx, deposit.memberId, deposit.id))) {
    return 'PROMOTION_NOT_ELIGIBLE';
  }
  const { minDeposit } = await matchAmountsOf(deps.wallet, match, deposit.currency);
  if (!channelAllows(match, deposit.channelCode) || deposit.amount < minDeposit)
    return 'PROMOTION_NOT_ELIGIBLE';
  return activeBonusBlock(deps, deposit, tx);
};

/** The member's inbox line about the bonus, in the deposit's transaction. */
const tellMember = async (
  deps: DepositBonusDependencies,
  tx: Executor,
  deposit: DepositForBonus,
  title: string,
  granted: bigint | null,
): Promise<void> => {
  const params = { reference: deposit.id.toString(), title, currency: deposit.currency };
  if (granted === null) {
    await deps.messages.send(tx, {
      brandId: deposit.brandId,
      memberId: deposit.memberId,
      kind: 'deposit_bonus_refused',
      params,
      title: 'Deposit credited without bonus',
      body: `Your deposit no. ${params.reference} was credited without the bonus "${title}": you were no longer eligible for it, or another bonus was still active, when it arrived.`,
    });
    return;
  }
  const amount = await deps.wallet.formatAmount(granted, deposit.currency);
  await deps.messages.send(tx, {
    brandId: deposit.brandId,
    memberId: deposit.memberId,
    kind: 'deposit_bonus_granted',
    params: { ...params, amount },
    title: 'Deposit bonus credited',
    body: `The bonus "${title}" of ${amount} ${deposit.currency} was added to your bonus balance with deposit no. ${params.reference}.`,
  });
};

/**
 * Grants the deposit bonus the member chose, inside the transaction that credits the deposit, once: eligibility
 * is checked again (the member, the promotion and their deposits may have changed since they asked), the claim
 * is taken within the promotion's limit, and the bonus (percent of the deposit up to the cap) is credited under
 * the reference `deposit:<id>`. When it cannot be granted the deposit is credited all the same and the member's
 * inbox says why there is no bonus.
 */
export const grantDepositBonus = async (
  deps: DepositBonusDependencies,
  tx: Executor,
  deposit: DepositForBonus,
): Promise<DepositBonusOutcome> => {
  if (deposit.promotionId === null) return { outcome: 'none' };
  const promotion = await findPromotion(tx, deposit.promotionId);
  const match = depositMatchOf(promotion, deposit.brandId);
  const title = promotion?.content.en.title ?? '';
  const refuse = async (reason: ErrorCode): Promise<DepositBonusOutcome> => {
    await tellMember(deps, tx, deposit, title, null);
    return { outcome: 'refused', reason };
  };
  if (!promotion || !match) return refuse('PROMOTION_NOT_AVAILABLE');
  // Grants of one member queue here, so the active-bonus check below holds until the grant.
  await lockMemberBonuses(tx, deposit.memberId);
  const refusal = await refusalOf(deps, tx, deposit, promotion, match);
  if (refusal !== null) return refuse(refusal);
  const { cap } = await matchAmountsOf(deps.wallet, match, deposit.currency);
  const amount = matchedAmount(deposit.amount, match.percent, cap);
  if (amount <= 0n) return refuse('PROMOTION_NOT_ELIGIBLE');
  const claim = {
    promotionId: promotion.id,
    memberId: deposit.memberId,
    brandId: deposit.brandId,
    reference: referenceOf(deposit),
    limit: promotion.claimLimit,
  };
  if (!(await insertClaim(tx, claim))) return refuse('PROMOTION_ALREADY_CLAIMED');
  const bonus = await deps.bonuses.grant(tx, {
    brandId: deposit.brandId,
    memberId: deposit.memberId,
    currency: deposit.currency,
    amount,
    depositAmount: deposit.amount,
    promotionId: promotion.id,
    reference: referenceOf(deposit),
    title,
    terms: await wageringTermsOf(deps.wallet, deposit.currency, match.wagering),
  });
  await tellMember(deps, tx, deposit, title, amount);
  return { outcome: 'granted', bonusId: bonus.id, amount };
};
