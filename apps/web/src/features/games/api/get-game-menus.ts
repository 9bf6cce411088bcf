import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { GameCategoryMenu, gameMenusResponseSchema, VendorCard } from '@wps/contracts/games';
import { apiRequest } from '../../../lib/api-client';
import { gamesQueryKeys } from './games-query-keys';
import { useGameLanguage } from './game-language';

export const getGameMenus = (language: string, signal?: AbortSignal): Promise<GameCategoryMenu[]> =>
  apiRequest<ResponseValue<typeof gameMenusResponseSchema>>('/lgw/games/game_menus', {
    query: { language },
    signal,
  });

/** The vendor lists of every language; invalidated when the visitor changes language. */
export const gameMenusQueryKey = [...gamesQueryKeys.catalogue, 'menus'] as const;

/** Spec section 4, Lobby: the vendor list is kept for the visit and fetched again when the language changes. */
export const getGameMenusQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...gameMenusQueryKey, language],
    queryFn: ({ signal }) => getGameMenus(language, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useGameMenus = () => useQuery(getGameMenusQueryOptions(useGameLanguage()));

/** A category's menu, or null when it has no vendors. */
export const menuOf = (
  menus: readonly GameCategoryMenu[] | undefined,
  category: string,
): GameCategoryMenu | null => menus?.find((menu) => menu.title === category && menu.cards.length > 0) ?? null;

/** The vendor tiles of a category (none while the menus load or when it has no vendors). */
export const vendorCardsOf = (
  menus: readonly GameCategoryMenu[] | undefined,
  category: string,
): VendorCard[] => menuOf(menus, category)?.cards ?? [];

/** Categories with at least one vendor, in the order given. */
export const categoriesWithVendors = <C extends string>(
  menus: readonly GameCategoryMenu[] | undefined,
  order: readonly C[],
): C[] => order.filter((category) => menuOf(menus, category) !== null);
