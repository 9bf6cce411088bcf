import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { rewardUnreadResponseSchema } from '@wps/contracts/promotions-rewards';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/api/use-session';
import { rewardsQueryKeys } from './reward-query-keys';

type UnreadRewards = ResponseValue<typeof rewardUnreadResponseSchema>;

export const getUnreadRewards = (signal?: AbortSignal): Promise<UnreadRewards> =>
  apiRequest<UnreadRewards>('/rewards/unread', { signal });

export const getUnreadRewardsQueryOptions = () =>
  queryOptions({ queryKey: rewardsQueryKeys.unread, queryFn: ({ signal }) => getUnreadRewards(signal) });

/**
 * Claimable rewards the member has not seen in the reward centre (the header menu, side menu and member
 * centre badges): 0 for guests and trial accounts, which have no rewards.
 */
export const useUnreadRewardCount = (): number => {
  const { isLogin, isTrial } = useSession();
  const query = useQuery({ ...getUnreadRewardsQueryOptions(), enabled: isLogin && !isTrial });
  return isLogin && !isTrial ? (query.data?.count ?? 0) : 0;
};

/** Opening the reward centre marks its rewards seen: the badges clear. */
export const useMarkRewardsSeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnreadRewards>('/rewards/seen', { method: 'POST' }),
    onSuccess: (value) => {
      queryClient.setQueryData(rewardsQueryKeys.unread, value);
    },
  });
};
