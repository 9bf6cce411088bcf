// The driver of every arena, run by one instance under the `cockfight-arena` lease in `crash_driver_leases`:
// it finishes settlements that stopped midway and, when enabled, runs the demo's simulated arena.
import { AppError } from '../../../http/app-error';
import { claimLease, releaseLease } from '../crash.repository';
import * as repository from './cockfight.repository';
import type { FightRow } from './cockfight.repository';
import type { CockfightContext } from './cockfight.service';
import {
  closeFight,
  enterFightResult,
  giveLastCall,
  openFight,
  scheduleSimulatedFight,
} from './fight-operations';
import type { FightBrand } from './place-fight-bet';
import { settlePendingFights } from './settle-fight';
import { drawFightOutcome } from './verify-fight';

export const arenaLeaseName = 'cockfight-arena';

const entryNames = [
  'Red Thunder',
  'Golden Spur',
  'Black Diamond',
  'Iron Claw',
  'Silver Hawk',
  'Blue Lightning',
  'Jade Dragon',
  'White Tiger',
  'Bronze Blade',
  'Crimson King',
  'Storm Rider',
  'Night Fury',
] as const;

/** The demo's entries of a fight: two different names and weights (grams), from its number. */
export const simulatedEntries = (number: number) => {
  const meron = number % entryNames.length;
  const wala = (meron + 1 + ((number * 5) % (entryNames.length - 1))) % entryNames.length;
  return {
    meronName: entryNames[meron] ?? 'Meron',
    meronWeight: 1_800 + ((number * 37) % 400),
    walaName: entryNames[wala] ?? 'Wala',
    walaWeight: 1_800 + ((number * 53 + 120) % 400),
  };
};

/** A move the operator made first (or another instance) is not an error: the next tick looks again. */
const unlessMovedMeanwhile = async (move: Promise<unknown>): Promise<void> => {
  await move.catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === 'FIGHT_STATE_CONFLICT')) throw error;
  });
};

/** One step of a simulated fight's cycle, by the server clock: the same moves the console makes. */
const stepFight = async (context: CockfightContext, fight: FightRow, at: number): Promise<void> => {
  const { lastCallMs, fightMs } = context.settings;
  const closesAt = fight.closesAt?.getTime() ?? Infinity;
  if (fight.status === 'scheduled') {
    await unlessMovedMeanwhile(openFight(context, null, fight.brandId, fight.id));
  } else if (fight.status === 'open' && at >= closesAt - lastCallMs) {
    await unlessMovedMeanwhile(giveLastCall(context, null, fight.brandId, fight.id));
  } else if (fight.status === 'last_call' && at >= closesAt) {
    await unlessMovedMeanwhile(closeFight(context, null, fight.brandId, fight.id));
  } else if (fight.status === 'closed' && at >= (fight.closedAt?.getTime() ?? 0) + fightMs) {
    const outcome = drawFightOutcome(fight);
    await unlessMovedMeanwhile(enterFightResult(context, null, fight.brandId, fight.id, outcome));
  }
};

/**
 * A brand's simulated arena: its simulated fights go on through their cycle; a new one is scheduled (its
 * result committed) and opened once the arena has had nothing under way for `pauseMs`. Fights the operator
 * scheduled pause it: it starts no fight while any of theirs is unfinished.
 */
const driveBrand = async (context: CockfightContext, brand: FightBrand, at: number): Promise<void> => {
  const { db, settings } = context;
  const unfinished = await repository.listFights(
    db,
    brand.id,
    ['scheduled', 'open', 'last_call', 'closed'],
    'oldest',
    20,
  );
  for (const fight of unfinished) {
    if (fight.source === 'simulated') await stepFight(context, fight, at);
  }
  if (unfinished.length > 0) return;
  const [latest] = await repository.listFights(db, brand.id, ['settled', 'cancelled'], 'newest', 1);
  if (latest && at < (latest.settledAt?.getTime() ?? 0) + settings.pauseMs) return;
  const fight = await scheduleSimulatedFight(context, brand, simulatedEntries((latest?.number ?? 0) + 1));
  if (fight) await unlessMovedMeanwhile(openFight(context, null, brand.id, BigInt(fight.fightId)));
};

const holdLease = async ({ db, settings, instanceId, driver }: CockfightContext, at: number) => {
  if (at < driver.heldUntil - settings.leaseMs / 2) return true;
  const isHeld = await claimLease(
    db,
    arenaLeaseName,
    instanceId,
    new Date(at),
    new Date(at + settings.leaseMs),
  );
  driver.heldUntil = isHeld ? at + settings.leaseMs : 0;
  return isHeld;
};

const driveOnce = async (context: CockfightContext): Promise<void> => {
  if (context.driver.isClosed) return;
  const at = context.clock();
  if (!(await holdLease(context, at))) return;
  await settlePendingFights(context).catch(context.onError);
  if (!context.isSimulatorEnabled) return;
  for (const brand of await repository.listBrands(context.db)) {
    try {
      await driveBrand(context, brand, at);
    } catch (error) {
      // One arena's failure never stops the others; the next tick retries it.
      context.onError(error);
    }
  }
};

/** The driver's tick, remembered so that closing can wait for it. */
export const driveArena = (context: CockfightContext): Promise<void> => {
  context.driver.driving = driveOnce(context);
  return context.driver.driving;
};

/** Gives up the lease (closing), so another instance takes over at once. */
export const closeArenaDriver = async ({ db, instanceId, driver, onError }: CockfightContext) => {
  driver.isClosed = true;
  await driver.driving.catch(() => undefined);
  await releaseLease(db, arenaLeaseName, instanceId).catch(onError);
};
