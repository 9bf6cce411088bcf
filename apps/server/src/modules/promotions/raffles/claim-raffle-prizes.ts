import { formatMinorUnits } from '@wps/contracts/money';
import { AppError } from '../../../http/app-error';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import { payPrize } from '../promotion-games/pay-prize';
import * as repository from '../promotion-games.repository';
import { rewardKey } from '../rewards.service';
import { findRaffle } from './raffle-promotion';

/**
 * Spec MCS2_claimRafflePromotion: pays the member's unclaimed, unexpired prizes of a raffle in one
 * transaction. Each prize is first moved from claimable to claimed by a conditional update, so a second claim
 * (or the reward centre claiming the same reward) finds nothing and nothing is paid twice (both pay under the
 * reward centre's key `reward:<id>`); NOTHING_TO_CLAIM
 * when there is none.
 */
export const claimRafflePrizes = async (
  deps: PromotionGameDependencies,
  member: { id: bigint; brandId: bigint },
  promotionId: bigint,
): Promise<{ claimed: number; amount: string }> => {
  const { row, currency } = await findRaffle(deps, deps.db, member.brandId, promotionId);
  const now = deps.now();
  const total = await deps.db.transaction(async (tx) => {
    // Player protection: no prize money while the member is in a time-out or self-exclusion.
    if (await deps.isPlayBlocked(member.id, tx)) throw new AppError('PLAYER_EXCLUDED');
    const rewards = await repository.takeClaimableRewards(tx, member.id, row.id, 'raffle', now);
    if (rewards.length === 0) throw new AppError('NOTHING_TO_CLAIM');
    let sum = 0n;
    for (const reward of rewards) {
      const transactionId = await payPrize(deps, tx, {
        brandId: reward.brandId,
        memberId: reward.memberId,
        currency: reward.currency,
        amount: reward.amount,
        key: rewardKey(reward.id),
        memo: reward.title,
        turnoverRequired: reward.turnoverRequired,
      });
      await repository.setRewardTransaction(tx, reward.id, transactionId);
      sum += reward.amount;
    }
    return { claimed: rewards.length, sum };
  });
  deps.wallet.notifyBalance(member.id);
  return {
    claimed: total.claimed,
    amount: formatMinorUnits(total.sum, await deps.ledger.getCurrencyExponent(currency)),
  };
};
