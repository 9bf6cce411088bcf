import type { PvpActionKind, PvpActionRequest } from '@wps/contracts/pvp';
import type { Executor } from '../../../db/database';
import { takeAttempt } from '../../attempts/attempts.service';
import { AppError } from '../../../http/app-error';
import { type HandMove, saveStep } from './hand-steps';
import { readHoldemState } from './holdem-codec';
import { actInHoldem, type HoldemAction, HoldemRuleError, type HoldemState } from './holdem-engine';
import type { PvpContext, PvpMember } from './pvp-context';
import { holdemGameCode } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpTableRow } from './pvp.repository';
import { requireTable } from './seats';

const refused = (message: string, refusal: string, field = 'kind') =>
  new AppError('PVP_ACTION_REFUSED', { message, issues: [{ field, message }], details: { refusal } });

const actionOf = (kind: PvpActionKind, amount: bigint | null): HoldemAction => {
  switch (kind) {
    case 'FOLD':
      return { kind: 'fold' };
    case 'CHECK':
      return { kind: 'check' };
    case 'CALL':
      return { kind: 'call' };
    case 'ALL_IN':
      return { kind: 'allIn' };
    case 'RAISE':
      if (amount === null) throw refused('A raise names its amount', 'AMOUNT_MISSING', 'amount');
      return { kind: 'raise', amount };
  }
};

/**
 * The move of the player in `move.seat` in the hand in play, in the caller's transaction under the table's
 * lock: within the amounts the rules allow (PVP_ACTION_REFUSED with the reason, and nothing written), then the
 * step saved with the chips it moved, and settled when it ended the hand. A member's move (below) and a house
 * bot's (bots-driver.ts) both come this way. Answers the members whose cash moved.
 */
export const playMove = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  state: HoldemState,
  move: Omit<HandMove, 'kind' | 'isAutomatic'> & { kind: PvpActionKind },
): Promise<bigint[]> => {
  let after;
  try {
    after = actInHoldem(state, move.seat, actionOf(move.kind, move.amount), context.clock());
  } catch (error) {
    if (error instanceof HoldemRuleError) {
      throw refused(error.message, error.refusal, error.refusal.startsWith('RAISE') ? 'amount' : 'kind');
    }
    throw error;
  }
  return saveStep(context, tx, table, hand, state, after, { ...move, isAutomatic: false });
};

/**
 * A member's move in the hand in play, in one transaction under the table's lock. An action id the member
 * used before is answered as it was (applied once; IDEMPOTENCY_CONFLICT when it named another move). Else
 * the move must be for the hand in play, by a player in it whose turn it is, within the amounts the rules
 * allow (PVP_ACTION_REFUSED with the reason, and nothing written); then the step is saved with the chips it
 * moved, and settled when it ended the hand. Each member has `actionsPerWindow` moves per `actionWindowMs`
 * at all their tables (RATE_LIMITED).
 */
export const actAtTable = async (
  context: PvpContext,
  member: PvpMember,
  tableId: bigint,
  request: PvpActionRequest,
): Promise<void> => {
  const { db, settings } = context;
  const table = await requireTable(context, member, tableId);
  if (table.game !== holdemGameCode) throw refused("This is not a hold'em table", 'WRONG_GAME');
  const amount =
    request.kind === 'RAISE' && request.amount !== undefined
      ? await context.wallet.parseAmount(request.amount, table.currency, 'amount')
      : null;
  const rule = { name: 'pvp.action', limit: settings.actionsPerWindow, windowMs: settings.actionWindowMs };
  const attempt = await takeAttempt(db, rule, member.id.toString(), new Date(context.clock()));
  if (!attempt.isAllowed) throw new AppError('RATE_LIMITED');
  const handId = BigInt(request.handId);
  const moved = await db.transaction(async (tx) => {
    const locked = await repository.lockTable(tx, table.id);
    if (!locked) throw new AppError('NOT_FOUND');
    const earlier = await repository.findAction(tx, member.id, request.actionId);
    if (earlier) {
      const isSame = earlier.handId === handId && earlier.kind === request.kind && earlier.amount === amount;
      if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT');
      return null;
    }
    const hand = await repository.findPlayingHand(tx, table.id);
    if (hand?.id !== handId) throw refused('This hand is over', 'HAND_OVER');
    const state = readHoldemState(hand.state);
    const player = state.players.find((candidate) => candidate.memberId === member.id.toString());
    if (!player) throw refused('You are not in this hand', 'NOT_IN_HAND');
    return playMove(context, tx, locked, hand, state, {
      memberId: member.id,
      seat: player.seat,
      kind: request.kind,
      amount,
      actionId: request.actionId,
    });
  });
  if (moved === null) return;
  for (const memberId of new Set(moved)) context.wallet.notifyBalance(memberId);
  context.changed(table.id);
};
