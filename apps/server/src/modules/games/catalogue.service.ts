import type { GameCategoryMenu } from '@wps/contracts/games';
import type { Database, Executor } from '../../db/database';
import * as repository from './catalogue.repository';
import {
  type CatalogueContext,
  clearCatalogueCaches,
  createCatalogueCaches,
} from './catalogue/catalogue-caches';
import { loadCatalogueStructure } from './catalogue/catalogue-structure';
import type { GameListRequest } from './catalogue/game-list-request';
import { listHotGames } from './catalogue/hot-games';
import { type GamePage, listGames, loadGamePage } from './catalogue/list-games';
import { isGameListed, listMemberGames } from './catalogue/member-games';
import { loadRankList, readRankList } from './catalogue/rank-list';
import { listGameMenus, listVendorGameTypes, listVendorLanes } from './catalogue/vendor-menus';

// Imported from here by other files: crash's live bets mask players as the rank list does (another domain
// reaches this one through its service only), and the routes turn queries into list requests.
export { needsMember, toGameListRequest } from './catalogue/game-list-request';
export { maskAccountName } from './catalogue/rank-list';

/** How many of the catalogue's games each member's own list may hold. */
export const maxRecentGames = 100;

/**
 * Moves a game to the top of the member's recent games (the launch calls this inside its transaction); only
 * the newest 100 are kept.
 */
export const recordRecentGame = (executor: Executor, memberId: bigint, gameId: bigint): Promise<void> =>
  repository.touchRecentGame(executor, memberId, gameId, maxRecentGames);

/**
 * The game catalogue as players see it. The service's caches are created here, once per instance; each method
 * is a use case of catalogue/ (list-games.ts, hot-games.ts, vendor-menus.ts, rank-list.ts, member-games.ts).
 */
export const createCatalogueService = ({ db }: { db: Database }) => {
  const context: CatalogueContext = {
    db,
    caches: createCatalogueCaches({
      loadStructure: () => loadCatalogueStructure(db),
      loadCounts: () => repository.countEnabledGames(db),
      // Called on a cache miss only, when `context` exists; a cached page is nobody's own list (no member).
      loadPage: (request) => loadGamePage(context, request, undefined),
      loadRankList: (query) => loadRankList(db, query),
    }),
  };

  return {
    /** A page of games: a category lobby, a vendor, a filter or subcategory, a name search. */
    listGames: (request: GameListRequest, memberId: bigint | undefined): Promise<GamePage> =>
      listGames(context, request, memberId),

    /** The hot games of a category and vendor (all when absent), in display order, at most 100. */
    hotGames: (query: { gameType?: string | undefined; vassalage?: string | undefined; language: string }) =>
      listHotGames(context, query),

    /** The categories a vendor (or, in TY, the shared code) has games in. */
    vendorGameTypes: (vassalage: string, language: string) =>
      listVendorGameTypes(context, vassalage, language),

    /** Vendor lanes per category (the home's vendor rows). */
    vendorLanes: (language: string) => listVendorLanes(context, language),

    /** Every category with vendors, with its cards and classify entries (see listGameMenus). */
    gameMenus: (language: string, supportsTy: boolean): Promise<GameCategoryMenu[]> =>
      listGameMenus(context, language, supportsTy),

    /** The brand's biggest wins of the last 7 days (all categories, or one), newest-first among equals. */
    rankList: (brandId: bigint, query: { gameCategory: string; limitNum: number; language: string }) =>
      readRankList(context, brandId, query),

    /** A member's favourites or recent games as cards, newest first, narrowed by category and vendor. */
    memberGames: (
      memberId: bigint,
      list: 'favourites' | 'recent',
      query: {
        gameType?: string | undefined;
        vassalage?: string | undefined;
        language: string;
        pageNo: number;
        pageSize: number;
      },
    ): Promise<GamePage> => listMemberGames(context, memberId, list, query),

    /** Ids of the games a member may favourite: enabled, of a live tile. */
    isListed: (gameId: bigint): Promise<boolean> => isGameListed(context, gameId),

    /** Forget every cached answer (after an operator's change to vendors or games on this instance). */
    clearCaches: (): void => {
      clearCatalogueCaches(context);
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
