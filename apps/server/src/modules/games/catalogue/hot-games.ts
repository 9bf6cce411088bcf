import type { Game } from '@wps/contracts/games';
import type { CatalogueContext } from './catalogue-caches';
import { toGameListRequest } from './game-list-request';
import { pageKey } from './list-games';

/** Hot games answered by the hot-games call (the home section shows 12; the HOT lobby pages the list). */
export const hotGamesLimit = 100;

/** The hot games of a category and vendor (all when absent), in display order, at most 100. */
export const listHotGames = async (
  { caches }: Pick<CatalogueContext, 'caches'>,
  query: { gameType?: string | undefined; vassalage?: string | undefined; language: string },
): Promise<{ list: Game[] }> => {
  const request = toGameListRequest({
    gameType: query.gameType,
    vassalage: query.vassalage,
    gameClassify: 'HOT',
    language: query.language,
    pageNo: 1,
    pageSize: hotGamesLimit,
  });
  const page = await caches.pages.fetch(pageKey(request), { context: request });
  return { list: page?.games ?? [] };
};
