import type { Executor } from '../../../db/database';
import { type HouseGame, requireHouseGame } from '../../games/house-rounds.service';
import type { CrashContext } from '../crash.service';

/** The crash game in the catalogue: the house vendor's game, shown with the RNG games (mini games). */
export const crashGame = {
  vendorCode: 'HOUSE',
  gameCode: 'CRASH',
  name: 'Crash',
  classify: 'ARCADE',
} as const;
/** Public, fixed per chain with its commitment: the HMAC key turning round hashes into crash points. */
export const crashSalt = 'wps-crash-v1';

/** The game when it is listed and enabled (GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise). */
export const requireGame = async (
  { db, catalogue }: Pick<CrashContext, 'db' | 'catalogue'>,
  executor: Executor = db,
): Promise<HouseGame> => {
  const game = await requireHouseGame(executor, crashGame.vendorCode, crashGame.gameCode);
  catalogue.game = game;
  return game;
};

export const productLineOf = ({ catalogue }: Pick<CrashContext, 'catalogue'>) =>
  catalogue.game?.productLine ?? 'RNG';
