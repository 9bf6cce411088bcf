import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  rewardClaimAllResponseSchema,
  rewardClaimResponseSchema,
} from '@wps/contracts/promotions-rewards';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { rewardsQueryKeyPrefix } from './reward-query-keys';

export type ClaimedReward = ResponseValue<typeof rewardClaimResponseSchema>;
export type ClaimedRewards = ResponseValue<typeof rewardClaimAllResponseSchema>;

export const claimReward = (id: string): Promise<ClaimedReward> =>
  apiRequest<ClaimedReward>(`/rewards/${encodeURIComponent(id)}/claim`, { method: 'POST' });

export const claimAllRewards = (): Promise<ClaimedRewards> =>
  apiRequest<ClaimedRewards>('/rewards/claim-all', { method: 'POST' });

/** Claims one reward (by id) or all of them (no id); then the rewards, the badges and the balance are read again. */
export const useClaimRewards = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? claimAllRewards()
        : claimReward(id).then((reward) => ({ claimed: [reward], total: reward.amount })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsQueryKeyPrefix }),
        refreshWalletQueries(queryClient),
      ]),
  });
};
