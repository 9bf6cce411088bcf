import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { Card } from '../tables/shoe';
import { playMove } from './act';
import { cashOutSeat } from './cash-out';
import { botPlayerName, botsAccount, isBotPlayer } from './bots-players';
import { type BotSituation, decideBotMove } from './bots-strategy';
import * as botsRepository from './bots.repository';
import { dealHoldem } from './deck';
import { type HoldemOptions, type HoldemState, holdemOptions } from './holdem-engine';
import type { PvpContext } from './pvp-context';
import { deckOf, holdemGameCode, requireHoldemGame, tableStacksAccount } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpTableRow } from './pvp.repository';

/**
 * House bots at quiet tables, driven by the card rooms' hand driver (hand-driver.ts) under its lease and each
 * table's lock, so everything a bot does is one committed step like a member's, and a restart carries on from
 * the database (a bot's seat is a row, its turn the hand's state).
 *
 * - Seating: with no hand in play, a hold'em table whose room the operator switched bots on for (bots.tables.ts)
 *   and where exactly one member is waiting to play (seated, playing, chips, not leaving) and no bot sits gets
 *   one bot, in the first free seat, bought in for the table's largest buy-in from the brand's bots account
 *   (`pvp:bot-buyin:<table>:<id>`) into the table stacks. Any other time a bot is seated with no hand in play
 *   (a second member is there to play, the member left or sat out, the switch went off) it leaves: its stack
 *   back to the bots account (`pvp:cashout:<seat>`, cash-out.ts). A bot in a hand plays it out first; a bot
 *   whose stack is gone is closed with the hand (settle-pvp-hand.ts) and replaced at the next quiet moment.
 * - Playing: on its turn, once `botThinkMs` of it has passed, the bot's move (bots-strategy.ts, from its own
 *   cards and the board only) goes through the same path as a member's (act.ts `playMove`). It never waits for
 *   the clock, so it never times out; if the rules refused its move (they should not) it checks or folds.
 */

/** How long a bot takes over its move, counted from the start of its turn. */
export const botThinkMs = 1_000;

/** What a player in the bot's seat can see: its own two cards, the board dealt so far, the pot, its options. */
export const botSituationOf = (
  deck: readonly Card[],
  state: HoldemState,
  seat: number,
  options: HoldemOptions,
): BotSituation => {
  const index = state.players.findIndex((player) => player.seat === seat);
  const deal = dealHoldem(deck, state.players.length);
  return {
    holeCards: deal.holeCards[index] ?? [],
    board: deal.board.slice(0, state.boardCount),
    options,
    pot: state.players.reduce((sum, player) => sum + player.totalIn, 0n),
    currentBet: state.currentBet,
    bigBlind: state.bigBlind,
  };
};

/** When the bot to act moves: its turn began `turnMs` before its deadline (a bot never times out). */
const moveAt = (state: HoldemState): number => (state.deadline ?? 0) - state.turnMs + botThinkMs;

/**
 * The bot's move when it is a bot's turn and its thinking time is over, in the caller's transaction under the
 * table's lock. Answers the members whose cash moved (the hand may end), or null when no bot moved.
 */
export const playBotTurn = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  state: HoldemState,
  now: number,
): Promise<bigint[] | null> => {
  const player = state.players.find((candidate) => candidate.seat === state.toAct);
  if (!player || !isBotPlayer(player) || state.deadline === null || now < moveAt(state)) return null;
  const options = holdemOptions(state, player.seat);
  if (!options) return null;
  const move = decideBotMove(botSituationOf(deckOf(context, hand), state, player.seat, options));
  const base = { memberId: null, seat: player.seat, actionId: null };
  try {
    return await playMove(context, tx, table, hand, state, { ...base, ...move });
  } catch (error) {
    // A refusal is thrown before anything is written: the bot then takes the move that is always there.
    const isRefusal = error instanceof AppError && error.code === 'PVP_ACTION_REFUSED';
    if (!isRefusal || move.kind === 'CHECK' || move.kind === 'FOLD') throw error;
    context.onError(error);
    const fallback = options.canCheck ? 'CHECK' : 'FOLD';
    return playMove(context, tx, table, hand, state, { ...base, kind: fallback, amount: null });
  }
};

const seatBot = async (context: PvpContext, tx: Executor, table: PvpTableRow, taken: Set<number>) => {
  const seat = Array.from({ length: table.seatCount }, (_, number) => number).find(
    (number) => !taken.has(number),
  );
  if (seat === undefined || !(await requireHoldemGame(tx).catch(() => null))) return false;
  const requestId = `bot-${randomUUID()}`;
  const bots = await botsAccount(context, table.brandId, table.currency, tx);
  const stacks = await tableStacksAccount(context, table.brandId, table.currency, tx);
  const posting = await context.ledger.post(
    {
      brandId: table.brandId,
      idempotencyKey: `pvp:bot-buyin:${table.id}:${requestId}`,
      kind: 'pvp.bot.buyin',
      legs: [
        { accountId: bots.id, amount: -table.maxBuyIn },
        { accountId: stacks.id, amount: table.maxBuyIn },
      ],
      reference: `pvp:table:${table.id}`,
      memo: `${holdemGameCode} table ${table.roomCode} bot`,
    },
    { executor: tx },
  );
  await repository.insertSeat(tx, {
    tableId: table.id,
    seat,
    memberId: null,
    isBot: true,
    playerName: botPlayerName,
    requestId,
    buyIn: table.maxBuyIn,
    stack: table.maxBuyIn,
    buyInTransactionId: posting.transactionId,
  });
  return true;
};

/**
 * With no hand in play (the caller checked, under the table's lock): seats a bot at a quiet table of a room
 * with bots on, or sends the bots away from a table that is not (see the header). Answers whether a seat
 * changed.
 */
export const balanceBots = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
): Promise<boolean> => {
  if (table.game !== holdemGameCode) return false;
  const seats = await repository.listOpenSeats(tx, table.id);
  const bots = seats.filter((seat) => seat.isBot);
  const waiting = seats.filter(
    (seat) => !seat.isBot && seat.status === 'playing' && seat.stack > 0n && !seat.isLeaving,
  );
  const isWanted =
    waiting.length === 1 && (await botsRepository.isBotRoomEnabled(tx, table.brandId, table.roomCode));
  const staying = isWanted ? bots.slice(0, 1) : [];
  for (const bot of bots.filter((seat) => !staying.includes(seat))) {
    await cashOutSeat(context, tx, table, bot, bot.stack);
  }
  if (isWanted && bots.length === 0) {
    return seatBot(context, tx, table, new Set(seats.map((seat) => seat.seat)));
  }
  return bots.length > staying.length;
};

export const listBotTablesToDrive = (context: Pick<PvpContext, 'db'>, now: Date): Promise<bigint[]> =>
  botsRepository.listBotTablesToDrive(context.db, now, botThinkMs);
