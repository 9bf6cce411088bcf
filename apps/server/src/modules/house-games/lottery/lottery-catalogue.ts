import { AppError } from '../../../http/app-error';
import { type HouseGame, requireHouseGame } from '../../games/house-rounds.service';
import { findLotteryGame, type LotteryGameDefinition, lotteryGames } from '../lottery.games';
import * as repository from '../lottery.repository';
import type { LotteryContext } from './lottery-context';

/** The lottery games on offer: the definitions, their catalogue rows, and each brand's settings of a game. */

type CatalogueDependencies = Pick<LotteryContext, 'db' | 'caches'>;

/** The game's definition; GAME_NOT_FOUND for a code that is no lottery game. */
export const requireGame = (gameCode: string): LotteryGameDefinition => {
  const game = findLotteryGame(gameCode);
  if (!game) throw new AppError('GAME_NOT_FOUND');
  return game;
};

/** The game's catalogue row when it is listed and enabled (GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise). */
export const catalogueGame = async (
  { db, caches }: CatalogueDependencies,
  definition: LotteryGameDefinition,
): Promise<HouseGame> => {
  const cached = caches.catalogue.get(definition.gameCode);
  if (cached && cached.until > Date.now()) return cached.game;
  const game = await requireHouseGame(db, definition.vendor, definition.gameCode);
  caches.catalogue.set(definition.gameCode, { game, until: Date.now() + 30_000 });
  return game;
};

/** Enabled lottery games of the catalogue (a disabled game is not offered). */
export const listEnabledGames = async (
  deps: CatalogueDependencies,
  vendor?: string,
): Promise<LotteryGameDefinition[]> => {
  const listed: LotteryGameDefinition[] = [];
  for (const game of lotteryGames) {
    if (vendor !== undefined && game.vendor !== vendor) continue;
    try {
      await catalogueGame(deps, game);
      listed.push(game);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return listed;
};

/** The brand's settings of a game, with the defaults of a game it never set up. */
export const gameSettingsOf = async (
  { db }: Pick<LotteryContext, 'db'>,
  brandId: bigint,
  gameCode: string,
) => {
  const row = await repository.findGameSettings(db, brandId, gameCode);
  return {
    resultSource: row?.resultSource ?? 'fair',
    defaultNumberCap: row?.defaultNumberCap ?? null,
  };
};
