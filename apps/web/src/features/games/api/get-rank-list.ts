import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { rankListResponseSchema } from '@wps/contracts/games';
import { rankListLimit } from '@wps/contracts/games-rules';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { gamesQueryKeys } from './games-query-keys';

export type WinnerEntry = z.output<typeof rankListResponseSchema>['value']['list'][number];

/** Spec section 7, Winner board: gameCategory ALL, the language, limitNum 20; value.list of vo entries. */
export const getRankList = (language: string, signal?: AbortSignal): Promise<WinnerEntry[]> =>
  apiRequest<ResponseValue<typeof rankListResponseSchema>>('/relay/GCSGAME_getRankList', {
    query: { gameCategory: 'ALL', language, limitNum: rankListLimit },
    signal,
  }).then((value) => value.list);

export const getRankListQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...gamesQueryKeys.catalogue, 'rank-list', language],
    queryFn: ({ signal }) => getRankList(language, signal),
    staleTime: 60_000,
  });

export const useRankList = (language: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getRankListQueryOptions(language), enabled });
