import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  favoriteGameChangeResponseSchema,
  favoriteGameIdsResponseSchema,
  favoriteGamesResponseSchema,
} from '@wps/contracts/games';
import type { Game } from '@wps/contracts/games';
import { categoryOf } from '@wps/contracts/games-rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDialogs } from '../../../components/dialog-provider';
import { apiRequest } from '../../../lib/api-client';
import { translateApiError } from '../../../lib/translate-message';
import { useSessionToken } from '../../../lib/use-session-storage';
import { useSession } from '../../auth/api/use-session';
import { gamesQueryKeys } from './games-query-keys';
import type { MemberGamesFilter } from './get-recent-games';

export type FavouriteGamePage = z.output<typeof favoriteGamesResponseSchema>['value'];
export type FavouriteChange = { nodeId: number; vendor: string; gameType: string };

/* ---- ids (the spec's favGameIds) ---- */

export const getFavouriteIds = (signal?: AbortSignal): Promise<number[]> =>
  apiRequest<ResponseValue<typeof favoriteGameIdsResponseSchema>>('/relay/MCSFE_getFavoriteGames', {
    signal,
  });

export const getFavouriteIdsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: gamesQueryKeys.favouriteIds(token),
    queryFn: ({ signal }) => getFavouriteIds(signal),
    staleTime: Infinity,
  });

/** The member's favourite game ids; empty for a guest. */
export const useFavouriteIds = (): ReadonlySet<number> => {
  const session = useSession();
  const token = session.token ?? '';
  const ids = useQuery({ ...getFavouriteIdsQueryOptions(token), enabled: session.isLogin });
  return new Set(session.isLogin ? (ids.data ?? []) : []);
};

/* ---- the paged list ---- */

const favouriteGamesQuery = (filter: MemberGamesFilter, language: string) => ({
  gameType: filter.gameType || null,
  vassalage: filter.vassalage || null,
  pageNo: filter.page,
  pageSize: filter.pageSize,
  language,
});
type FavouriteGamesQuery = ReturnType<typeof favouriteGamesQuery>;

export const getFavouriteGames = (
  filter: MemberGamesFilter,
  language: string,
  signal?: AbortSignal,
): Promise<FavouriteGamePage> =>
  apiRequest<ResponseValue<typeof favoriteGamesResponseSchema>>('/relay/MCSFE_getFavoriteGamesList', {
    query: favouriteGamesQuery(filter, language),
    signal,
  });

export const getFavouriteGamesQueryOptions = (token: string, filter: MemberGamesFilter, language: string) =>
  queryOptions({
    queryKey: [...gamesQueryKeys.favouriteLists(token), favouriteGamesQuery(filter, language)],
    queryFn: ({ signal }) => getFavouriteGames(filter, language, signal),
    staleTime: 30_000,
  });

/** The member's favourite games, paged; asks nothing for a guest. */
export const useFavouriteGames = (filter: MemberGamesFilter, language: string, { enabled = true } = {}) => {
  const token = useSessionToken();
  return useQuery({
    ...getFavouriteGamesQueryOptions(token ?? '', filter, language),
    enabled: enabled && token !== null,
    placeholderData: keepPreviousData,
  });
};

/* ---- add and remove ---- */

export const addFavourite = (change: FavouriteChange): Promise<number[]> =>
  apiRequest<ResponseValue<typeof favoriteGameChangeResponseSchema>>('/relay/MCSFE_addFavoriteGameV2', {
    method: 'POST',
    body: change,
  });

export const removeFavourite = (change: FavouriteChange): Promise<number[]> =>
  apiRequest<ResponseValue<typeof favoriteGameChangeResponseSchema>>('/relay/MCSFE_removeFavoriteGameV2', {
    method: 'DELETE',
    query: change,
  });

/** Spec section 9: the favourite toggle runs at most once a second, on the leading call only. */
export const favouriteToggleIntervalMs = 1000;
// One clock per app (per query client), shared by every card, so tests and tabs never share it.
const lastToggleAt = new WeakMap<QueryClient, number>();
const claimToggleSlot = (queryClient: QueryClient): boolean => {
  const now = Date.now();
  const last = lastToggleAt.get(queryClient);
  if (last !== undefined && now - last < favouriteToggleIntervalMs) return false;
  lastToggleAt.set(queryClient, now);
  return true;
};

const withId = (ids: readonly number[] | undefined, nodeId: number, isFavourite: boolean): number[] => {
  const others = (ids ?? []).filter((id) => id !== nodeId);
  return isFavourite ? [...others, nodeId] : others;
};

const isFavouriteGamesQuery = (value: unknown): value is FavouriteGamesQuery =>
  typeof value === 'object' && value !== null && 'pageNo' in value;

/** Whether a freshly favourited game belongs on the first page of a cached list with these filters. */
const fitsList = (query: FavouriteGamesQuery, game: Game): boolean =>
  query.pageNo === 1 &&
  (query.gameType === null ||
    query.gameType === game.gameType ||
    query.gameType === categoryOf(game.gameType, game.vassalage)) &&
  (query.vassalage === null || query.vassalage === game.vassalage);

/** The cached lists as the member now sees them: the game dropped, or put first where it fits. */
const updateCachedLists = (queryClient: QueryClient, token: string, game: Game, isFavourite: boolean) => {
  for (const [key, page] of queryClient.getQueriesData<FavouriteGamePage>({
    queryKey: gamesQueryKeys.favouriteLists(token),
  })) {
    if (page === undefined) continue;
    const content = page.content.filter((entry) => entry.nodeId !== game.nodeId);
    const query = key.at(-1);
    const next =
      isFavourite && isFavouriteGamesQuery(query) && fitsList(query, game)
        ? [game, ...content].slice(0, query.pageSize)
        : content;
    queryClient.setQueryData<FavouriteGamePage>(key, { ...page, content: next });
  }
};

/**
 * Spec section 4, favourite toggle: add when not a favourite, otherwise remove. The ids and the cached lists
 * change at once, then the server is called; its answer (the new ids) is kept, and a failure undoes this
 * game's change and says why. Callers guard it for guests (the login modal).
 */
export const useToggleFavourite = () => {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const dialogs = useDialogs();
  const { t } = useTranslation();
  return useCallback(
    async (game: Game): Promise<void> => {
      if (token === null || !claimToggleSlot(queryClient)) return;
      const idsKey = gamesQueryKeys.favouriteIds(token);
      const wasFavourite = (queryClient.getQueryData<number[]>(idsKey) ?? []).includes(game.nodeId);
      const change: FavouriteChange = {
        nodeId: game.nodeId,
        vendor: game.vassalage,
        gameType: game.gameType,
      };
      await queryClient.cancelQueries({ queryKey: idsKey });
      queryClient.setQueryData<number[]>(idsKey, (ids) => withId(ids, game.nodeId, !wasFavourite));
      updateCachedLists(queryClient, token, game, !wasFavourite);
      try {
        const ids = await (wasFavourite ? removeFavourite(change) : addFavourite(change));
        queryClient.setQueryData<number[]>(idsKey, ids);
      } catch (error) {
        queryClient.setQueryData<number[]>(idsKey, (ids) => withId(ids, game.nodeId, wasFavourite));
        dialogs.toast(translateApiError(t, error));
      }
      await queryClient.invalidateQueries({ queryKey: gamesQueryKeys.favouriteLists(token) });
    },
    [dialogs, queryClient, t, token],
  );
};
