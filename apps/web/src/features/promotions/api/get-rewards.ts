import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { rewardListResponseSchema } from '@wps/contracts/promotions-rewards';
import { apiRequest } from '../../../lib/api-client';
import { rewardsQueryKeys } from './reward-query-keys';

export type RewardList = ResponseValue<typeof rewardListResponseSchema>;
export type Reward = RewardList['claimable'][number];

export const rewardsPageSize = 10;

export const getRewards = (pageNo: number, signal?: AbortSignal): Promise<RewardList> =>
  apiRequest<RewardList>('/rewards', { query: { pageNo, pageSize: rewardsPageSize }, signal });

export const getRewardsQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: rewardsQueryKeys.list(pageNo),
    queryFn: ({ signal }) => getRewards(pageNo, signal),
    placeholderData: keepPreviousData,
  });

/** rewardCenter: the claimable rewards, then a page of the history. */
export const useRewards = (pageNo: number) => useQuery(getRewardsQueryOptions(pageNo));
