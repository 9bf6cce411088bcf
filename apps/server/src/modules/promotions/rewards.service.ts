import type { RewardListQuery } from '@wps/contracts/promotions-rewards';
import type { Executor } from '../../db/database';
import { claimAllRewards, claimReward } from './rewards/claim-reward';
import { createReward } from './rewards/create-reward';
import { expireRewards } from './rewards/expire-rewards';
import { listRewards } from './rewards/list-rewards';
import type { NewRewardRequest, RewardDependencies, RewardOwner } from './rewards/reward-types';
import * as repository from './rewards.repository';

export type { NewRewardRequest, RewardOwner } from './rewards/reward-types';
export type { RewardRow } from './rewards.repository';
export { expireRewardsJobName } from './rewards/expire-rewards';
export { rewardKey } from './rewards/claim-reward';

/**
 * The reward centre: rewards from every source wait here (claimable until they expire) and are paid to the
 * member's cash when claimed, once, with their turnover requirement. Other domains put rewards here with
 * `create` inside their own transaction.
 */
export const createRewardService = (deps: RewardDependencies) => ({
  create: (tx: Executor, request: NewRewardRequest) => createReward(deps, tx, request),
  list: (owner: RewardOwner, query: RewardListQuery) => listRewards(deps, owner, query),
  claim: (owner: RewardOwner, id: bigint) => claimReward(deps, owner, id),
  claimAll: (owner: RewardOwner) => claimAllRewards(deps, owner),
  unread: async (owner: RewardOwner) => ({
    count: await repository.countUnseenClaimable(deps.db, owner.memberId, deps.now()),
  }),
  markSeen: async (owner: RewardOwner) => {
    await repository.markRewardsSeen(deps.db, owner.memberId, deps.now());
    return { count: 0 };
  },
  expire: () => expireRewards(deps),
});

export type RewardService = ReturnType<typeof createRewardService>;
