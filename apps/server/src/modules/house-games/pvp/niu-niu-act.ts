import type { NiuNiuActionRequest } from '@wps/contracts/pvp-niu-niu';
import { AppError } from '../../../http/app-error';
import { takeAttempt } from '../../attempts/attempts.service';
import { readNiuNiuState } from './niu-niu-codec';
import { actInNiuNiu, type NiuNiuAction, NiuNiuRuleError } from './niu-niu-engine';
import { saveNiuNiuStep } from './niu-niu-steps';
import type { PvpContext, PvpMember } from './pvp-context';
import { deckOf, niuNiuGameCode } from './pvp-game';
import * as repository from './pvp.repository';
import { requireTable } from './seats';

const refused = (message: string, refusal: string, field = 'kind') =>
  new AppError('PVP_ACTION_REFUSED', { message, issues: [{ field, message }], details: { refusal } });

const actionOf = (request: NiuNiuActionRequest): NiuNiuAction =>
  request.kind === 'BID'
    ? { kind: 'bid', bid: request.multiplier }
    : { kind: 'bet', multiplier: request.multiplier };

/**
 * A member's move in the Niu-Niu hand in play (a banker bid or a bet multiplier), in one transaction under the
 * table's lock, like a hold'em move (act.ts): an action id used before is answered as it was (applied once;
 * IDEMPOTENCY_CONFLICT when it named another move); else the move must be for the hand in play, by a player in
 * it whose turn it is, within the rules (PVP_ACTION_REFUSED with the reason, and nothing written). The same
 * rate limit as hold'em moves (RATE_LIMITED). The move is written with its choice in `amount`.
 */
export const actAtNiuNiuTable = async (
  context: PvpContext,
  member: PvpMember,
  tableId: bigint,
  request: NiuNiuActionRequest,
): Promise<void> => {
  const { db, settings } = context;
  const table = await requireTable(context, member, tableId);
  if (table.game !== niuNiuGameCode) throw refused('This is not a Niu-Niu table', 'WRONG_GAME');
  const rule = { name: 'pvp.action', limit: settings.actionsPerWindow, windowMs: settings.actionWindowMs };
  const attempt = await takeAttempt(db, rule, member.id.toString(), new Date(context.clock()));
  if (!attempt.isAllowed) throw new AppError('RATE_LIMITED');
  const handId = BigInt(request.handId);
  const choice = BigInt(request.multiplier);
  const moved = await db.transaction(async (tx) => {
    const locked = await repository.lockTable(tx, table.id);
    if (!locked) throw new AppError('NOT_FOUND');
    const earlier = await repository.findAction(tx, member.id, request.actionId);
    if (earlier) {
      const isSame = earlier.handId === handId && earlier.kind === request.kind && earlier.amount === choice;
      if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT');
      return null;
    }
    const hand = await repository.findPlayingHand(tx, table.id);
    if (hand?.id !== handId) throw refused('This hand is over', 'HAND_OVER');
    const state = readNiuNiuState(hand.state);
    const player = state.players.find((candidate) => candidate.memberId === member.id.toString());
    if (!player) throw refused('You are not in this hand', 'NOT_IN_HAND');
    let after;
    try {
      after = actInNiuNiu(state, player.seat, actionOf(request), deckOf(context, hand), context.clock());
    } catch (error) {
      if (error instanceof NiuNiuRuleError) {
        throw refused(error.message, error.refusal, error.refusal.endsWith('RANGE') ? 'multiplier' : 'kind');
      }
      throw error;
    }
    return saveNiuNiuStep(context, tx, locked, hand, after, {
      memberId: member.id,
      seat: player.seat,
      kind: request.kind,
      amount: choice,
      actionId: request.actionId,
      isAutomatic: false,
    });
  });
  if (moved === null) return;
  for (const memberId of new Set(moved)) context.wallet.notifyBalance(memberId);
  context.changed(table.id);
};
