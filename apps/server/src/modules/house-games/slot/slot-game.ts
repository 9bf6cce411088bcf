import { houseVendorCode } from '@wps/contracts/house-games-rules';
import { type HouseGame, requireHouseGame } from '../../games/house-rounds.service';
import { houseSlotGameCode } from '../slot-definition';
import type { SlotServiceDependencies } from './slot-context';

/** The slot in the catalogue, when it is listed and enabled (GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise). */
export const requireSlotGame = ({ db }: Pick<SlotServiceDependencies, 'db'>): Promise<HouseGame> =>
  requireHouseGame(db, houseVendorCode, houseSlotGameCode);
