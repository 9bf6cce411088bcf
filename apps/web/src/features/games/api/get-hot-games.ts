import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { Game, hotGamesResponseSchema } from '@wps/contracts/games';
import { apiRequest } from '../../../lib/api-client';
import { gamesQueryKeys } from './games-query-keys';

export type HotGamesFilter = { gameType?: string; vassalage?: string };

const hotGamesQuery = (filter: HotGamesFilter, language: string) => ({
  gameType: filter.gameType || null,
  vassalage: filter.vassalage || null,
  language,
});

export const getHotGames = (
  filter: HotGamesFilter,
  language: string,
  signal?: AbortSignal,
): Promise<Game[]> =>
  apiRequest<ResponseValue<typeof hotGamesResponseSchema>>('/relay/GCSGAME_hotGamesV2', {
    query: hotGamesQuery(filter, language),
    signal,
  }).then((value) => value.list);

export const getHotGamesQueryOptions = (filter: HotGamesFilter, language: string) =>
  queryOptions({
    queryKey: [...gamesQueryKeys.catalogue, 'hot', hotGamesQuery(filter, language)],
    queryFn: ({ signal }) => getHotGames(filter, language, signal),
    staleTime: 60_000,
  });

/** The whole hot list of a category (or of every category); screens page it themselves. */
export const useHotGames = (filter: HotGamesFilter, language: string, { enabled = true } = {}) =>
  useQuery({ ...getHotGamesQueryOptions(filter, language), enabled });
