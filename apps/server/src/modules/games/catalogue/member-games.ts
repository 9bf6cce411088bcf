import * as repository from '../catalogue.repository';
import { type CatalogueContext, readStructure } from './catalogue-caches';
import { tileKey } from './catalogue-structure';
import { toGameListRequest } from './game-list-request';
import { type GamePage, loadGamePage } from './list-games';

/** A member's favourites or recent games as cards, newest first, narrowed by category and vendor. */
export const listMemberGames = (
  context: CatalogueContext,
  memberId: bigint,
  list: 'favourites' | 'recent',
  query: {
    gameType?: string | undefined;
    vassalage?: string | undefined;
    language: string;
    pageNo: number;
    pageSize: number;
  },
): Promise<GamePage> =>
  loadGamePage(
    context,
    toGameListRequest({ ...query, gameClassify: list === 'favourites' ? 'FAV' : 'RECENT' }),
    memberId,
  );

/** Whether a member may favourite the game: enabled, of a live tile. */
export const isGameListed = async (context: CatalogueContext, gameId: bigint): Promise<boolean> => {
  const game = await repository.findGameById(context.db, gameId);
  if (!game?.isEnabled) return false;
  return (await readStructure(context)).tileOf.has(tileKey(game.vendorId, game.gameType));
};
