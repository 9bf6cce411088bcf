// The hands of every card table, driven by one instance under the `house-pvp` lease in `crash_driver_leases`.
import { claimLease, releaseLease } from '../crash.repository';
import { memberIdOf } from './bots-players';
import { balanceBots, listBotTablesToDrive, playBotTurn } from './bots-driver';
import { saveStep, startHand } from './hand-steps';
import { readHoldemState } from './holdem-codec';
import { actOnTimeout } from './holdem-engine';
import { driveNiuNiuTable } from './niu-niu-steps';
import type { PvpContext } from './pvp-context';
import { niuNiuGameCode } from './pvp-game';
import * as repository from './pvp.repository';

export const pvpLeaseName = 'house-pvp';

/**
 * One step of one table, in one transaction under its lock: a house bot's move on its turn or the clock's move
 * for a player out of time; or, when no hand is in play, bots seated or sent away (bots-driver.ts) and a new
 * hand. Answers the members whose cash moved, or null when nothing changed.
 */
const driveTable = async (context: PvpContext, tableId: bigint, now: number): Promise<bigint[] | null> =>
  context.db.transaction(async (tx) => {
    const table = await repository.lockTable(tx, tableId);
    if (!table) return null;
    const hand = await repository.findPlayingHand(tx, table.id);
    if (table.game === niuNiuGameCode) return driveNiuNiuTable(context, tx, table, hand, now);
    if (!hand) {
      const isSeatingChanged = await balanceBots(context, tx, table);
      const { started, cashedOut } = await startHand(context, tx, table, now);
      return started || isSeatingChanged ? cashedOut : null;
    }
    const state = readHoldemState(hand.state);
    const botMoved = await playBotTurn(context, tx, table, hand, state, now);
    if (botMoved) return botMoved;
    const after = actOnTimeout(state, now);
    const player = state.players.find((candidate) => candidate.seat === state.toAct);
    if (!after || !player) return null;
    const folded = after.players.find((candidate) => candidate.seat === player.seat)?.folded ?? false;
    return saveStep(context, tx, table, hand, state, after, {
      memberId: memberIdOf(player),
      seat: player.seat,
      kind: folded ? 'FOLD' : 'CHECK',
      amount: null,
      actionId: null,
      isAutomatic: true,
    });
  });

const holdLease = async ({ db, settings, instanceId, driver }: PvpContext, at: number): Promise<boolean> => {
  if (at < driver.heldUntil - settings.leaseMs / 2) return true;
  const isHeld = await claimLease(
    db,
    pvpLeaseName,
    instanceId,
    new Date(at),
    new Date(at + settings.leaseMs),
  );
  driver.heldUntil = isHeld ? at + settings.leaseMs : 0;
  return isHeld;
};

const driveOnce = async (context: PvpContext): Promise<void> => {
  if (context.driver.isClosed) return;
  const at = context.clock();
  if (!(await holdLease(context, at))) return;
  const tableIds = new Set([
    ...(await repository.listTablesToDrive(context.db, new Date(at))),
    ...(await listBotTablesToDrive(context, new Date(at))),
  ]);
  for (const tableId of tableIds) {
    try {
      const moved = await driveTable(context, tableId, at);
      if (moved === null) continue;
      for (const memberId of new Set(moved)) context.wallet.notifyBalance(memberId);
      context.changed(tableId);
    } catch (error) {
      // One table's failure never stops the others; the next tick retries it.
      context.onError(error);
    }
  }
};

/**
 * The driver's tick. Restart rule: a hand is never voided; whoever holds the lease next carries it on from its
 * last committed step (its state, stacks and turn deadline are in the database), so a hand interrupted by a
 * crash continues where it stopped and a player out of time meanwhile is checked or folded.
 */
export const drivePvpTables = (context: PvpContext): Promise<void> => {
  context.driver.driving = driveOnce(context);
  return context.driver.driving;
};

/** Gives up the lease (closing), so another instance takes over at once. */
export const closePvpDriver = async ({ db, instanceId, driver, onError }: PvpContext): Promise<void> => {
  driver.isClosed = true;
  await driver.driving.catch(() => undefined);
  await releaseLease(db, pvpLeaseName, instanceId).catch(onError);
};
