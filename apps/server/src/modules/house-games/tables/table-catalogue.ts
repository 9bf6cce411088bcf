import type { Executor } from '../../../db/database';
import { type HouseGame, requireHouseGame } from '../../games/house-rounds.service';
import { houseVendorCode } from '../house-games.seed';
import type { TableGame } from './table-config';
import type { TablesContext } from './tables.service';

/** The game's catalogue entry (vendor HOUSE, game code = the table game), when listed and enabled. */
export const requireTableGame = async (
  { catalogue }: Pick<TablesContext, 'catalogue'>,
  executor: Executor,
  game: TableGame,
): Promise<HouseGame> => {
  const found = await requireHouseGame(executor, houseVendorCode, game);
  catalogue.set(game, found);
  return found;
};

export { houseAccountOf } from '../settle-accounts';
