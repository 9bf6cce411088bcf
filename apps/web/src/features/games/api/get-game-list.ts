import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { gameListResponseSchema } from '@wps/contracts/games';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { gamesQueryKeys } from './games-query-keys';

export type GamePage = z.output<typeof gameListResponseSchema>['value'];

/** The lobby's filters; the search is sent trimmed, and an empty one is left out. */
export type GameListFilter = {
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  isNew?: boolean;
  gameName?: string;
  pageNo: number;
  pageSize: number;
};

export const gameListQuery = (filter: GameListFilter, language: string) => {
  const gameName = filter.gameName?.trim();
  return {
    gameType: filter.gameType || null,
    vassalage: filter.vassalage || null,
    gameClassify: filter.gameClassify || null,
    isNew: filter.isNew === true ? '1' : null,
    gameName: gameName || null,
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
    language,
  };
};

export const getGameList = (
  filter: GameListFilter,
  language: string,
  signal?: AbortSignal,
): Promise<GamePage> =>
  apiRequest<ResponseValue<typeof gameListResponseSchema>>('/relay/GCSGAME_gameList', {
    query: gameListQuery(filter, language),
    signal,
  });

export const getGameListQueryOptions = (filter: GameListFilter, language: string) =>
  queryOptions({
    queryKey: [...gamesQueryKeys.catalogue, 'list', gameListQuery(filter, language)],
    queryFn: ({ signal }) => getGameList(filter, language, signal),
    staleTime: 60_000,
  });

/** The page stays on screen while the next one loads, so the grid does not jump. */
export const useGameList = (filter: GameListFilter, language: string, { enabled = true } = {}) =>
  useQuery({ ...getGameListQueryOptions(filter, language), enabled, placeholderData: keepPreviousData });
