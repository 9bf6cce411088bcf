import type { PvpSitDownRequest } from '@wps/contracts/pvp';
import { AppError } from '../../../http/app-error';
import { cashOutSeat } from './cash-out';
import { foldOnLeaving, isInHand } from './holdem-engine';
import { readHoldemState } from './holdem-codec';
import { saveStep } from './hand-steps';
import type { PvpContext, PvpMember } from './pvp-context';
import { leaveDuringNiuNiuHand } from './niu-niu-steps';
import { niuNiuGameCode, requirePvpGame, tableStacksAccount } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpTableRow } from './pvp.repository';

/** The member's table (of their brand), or NOT_FOUND. */
export const requireTable = async (
  context: Pick<PvpContext, 'db'>,
  member: Pick<PvpMember, 'brandId'>,
  tableId: bigint,
): Promise<PvpTableRow> => {
  const table = await repository.findTable(context.db, tableId);
  if (table?.brandId !== member.brandId) throw new AppError('NOT_FOUND', { message: 'No such table' });
  return table;
};

const maskName = (username: string): string =>
  username.length <= 3 ? `${username.charAt(0)}**` : `${username.slice(0, 2)}***${username.slice(-1)}`;

const seatError = (message: string) =>
  new AppError('PVP_SEAT_UNAVAILABLE', { message, issues: [{ field: 'seat', message }] });

/**
 * A member takes a seat with a buy-in, in one transaction under the table's lock: the buy-in within the
 * table's limits (PVP_BUY_IN_LIMIT), a free seat and no other seat of theirs at the table
 * (PVP_SEAT_UNAVAILABLE), then one ledger posting of the buy-in from their cash to the brand's table stacks
 * account (`pvp:buyin:<member>:<requestId>`; cash only, bonus money does not go to a card table) and the seat.
 * The same request id again answers the seat it took and moves nothing. Not while the member is excluded or out
 * of session time (PLAYER_EXCLUDED, PLAYER_LIMIT_REACHED), before anything is read.
 */
export const sitDown = async (
  context: PvpContext,
  member: PvpMember,
  tableId: bigint,
  request: PvpSitDownRequest,
): Promise<void> => {
  const { db, ledger, wallet } = context;
  await context.protection.assertCanPlay(member.id);
  const table = await requireTable(context, member, tableId);
  await requirePvpGame(db, table.game);
  const amount = await wallet.parseAmount(request.buyIn, table.currency, 'buyIn');
  if (amount < table.minBuyIn || amount > table.maxBuyIn) {
    const message = 'The buy-in is outside the table limits';
    throw new AppError('PVP_BUY_IN_LIMIT', { message, issues: [{ field: 'buyIn', message }] });
  }
  const cash = await wallet.cashAccount(member, table.currency);
  const stacks = await tableStacksAccount(context, table.brandId, table.currency, db);
  await db.transaction(async (tx) => {
    await repository.lockTable(tx, table.id);
    const earlier = await repository.findSeatByRequest(tx, member.id, request.requestId);
    if (earlier) {
      if (earlier.tableId !== table.id) throw new AppError('IDEMPOTENCY_CONFLICT');
      return;
    }
    const seats = await repository.listOpenSeats(tx, table.id);
    if (seats.some((seat) => seat.memberId === member.id))
      throw seatError('You are already seated at this table');
    const taken = new Set(seats.map((seat) => seat.seat));
    const seatNumber =
      request.seat ??
      Array.from({ length: table.seatCount }, (_, seat) => seat).find((seat) => !taken.has(seat));
    if (seatNumber === undefined || seatNumber >= table.seatCount || taken.has(seatNumber)) {
      throw seatError('This seat is taken');
    }
    const posting = await ledger.post(
      {
        brandId: table.brandId,
        idempotencyKey: `pvp:buyin:${member.id}:${request.requestId}`,
        kind: 'pvp.buyin',
        legs: [
          { accountId: cash.id, amount: -amount },
          { accountId: stacks.id, amount },
        ],
        reference: `pvp:table:${table.id}`,
        memo: `${table.game} table ${table.roomCode}`,
      },
      { executor: tx },
    );
    if (posting.isReplay) throw new AppError('IDEMPOTENCY_CONFLICT');
    await repository.insertSeat(tx, {
      tableId: table.id,
      seat: seatNumber,
      memberId: member.id,
      playerName: maskName(member.username),
      requestId: request.requestId,
      buyIn: amount,
      stack: amount,
      buyInTransactionId: posting.transactionId,
    });
  });
  wallet.notifyBalance(member.id);
  context.changed(table.id);
};

/**
 * A member leaves the table, under its lock. Not in the hand in play (or folded in it): the stack goes back
 * to cash now. Still in it: they fold at once; a player all in cannot fold, so their seat is marked leaving
 * and cashed out when the hand ends, with whatever it wins. At a Niu-Niu table a player dealt in stays in the
 * hand the same way (their turns played by the clock at once). Leaving without a seat changes nothing.
 */
export const leaveTable = async (context: PvpContext, member: PvpMember, tableId: bigint): Promise<void> => {
  const table = await requireTable(context, member, tableId);
  const now = context.clock();
  const moved = await context.db.transaction(async (tx) => {
    const locked = await repository.lockTable(tx, table.id);
    if (!locked) throw new AppError('NOT_FOUND');
    const seat = (await repository.listOpenSeats(tx, table.id)).find((open) => open.memberId === member.id);
    if (!seat) return [];
    const hand = await repository.findPlayingHand(tx, table.id);
    if (hand && locked.game === niuNiuGameCode) {
      // Dealt into a Niu-Niu hand: their stack stays at stake until it ends (niu-niu-steps.ts).
      const deferred = await leaveDuringNiuNiuHand(context, tx, locked, hand, seat);
      if (deferred) return deferred;
    } else if (hand) {
      const state = readHoldemState(hand.state);
      if (isInHand(state, seat.seat)) {
        const after = foldOnLeaving(state, seat.seat, now);
        if (after === state) {
          await repository.updateSeat(tx, seat.id, { isLeaving: true });
          return [];
        }
        const move = {
          memberId: member.id,
          seat: seat.seat,
          kind: 'leave',
          amount: null,
          actionId: null,
          isAutomatic: false,
        };
        const cashedOut = await saveStep(context, tx, locked, hand, state, after, move);
        // Settling the hand may have closed the seat already (it was cashed out there).
        const still = (await repository.listOpenSeats(tx, table.id)).find((open) => open.id === seat.id);
        if (still && (await cashOutSeat(context, tx, locked, still, still.stack))) cashedOut.push(member.id);
        return cashedOut;
      }
    }
    return (await cashOutSeat(context, tx, locked, seat, seat.stack)) ? [member.id] : [];
  });
  for (const memberId of new Set(moved)) context.wallet.notifyBalance(memberId);
  context.changed(table.id);
};

/**
 * Sits the member out (not dealt in from the next hand) or back in, keeping their seat and stack; back in not
 * while excluded or out of session time (as a new seat).
 */
export const setSittingOut = async (
  context: PvpContext,
  member: PvpMember,
  tableId: bigint,
  isSittingOut: boolean,
): Promise<void> => {
  if (!isSittingOut) await context.protection.assertCanPlay(member.id);
  const table = await requireTable(context, member, tableId);
  await context.db.transaction(async (tx) => {
    await repository.lockTable(tx, table.id);
    const seat = (await repository.listOpenSeats(tx, table.id)).find((open) => open.memberId === member.id);
    if (!seat) throw new AppError('NOT_FOUND', { message: 'You have no seat at this table' });
    await repository.updateSeat(tx, seat.id, {
      status: isSittingOut ? 'sitting_out' : 'playing',
      ...(isSittingOut ? {} : { missedHands: 0 }),
    });
  });
  context.changed(table.id);
};
