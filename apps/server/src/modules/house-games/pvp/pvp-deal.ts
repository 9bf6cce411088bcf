import type { Executor } from '../../../db/database';
import type { HouseGame } from '../../games/house-rounds.service';
import { commitDeck } from './deck';
import type { PvpContext } from './pvp-context';
import { requirePvpGame, storeGame } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpSeatRow, PvpTableRow } from './pvp.repository';

/** What a new hand at a table starts from, whatever its game. */
export type DealReady = {
  /** The table's last hand (its button or first seat moves on from there). */
  last: PvpHandRow | undefined;
  /** The seats dealt in, by seat number. */
  seats: PvpSeatRow[];
  game: HouseGame;
};

/**
 * Whether a table with no hand in play deals now, under its lock: the pause after the last hand is over, two
 * seats or more are playing with chips, are not leaving and are not of a member in a time-out or a
 * self-exclusion (their chips wait at the table until they leave), and the table's game is listed and enabled
 * in the catalogue. Null when it does not.
 */
export const readyToDeal = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  now: number,
): Promise<DealReady | null> => {
  if (await repository.findPlayingHand(tx, table.id)) return null;
  const last = await repository.findLatestHand(tx, table.id);
  if (last?.endedAt && now < last.endedAt.getTime() + context.settings.pauseMs) return null;
  const playing = (await repository.listOpenSeats(tx, table.id)).filter(
    (seat) => seat.status === 'playing' && seat.stack > 0n && !seat.isLeaving,
  );
  if (playing.length < 2) return null;
  const members = playing.flatMap((seat) => (seat.memberId === null ? [] : [seat.memberId]));
  const excluded = await context.protection.listPlayBlocked(members, tx);
  const seats = playing.filter((seat) => seat.memberId === null || !excluded.has(seat.memberId));
  if (seats.length < 2) return null;
  const game = await requirePvpGame(tx, table.game).catch(() => null);
  if (!game) return null;
  return { last, seats, game };
};

/** The seat dealt in that comes first clockwise after `last` (the first of them when there was none). */
export const nextSeatAfter = (seats: readonly number[], last: number | null, tableSize: number): number => {
  if (last === null) return seats[0] ?? 0;
  const distance = (seat: number) => (seat - last - 1 + tableSize) % tableSize;
  return [...seats].sort((a, b) => distance(a) - distance(b))[0] ?? 0;
};

/**
 * Writes a new hand with its first state: the next hand number, the seeds drawn and the deck committed
 * (deck.ts) before anything of it is shown; the deck kept for the hand's views and moves.
 */
export const insertDealtHand = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  {
    game,
    state,
    deadline,
    now,
  }: { game: HouseGame; state: Record<string, unknown>; deadline: number | null; now: number },
): Promise<PvpHandRow> => {
  const number = await repository.countHand(tx, table.id);
  const seeds = { ...context.drawSeeds(number), nonce: number };
  const { deck, commitment } = commitDeck(seeds);
  const hand = await repository.insertHand(tx, {
    tableId: table.id,
    number,
    state,
    records: {},
    game: storeGame(game),
    ...seeds,
    commitment,
    deadline: deadline === null ? null : new Date(deadline),
    startedAt: new Date(now),
  });
  context.decks.set(hand.id, deck);
  return hand;
};
