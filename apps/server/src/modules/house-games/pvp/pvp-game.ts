import type { Executor } from '../../../db/database';
import { type HouseGame, requireHouseGame } from '../../games/house-rounds.service';
import { houseVendorCode } from '../house-games.seed';
import type { Card } from '../tables/shoe';
import { shuffleDeck } from './deck';
import type { PvpContext } from './pvp-context';
import type { PvpHandRow } from './pvp.repository';

/** The hold'em game in the catalogue (vendor HOUSE, a PVP game). */
export const holdemGameCode = 'HOLDEM';
export const holdemGameName = "Texas Hold'em";

/** The Niu-Niu game in the catalogue (vendor HOUSE, a PVP game; its tables are `pvp_tables.game` NIUNIU). */
export const niuNiuGameCode = 'NIUNIU';
export const niuNiuGameName = 'Niu-Niu';

/** The catalogue entry, when listed and enabled (GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise). */
export const requireHoldemGame = (executor: Executor): Promise<HouseGame> =>
  requireHouseGame(executor, houseVendorCode, holdemGameCode);

/** The catalogue entry of a table's game (`pvp_tables.game`: HOLDEM or NIUNIU). */
export const requirePvpGame = (executor: Executor, gameCode: string): Promise<HouseGame> =>
  requireHouseGame(executor, houseVendorCode, gameCode);

/** The game as a hand keeps it (its betting records are written under it, whatever happens to the catalogue). */
export type StoredGame = { gameId: string; vendorId: string; productLine: string; gameName: string };
export const storeGame = (game: HouseGame): StoredGame => ({
  gameId: game.gameId.toString(),
  vendorId: game.vendorId.toString(),
  productLine: game.productLine,
  gameName: game.gameName,
});
export const readGame = (stored: Readonly<Record<string, string>>): HouseGame => ({
  gameId: BigInt(stored.gameId ?? '0'),
  vendorId: BigInt(stored.vendorId ?? '0'),
  productLine: stored.productLine ?? 'PVP',
  gameName: stored.gameName ?? holdemGameName,
});

/** The brand's account of the chips at its tables in one currency. */
export const tableStacksAccount = (
  { ledger }: Pick<PvpContext, 'ledger'>,
  brandId: bigint,
  currency: string,
  executor: Executor,
) => ledger.ensureSystemAccount(brandId, 'table_stacks', currency, holdemGameCode, { executor });

export const houseAccount = (
  { ledger }: Pick<PvpContext, 'ledger'>,
  brandId: bigint,
  currency: string,
  executor: Executor,
) => ledger.ensureSystemAccount(brandId, 'house', currency, '', { executor });

/** The hand's deck, shuffled from its seeds (kept a while: every view and action of the hand reads it). */
export const deckOf = ({ decks }: Pick<PvpContext, 'decks'>, hand: PvpHandRow): Card[] => {
  const cached = decks.get(hand.id);
  if (cached) return cached;
  const deck = shuffleDeck({ serverSeed: hand.serverSeed, clientSeed: hand.clientSeed, nonce: hand.nonce });
  decks.set(hand.id, deck);
  return deck;
};
