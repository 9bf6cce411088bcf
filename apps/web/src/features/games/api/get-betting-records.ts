import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { bettingRecordResponseSchema, bettingRoundDetailResponseSchema } from '@wps/contracts/games';
import type { bettingProductLines, roundStatusFilters } from '@wps/contracts/games-rules';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { DateRangeFilter } from '../../wallet/api/get-transaction-records';
import { gamesQueryKeys } from './games-query-keys';

export const bettingRecordPageSize = 20;

export type BettingProductLine = (typeof bettingProductLines)[number];
export type BettingStatusFilter = (typeof roundStatusFilters)[number];
/** Days in the member's own time zone (the browser's), as the wallet's records take them. */
export type BettingRecordFilter = DateRangeFilter & {
  productLine: BettingProductLine;
  status: BettingStatusFilter;
};
export type BettingRecordPage = z.output<typeof bettingRecordResponseSchema>['value'];
export type BettingRoundDetail = z.output<typeof bettingRoundDetailResponseSchema>['value'];

/** The betting record's queries; the push stream's balance signal does not touch them, a new search does. */
export const bettingQueryKeys = {
  all: gamesQueryKeys.bettingRecords,
  page: (filter: BettingRecordFilter, page: number) =>
    [...gamesQueryKeys.bettingRecords, 'page', filter, page] as const,
  round: (roundId: string) => [...gamesQueryKeys.bettingRecords, 'round', roundId] as const,
} as const;

export const getBettingRecords = (
  filter: BettingRecordFilter,
  page: number,
  signal?: AbortSignal,
): Promise<BettingRecordPage> =>
  apiRequest<ResponseValue<typeof bettingRecordResponseSchema>>('/member/betting-records', {
    query: {
      productLine: filter.productLine,
      status: filter.status,
      from: filter.from || null,
      to: filter.to || null,
      timeZone: filter.timeZone,
      page,
      pageSize: bettingRecordPageSize,
    },
    signal,
  });

export const getBettingRecordsQueryOptions = (filter: BettingRecordFilter, page: number) =>
  queryOptions({
    queryKey: bettingQueryKeys.page(filter, page),
    queryFn: ({ signal }) => getBettingRecords(filter, page, signal),
    staleTime: 0,
  });

/** The page stays on screen while the next one loads, so the table does not jump. */
export const useBettingRecords = (filter: BettingRecordFilter, page: number) =>
  useQuery({ ...getBettingRecordsQueryOptions(filter, page), placeholderData: keepPreviousData });

export const getBettingRound = (roundId: string, signal?: AbortSignal): Promise<BettingRoundDetail> =>
  apiRequest<ResponseValue<typeof bettingRoundDetailResponseSchema>>(
    `/member/betting-records/${encodeURIComponent(roundId)}`,
    {
      signal,
    },
  );

export const getBettingRoundQueryOptions = (roundId: string) =>
  queryOptions({
    queryKey: bettingQueryKeys.round(roundId),
    queryFn: ({ signal }) => getBettingRound(roundId, signal),
    staleTime: 0,
  });

export const useBettingRound = (roundId: string) => useQuery(getBettingRoundQueryOptions(roundId));
