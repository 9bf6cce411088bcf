import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import { ineligibilityOf } from '../eligibility/check-eligibility';
import { findPromotion } from '../promotions.repository';
import type { DepositBonusDependencies } from './deposit-bonus-types';
import {
  activeBonusBlock,
  channelAllows,
  depositKindAllows,
  depositMatchOf,
  matchAmountsOf,
} from './deposit-offer-terms';

const notEligible = (field: string, message: string, details?: Record<string, unknown>) =>
  new AppError('PROMOTION_NOT_ELIGIBLE', {
    message,
    issues: [{ field, message }],
    ...(details ? { details } : {}),
  });

/**
 * The deposit bonus a member picks on the deposit form, checked when they ask to deposit: a live deposit match
 * of their brand they are eligible for, for this kind of deposit (first or reload), this channel and at least
 * its minimum deposit, with no bonus active. Anything else is refused with the reason, before the deposit
 * exists. Crediting checks again (time passes between asking and paying).
 */
export const checkDepositChoice = async (
  deps: DepositBonusDependencies,
  member: MemberRow,
  choice: { promotionId: bigint; currency: string; channelCode: string; amount: bigint },
): Promise<void> => {
  const { db, wallet } = deps;
  const promotion = await findPromotion(db, choice.promotionId);
  const match = depositMatchOf(promotion, member.brandId);
  if (!promotion || !match) throw new AppError('PROMOTION_NOT_AVAILABLE');
  const reason = await ineligibilityOf(db, promotion, member, deps.now(), deps);
  if (reason !== null) throw new AppError(reason);
  const owner = { brandId: member.brandId, memberId: member.id, currency: choice.currency };
  const block = await activeBonusBlock(deps, owner, db);
  if (block !== null) throw new AppError(block);
  if (!depositKindAllows(match, await deps.depositHistory()(db, member.id, null))) {
    throw notEligible(
      'promotionId',
      match.depositKind === 'first'
        ? 'This bonus is for a first deposit only'
        : 'This bonus is for a later deposit',
    );
  }
  if (!channelAllows(match, choice.channelCode)) {
    throw notEligible('channelCode', 'This bonus is not offered for this deposit channel');
  }
  const { minDeposit } = await matchAmountsOf(wallet, match, choice.currency);
  if (choice.amount < minDeposit) {
    const formatted = await wallet.formatAmount(minDeposit, choice.currency);
    throw notEligible('amount', `This bonus needs a deposit of at least ${formatted}`, {
      minDeposit: formatted,
    });
  }
};
