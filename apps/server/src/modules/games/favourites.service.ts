import { maxGamePageSize } from '@wps/contracts/games';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import * as catalogueRepository from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
import * as repository from './favourites.repository';

/** A member's favourites all fit on the site's one favourites page (page size 999). */
export const maxFavourites = maxGamePageSize;

type FavouriteOwner = { id: bigint; type: number };

const idsOf = async (db: Database, memberId: bigint): Promise<number[]> =>
  (await repository.listFavouriteIds(db, memberId)).map(Number);

/**
 * Favourites: the id list, add and remove (both idempotent; an unknown game is GAME_NOT_FOUND). The paged
 * list and the recent games are catalogue lists (catalogue.service `memberGames`).
 */
export const createFavouriteService = ({ db, catalogue }: { db: Database; catalogue: CatalogueService }) => ({
  ids: (member: FavouriteOwner): Promise<number[]> => idsOf(db, member.id),

  add: async (member: FavouriteOwner, nodeId: number): Promise<number[]> => {
    const gameId = BigInt(nodeId);
    if (!(await catalogue.isListed(gameId))) throw new AppError('GAME_NOT_FOUND');
    const ids = await idsOf(db, member.id);
    if (ids.includes(nodeId)) return ids;
    if (ids.length >= maxFavourites) {
      const message = `At most ${maxFavourites} favourite games.`;
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'nodeId', message }] });
    }
    await repository.insertFavourite(db, member.id, gameId);
    return idsOf(db, member.id);
  },

  remove: async (member: FavouriteOwner, nodeId: number): Promise<number[]> => {
    const gameId = BigInt(nodeId);
    if (!(await catalogueRepository.findGameById(db, gameId))) throw new AppError('GAME_NOT_FOUND');
    await repository.deleteFavourite(db, member.id, gameId);
    return idsOf(db, member.id);
  },
});

export type FavouriteService = ReturnType<typeof createFavouriteService>;
