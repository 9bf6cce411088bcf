import type { RewardList, RewardListQuery } from '@wps/contracts/promotions-rewards';
import * as repository from '../rewards.repository';
import type { RewardDependencies, RewardOwner } from './reward-types';
import { toReward } from './reward-views';

/** More claimable rewards than this at once is not a page a member reads; claim-all still pays them all. */
const claimableLimit = 200;

/** The reward centre: what can be claimed now (soonest expiry first), then a page of the history. */
export const listRewards = async (
  deps: Pick<RewardDependencies, 'db' | 'wallet' | 'now'>,
  owner: RewardOwner,
  query: RewardListQuery,
): Promise<RewardList> => {
  const now = deps.now();
  const [claimable, history, total] = await Promise.all([
    repository.listClaimableRewards(deps.db, owner.memberId, now, claimableLimit),
    repository.listRewardHistory(deps.db, owner.memberId, now, {
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
    repository.countRewardHistory(deps.db, owner.memberId, now),
  ]);
  const claimableTotal = claimable.reduce((sum, row) => sum + row.amount, 0n);
  return {
    claimable: await Promise.all(claimable.map((row) => toReward(deps, row))),
    claimableTotal: await deps.wallet.formatAmount(claimableTotal, owner.currency),
    history: await Promise.all(history.map((row) => toReward(deps, row))),
    totalPages: Math.ceil(total / query.pageSize),
  };
};
