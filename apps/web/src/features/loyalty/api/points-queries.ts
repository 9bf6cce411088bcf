import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  mallItemListResponseSchema,
  pointBalanceResponseSchema,
  pointConfigResponseSchema,
  pointTransactionListResponseSchema,
  redemptionListResponseSchema,
} from '@wps/contracts/loyalty-points';
import { apiRequest } from '../../../lib/api-client';

export type PointBalance = ResponseValue<typeof pointBalanceResponseSchema>;
export type PointConfig = ResponseValue<typeof pointConfigResponseSchema>;
export type MallItem = ResponseValue<typeof mallItemListResponseSchema>['list'][number];
export type RedemptionPage = ResponseValue<typeof redemptionListResponseSchema>;
export type Redemption = RedemptionPage['list'][number];
export type PointTransactionPage = ResponseValue<typeof pointTransactionListResponseSchema>;

/** Under the loyalty prefix, so the fold's `loyalty` push (points earned) refreshes them all. */
export const pointsQueryKeyPrefix = ['loyalty', 'points'] as const;
export const pointsQueryKeys = {
  balance: [...pointsQueryKeyPrefix, 'balance'] as const,
  config: [...pointsQueryKeyPrefix, 'config'] as const,
  items: (language: string) => [...pointsQueryKeyPrefix, 'items', language] as const,
  redemptions: (pageNo: number, language: string) =>
    [...pointsQueryKeyPrefix, 'redemptions', pageNo, language] as const,
  transactions: [...pointsQueryKeyPrefix, 'transactions'] as const,
};

export const redemptionsPageSize = 10;
const transactionsPageSize = 20;

/** `isEnabled`: only with a session (a guest would be refused). */
export const usePointBalance = (isEnabled = true) =>
  useQuery(
    queryOptions({
      enabled: isEnabled,
      queryKey: pointsQueryKeys.balance,
      queryFn: ({ signal }) => apiRequest<PointBalance>('/relay/MCS2_getPointBalance', { signal }),
    }),
  );

export const usePointConfig = (isEnabled = true) =>
  useQuery(
    queryOptions({
      enabled: isEnabled,
      queryKey: pointsQueryKeys.config,
      queryFn: ({ signal }) => apiRequest<PointConfig>('/relay/MCS2_getPointConfig', { signal }),
    }),
  );

export const useMallItems = (language: string) =>
  useQuery(
    queryOptions({
      queryKey: pointsQueryKeys.items(language),
      queryFn: ({ signal }) =>
        apiRequest<{ list: MallItem[] }>('/relay/MCS2_getPointReward', { query: { language }, signal }),
    }),
  );

export const useRedemptions = (pageNo: number, language: string) =>
  useQuery(
    queryOptions({
      queryKey: pointsQueryKeys.redemptions(pageNo, language),
      queryFn: ({ signal }) =>
        apiRequest<RedemptionPage>('/relay/MCS2_getRedeemPointList', {
          query: { pageNo, pageSize: redemptionsPageSize, language },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  );

/** ODSFE2_MemTransDet: the member's points movements, newest first, a page at a time ("more"). */
export const usePointTransactions = () =>
  useInfiniteQuery({
    queryKey: pointsQueryKeys.transactions,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PointTransactionPage>('/relay/ODSFE2_MemTransDet', {
        query: { pageSize: transactionsPageSize, beforeId: pageParam },
        signal,
      }),
    getNextPageParam: (page) => page.nextBeforeId,
  });
