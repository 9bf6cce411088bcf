import { createHash } from 'node:crypto';
import { categoryOf, searchableName } from '@wps/contracts/games-rules';
import type { Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import * as repository from './house-rounds.repository';
import * as vendors from './vendors.repository';

/**
 * House games (the slot, crash, lotteries) in the catalogue and the betting record. The platform is their
 * vendor, so instead of wallet calls they write their round here, in the same transaction as their ledger
 * postings: one settled `game_rounds` row (valid bet = stake, counted on turnover by the caller) and one
 * `game_transactions` row per money movement, so the round reads like a vendor's round in the betting record
 * and its bets and wins show in the round's detail. The round's `details` carry the game's proof.
 */

export type HouseGame = { gameId: bigint; vendorId: bigint; productLine: string; gameName: string };

/** The game when it is listed and enabled; GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise. */
export const requireHouseGame = async (
  executor: Executor,
  vendorCode: string,
  gameCode: string,
): Promise<HouseGame> => {
  const row = await repository.findHouseGame(executor, vendorCode, gameCode);
  if (row === undefined || row.integration !== 'house') throw new AppError('GAME_NOT_FOUND');
  if (!row.isGameEnabled || !row.isVendorEnabled || row.isTileEnabled === false) {
    throw new AppError('GAME_UNAVAILABLE');
  }
  return {
    gameId: row.gameId,
    vendorId: row.vendorId,
    productLine: categoryOf(row.gameType, vendorCode),
    gameName: row.gameName,
  };
};

export type HouseRoundCall = {
  kind: 'bet' | 'win';
  /** Unique per vendor: the ledger idempotency key of the movement serves. */
  reference: string;
  amount: bigint;
  ledgerTransactionId: bigint;
};

export type HouseRound = {
  brandId: bigint;
  memberId: bigint;
  game: HouseGame;
  /** The game's own round id, unique per member. */
  roundRef: string;
  currency: string;
  betAmount: bigint;
  winAmount: bigint;
  details: Record<string, unknown>;
};

/** Writes a settled round; answers its id. A round ref the member used before is a conflict. */
export const insertHouseRound = async (executor: Executor, round: HouseRound): Promise<bigint> => {
  const row = await repository.insertSettledRound(executor, {
    brandId: round.brandId,
    memberId: round.memberId,
    vendorId: round.game.vendorId,
    gameId: round.game.gameId,
    roundRef: round.roundRef,
    productLine: round.game.productLine,
    currency: round.currency,
    betAmount: round.betAmount,
    winAmount: round.winAmount,
    details: round.details,
  });
  if (!row) throw new AppError('IDEMPOTENCY_CONFLICT');
  return row.id;
};

const openRoundValues = (round: Omit<HouseRound, 'winAmount'>) => ({
  brandId: round.brandId,
  memberId: round.memberId,
  vendorId: round.game.vendorId,
  gameId: round.game.gameId,
  roundRef: round.roundRef,
  productLine: round.game.productLine,
  currency: round.currency,
  betAmount: round.betAmount,
  details: round.details,
});

const requestHashOf = (call: { reference: string; amount: bigint }) =>
  createHash('sha256').update(`${call.reference}:${call.amount}`).digest('hex');

/**
 * A round left open until its outcome is known (a lottery line waits for its draw): one per entry, in the
 * caller's transaction with the stake's posting; answers their ids in order. `settleHouseRounds` closes them.
 */
export const openHouseRounds = (
  executor: Executor,
  rounds: ReadonlyArray<Omit<HouseRound, 'winAmount'>>,
): Promise<bigint[]> => repository.insertOpenRounds(executor, rounds.map(openRoundValues));

/** `openHouseRounds` and `recordHouseRoundCalls` for one round and its bet, in one statement. */
export const openHouseRoundWithBet = (
  executor: Executor,
  round: Omit<HouseRound, 'winAmount'>,
  bet: Omit<HouseRoundCall, 'kind'>,
): Promise<bigint> =>
  repository.insertOpenRoundWithBet(executor, openRoundValues(round), {
    transactionUuid: bet.reference,
    amount: bet.amount,
    requestHash: requestHashOf(bet),
    ledgerTransactionId: bet.ledgerTransactionId,
  });

/** `openHouseRoundWithBet` for many rounds in one statement (a batch of bets); answers their ids in order. */
export const openHouseRoundsWithBets = (
  executor: Executor,
  items: ReadonlyArray<{ round: Omit<HouseRound, 'winAmount'>; bet: Omit<HouseRoundCall, 'kind'> }>,
): Promise<bigint[]> =>
  repository.insertOpenRoundsWithBets(
    executor,
    items.map(({ round, bet }) => ({
      round: openRoundValues(round),
      call: {
        transactionUuid: bet.reference,
        amount: bet.amount,
        requestHash: requestHashOf(bet),
        ledgerTransactionId: bet.ledgerTransactionId,
      },
    })),
  );

/** Settles open rounds with what each won (0 for a loss), all in one statement; the valid bet is the stake. */
export const settleHouseRounds = async (
  executor: Executor,
  rounds: ReadonlyArray<{ roundId: bigint; winAmount: bigint }>,
): Promise<void> => {
  if (rounds.length === 0) return;
  await repository.settleRounds(executor, rounds);
};

/**
 * Settles open rounds whose stake is known only at their end (a poker hand: the chips a player put in), with
 * their win and valid bet, in one statement; rounds already settled are left alone.
 */
export const settleHouseRoundsWithStakes = async (
  executor: Executor,
  rounds: ReadonlyArray<{ roundId: bigint; betAmount: bigint; winAmount: bigint; validBet: bigint }>,
): Promise<void> => {
  if (rounds.length === 0) return;
  await repository.settleRoundsWithStakes(executor, rounds);
};

/** The rounds' valid bets where the game's rule counts less than the stake (after `settleHouseRounds`). */
export const setHouseRoundValidBets = async (
  executor: Executor,
  rounds: ReadonlyArray<{ roundId: bigint; validBet: bigint }>,
): Promise<void> => {
  if (rounds.length === 0) return;
  await repository.setRoundValidBets(executor, rounds);
};

/** Replaces the proof shown with the round (written once the round id, which it names, is known). */
export const setHouseRoundDetails = async (
  executor: Executor,
  roundId: bigint,
  details: Record<string, unknown>,
): Promise<void> => {
  await repository.setRoundDetails(executor, roundId, details);
};

/** The bets and wins of a house round, shown in its detail like a vendor's calls. */
export const recordHouseRoundCalls = (
  executor: Executor,
  round: { roundId: bigint; brandId: bigint; memberId: bigint; vendorId: bigint },
  calls: readonly HouseRoundCall[],
): Promise<void> =>
  repository.insertRoundCalls(
    executor,
    calls.map((call) => ({
      vendorId: round.vendorId,
      transactionUuid: call.reference,
      kind: call.kind,
      brandId: round.brandId,
      memberId: round.memberId,
      roundId: round.roundId,
      amount: call.amount,
      requestHash: requestHashOf(call),
      ledgerTransactionId: call.ledgerTransactionId,
    })),
  );

export type HouseCatalogueGame = {
  gameType: string;
  gameCode: string;
  name: string;
  classify: string;
  sortOrder: number;
  isHot?: boolean;
  isNew?: boolean;
};

/**
 * Puts a house vendor, its tiles and games in the catalogue when they are missing; rows that exist (and an
 * operator's changes to them) are left alone. Runs at every start from the seed.
 */
export const ensureHouseCatalogue = async (
  executor: Executor,
  catalogue: {
    vendorCode: string;
    vendorName: string;
    tiles: ReadonlyArray<{ gameType: string; sortOrder: number }>;
    games: readonly HouseCatalogueGame[];
  },
): Promise<void> => {
  await vendors.insertMissingVendors(executor, [
    {
      code: catalogue.vendorCode,
      displayName: catalogue.vendorName,
      integration: 'house',
      isDemo: false,
      isEnabled: true,
    },
  ]);
  const vendorId = (await vendors.vendorIdsByCode(executor, [catalogue.vendorCode])).get(
    catalogue.vendorCode,
  );
  if (vendorId === undefined) throw new Error(`house vendor ${catalogue.vendorCode} was not written`);
  await vendors.insertMissingTiles(
    executor,
    catalogue.tiles.map((tile) => ({ vendorId, ...tile, accountTypeName: catalogue.vendorCode })),
  );
  await vendors.insertMissingGames(
    executor,
    catalogue.games.map((game) => ({
      vendorId,
      gameType: game.gameType,
      gameCode: game.gameCode,
      name: game.name,
      searchName: searchableName(game.name),
      classify: game.classify,
      isHot: game.isHot ?? false,
      isNew: game.isNew ?? false,
      sortOrder: game.sortOrder,
    })),
  );
};
