import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { hashServerSeed } from '../fairness';
import { type TableGame, tableGames } from './table-config';
import { cutPositionOf, dealTableRound, resultView, shoeCardCount } from './table-results';
import * as repository from './tables.repository';

/** The tables' kind on the house games' verification page (`/fairness`). */
export const tablesFairnessGame = 'tables';

export type TableRoundVerification = {
  roundId: string;
  tableCode: string;
  game: TableGame;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Baccarat: the shoe, its cut card and the round's first card. */
  shoe: { shoeId: string; cutPosition: number; cards: number } | null;
  shoePosition: number | null;
  result: Record<string, unknown>;
  /** sha256(serverSeed) is the commitment, and the result recomputed from the seeds is the stored one. */
  commitmentMatches: boolean;
  resultMatches: boolean;
  formula: string;
};

const formula =
  'stream = HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`) as 32-bit words, rejection-sampled; ' +
  'baccarat: Fisher–Yates 8-deck shoe from stream(nonce 0), the coup dealt from shoePosition; dragon tiger: ' +
  "the round's own shoe, dealt from 0; roulette: pocket = next(37)";

const parseGame = (text: string | undefined): TableGame => {
  const game = tableGames.find((candidate) => candidate === text);
  if (!game) throw new AppError('VALIDATION_FAILED', { message: `game is one of ${tableGames.join(', ')}` });
  return game;
};

const parsePosition = (text: string | undefined): number => {
  const position = Number(text ?? '0');
  if (!Number.isInteger(position) || position < 0 || position > shoeCardCount - 6) {
    throw new AppError('VALIDATION_FAILED', { message: 'shoePosition is a card position of the shoe' });
  }
  return position;
};

/**
 * The verifier registered under `tables` for the verification page: params `game` and (baccarat)
 * `shoePosition`. Answers the result the seeds deal.
 */
export const verifyTableResult = ({
  serverSeed,
  clientSeed,
  nonce,
  params,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Readonly<Record<string, string>>;
}): Record<string, unknown> => {
  const game = parseGame(params.game);
  const shoePosition = parsePosition(params.shoePosition);
  const result = resultView(dealTableRound(game, { serverSeed, clientSeed, nonce, shoePosition }));
  return {
    ...result,
    serverSeedHash: hashServerSeed(serverSeed),
    ...(game === 'BACCARAT' ? { cutPosition: cutPositionOf(serverSeed, clientSeed) } : {}),
  };
};

const parseId = (text: string): bigint | null => (/^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : null);

/**
 * Everything to check a dealt round. Roulette and dragon tiger rounds reveal their seed once dealt; a
 * baccarat round once its shoe has ended (before that the seed would reveal the shoe's coming cards):
 * NOT_FOUND until then.
 */
export const verifyTableRound = async (
  executor: Executor,
  roundIdText: string,
): Promise<TableRoundVerification> => {
  const roundId = parseId(roundIdText);
  const round = roundId === null ? undefined : await repository.findRound(executor, roundId);
  if (!round || round.status === 'betting' || !round.result) throw new AppError('NOT_FOUND');
  const game = parseGame(round.game);
  const shoe = round.shoeId === null ? undefined : await repository.findShoe(executor, round.shoeId);
  if (round.shoeId !== null && !shoe?.endedAt) throw new AppError('NOT_FOUND');
  const serverSeed = shoe ? shoe.seed : round.serverSeed;
  if (serverSeed === null) throw new AppError('NOT_FOUND');
  const shoePosition = round.shoePosition ?? 0;
  const dealt = resultView(
    dealTableRound(game, { serverSeed, clientSeed: round.clientSeed, nonce: round.nonce, shoePosition }),
  );
  return {
    roundId: round.id.toString(),
    tableCode: round.tableCode,
    game,
    serverSeed,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    shoe: shoe ? { shoeId: shoe.id.toString(), cutPosition: shoe.cutPosition, cards: shoeCardCount } : null,
    shoePosition: round.shoePosition,
    result: round.result,
    commitmentMatches: hashServerSeed(serverSeed) === round.serverSeedHash,
    resultMatches: isDeepStrictEqual(dealt, round.result),
    formula,
  };
};
