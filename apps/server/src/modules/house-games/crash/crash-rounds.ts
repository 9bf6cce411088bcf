// The round cycle's driver. It uses most of the service (chains, money, records, the shared state), so its
// functions take the whole context; its own state (lease, current step, closing) is `context.driver`.
import { elapsedToReach, multiplierAt } from '@wps/contracts/crash';
import { crashPointOf, hashIndexOfRound } from '../crash-chain';
import * as repository from '../crash.repository';
import type { RoundRow } from '../crash.repository';
import type { CrashContext } from '../crash.service';
import { writeBettingRecords } from './betting-records';
import { notifyMembers, payCashOut, refundBet } from './crash-payments';
import { refreshState } from './crash-state';
import { isEnded } from './crash-views';
import { chainOf, createChain } from './hash-chains';

/** The row in `crash_driver_leases` that the driving instance holds. */
const leaseName = 'crash';

const createNextRound = async (context: CrashContext, latest: RoundRow | undefined): Promise<void> => {
  const { db, settings } = context;
  let chain = await repository.findLatestChain(db);
  let index = chain ? (await repository.lastUsedIndex(db, chain.id)) + 1 : 1;
  if (!chain || index > chain.length) {
    chain = await createChain(context);
    index = 1;
  }
  if (latest && latest.chainId === chain.id && latest.chainIndex >= index) return;
  const hash = (await chainOf(context, chain)).hashAt(hashIndexOfRound(chain.length, index));
  const crashPoint = crashPointOf(hash, chain.salt, chain.houseEdgeBasisPoints);
  const startsAt = context.clock() + settings.bettingMs;
  await repository.insertRound(db, {
    chainId: chain.id,
    chainIndex: index,
    hash,
    crashPoint,
    startsAt: new Date(startsAt),
    crashAt: new Date(startsAt + elapsedToReach(crashPoint)),
  });
};

/** Ends a round whose crash time has come: auto cash-outs at or below the crash point paid, the rest lost. */
const crashRound = async (context: CrashContext, roundId: bigint): Promise<void> => {
  const paid: bigint[] = [];
  await context.db.transaction(async (tx) => {
    const round = await repository.lockRound(tx, roundId, 'update');
    if (round?.status !== 'running') return;
    const at = new Date(context.clock());
    if (!(await repository.moveRound(tx, round.id, 'running', 'crashed', at))) return;
    for (const bet of await repository.listPlacedBets(tx, round.id)) {
      if (bet.autoCashOut !== null && bet.autoCashOut <= round.crashPoint) {
        if (await payCashOut(context, tx, bet, bet.autoCashOut, at)) paid.push(bet.memberId);
      }
    }
    await repository.markPlacedBetsLost(tx, round.id, at);
    const chain = await repository.findChain(tx, round.chainId);
    if (!chain) throw new Error(`crash chain ${round.chainId} is missing`);
    await writeBettingRecords(context, tx, { ...round, status: 'crashed' }, chain);
  });
  notifyMembers(context, paid);
};

/** A round nobody started in time: cancelled, every bet refunded. */
const cancelRound = async (context: CrashContext, roundId: bigint): Promise<void> => {
  const refunded: bigint[] = [];
  await context.db.transaction(async (tx) => {
    const round = await repository.lockRound(tx, roundId, 'update');
    if (round?.status !== 'betting') return;
    const at = new Date(context.clock());
    if (!(await repository.moveRound(tx, round.id, 'betting', 'cancelled', at))) return;
    for (const bet of await repository.listPlacedBets(tx, round.id)) {
      await refundBet(context, tx, bet, at);
      refunded.push(bet.memberId);
    }
  });
  notifyMembers(context, refunded);
};

const payAutoCashOuts = async (
  context: CrashContext,
  round: RoundRow,
  elapsedMs: number,
): Promise<number> => {
  const { db } = context;
  const multiplier = BigInt(multiplierAt(elapsedMs));
  const due = await repository.listAutoCashOutsDue(db, round.id, multiplier);
  let paid = 0;
  for (const bet of due) {
    const target = bet.autoCashOut;
    if (target === null) continue;
    const cashed = await db.transaction(async (tx) => {
      const locked = await repository.lockRound(tx, round.id, 'share');
      if (locked?.status !== 'running') return undefined;
      return payCashOut(context, tx, bet, target, new Date(context.clock()));
    });
    if (cashed) {
      paid += 1;
      context.wallet.notifyBalance(bet.memberId);
    }
  }
  return paid;
};

const holdLease = async (
  { db, settings, instanceId, driver }: CrashContext,
  at: number,
): Promise<boolean> => {
  if (at < driver.heldUntil - settings.leaseMs / 2) return true;
  const isHeld = await repository.claimLease(
    db,
    leaseName,
    instanceId,
    new Date(at),
    new Date(at + settings.leaseMs),
  );
  driver.heldUntil = isHeld ? at + settings.leaseMs : 0;
  return isHeld;
};

/** One step of the round state machine, when this instance holds the driver's lease. */
const driveOnce = async (context: CrashContext): Promise<void> => {
  const { settings } = context;
  if (context.driver.isClosed) return;
  const at = context.clock();
  if (!(await holdLease(context, at))) return;
  const round = await repository.findLatestRound(context.db);
  let hasChanged = true;
  if (!round || isEnded(round)) {
    if (round?.endedAt && at < round.endedAt.getTime() + settings.pauseMs) return;
    await createNextRound(context, round);
  } else if (round.status === 'betting') {
    if (at >= round.startsAt.getTime() + context.startGraceMs) await cancelRound(context, round.id);
    else if (at >= round.startsAt.getTime())
      await repository.moveRound(context.db, round.id, 'betting', 'running');
    else hasChanged = false;
  } else if (at >= round.crashAt.getTime()) {
    await crashRound(context, round.id);
  } else {
    hasChanged = (await payAutoCashOuts(context, round, at - round.startsAt.getTime())) > 0;
  }
  // Streams on this instance hear at once; the watcher covers changes made elsewhere.
  if (hasChanged) await refreshState(context);
};

/** The driver's tick: one step, remembered so that closing can wait for it. */
export const driveRounds = (context: CrashContext): Promise<void> => {
  context.driver.driving = driveOnce(context);
  return context.driver.driving;
};

/** Gives up the driver's lease (closing), so another instance takes over at once. */
export const closeDriver = async ({ db, instanceId, driver, onError }: CrashContext): Promise<void> => {
  driver.isClosed = true;
  await driver.driving.catch(() => undefined);
  await repository.releaseLease(db, leaseName, instanceId).catch(onError);
};
