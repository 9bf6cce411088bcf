import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { recentGamesResponseSchema } from '@wps/contracts/games';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/use-session-storage';
import { gamesQueryKeys } from './games-query-keys';

export type RecentGamePage = z.output<typeof recentGamesResponseSchema>['value'];
export type MemberGamesFilter = { gameType?: string; vassalage?: string; page: number; pageSize: number };

const recentGamesQuery = (filter: MemberGamesFilter, language: string) => ({
  gameType: filter.gameType || null,
  vassalage: filter.vassalage || null,
  page: filter.page,
  pageSize: filter.pageSize,
  language,
});

export const getRecentGames = (
  filter: MemberGamesFilter,
  language: string,
  signal?: AbortSignal,
): Promise<RecentGamePage> =>
  apiRequest<ResponseValue<typeof recentGamesResponseSchema>>('/relay/GCS_recentGame', {
    query: recentGamesQuery(filter, language),
    signal,
  });

export const getRecentGamesQueryOptions = (token: string, filter: MemberGamesFilter, language: string) =>
  queryOptions({
    queryKey: [...gamesQueryKeys.recentLists(token), recentGamesQuery(filter, language)],
    queryFn: ({ signal }) => getRecentGames(filter, language, signal),
    // A launch moves a game to the top; the list is read fresh each time it is shown.
    staleTime: 0,
  });

/** The member's recently played games; asks nothing for a guest (`enabled` false). */
export const useRecentGames = (filter: MemberGamesFilter, language: string, { enabled = true } = {}) => {
  const token = useSessionToken();
  return useQuery({
    ...getRecentGamesQueryOptions(token ?? '', filter, language),
    enabled: enabled && token !== null,
    placeholderData: keepPreviousData,
  });
};
