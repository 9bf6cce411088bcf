import type { Executor } from '../../../db/database';
import { type HouseGame, requireHouseGame } from '../../games/house-rounds.service';
import type { FishingContext } from './fishing-context';

/** The fishing game in the catalogue: the house vendor's game in the FISH lobby. */
export const fishingGame = {
  vendorCode: 'HOUSE',
  gameCode: 'FISHING',
  name: 'Aqua Fortune',
  classify: 'FISH',
} as const;

/** How long the catalogue's answer is trusted: a batch every 250 ms per player need not read it each time. */
const catalogueTtlMs = 5_000;

/** The game when it is listed and enabled (GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise), a few seconds old at most. */
export const requireFishingGame = async (
  { db, catalogue, clock }: Pick<FishingContext, 'db' | 'catalogue' | 'clock'>,
  executor: Executor = db,
): Promise<HouseGame> => {
  const now = clock();
  if (catalogue.game && now - catalogue.checkedAt < catalogueTtlMs) return catalogue.game;
  const game = await requireHouseGame(executor, fishingGame.vendorCode, fishingGame.gameCode);
  catalogue.game = game;
  catalogue.checkedAt = now;
  return game;
};
