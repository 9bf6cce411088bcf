import type { Database } from '../../../db/database';
import {
  batchEnd,
  createPacedFollowUp,
  type FoldBatchResult,
  foldEverythingCommitted,
} from '../../../db/ledger-follow';
import type { PushService } from '../../push/push.service';
import type { LoyaltyConsumer } from './fold-types';
import { tallyFigures } from './fold-figures';
import {
  lockFold,
  moveFold,
  readActivities,
  readFigures,
  recordLoginDays,
  writeFigures,
} from './fold.repository';

export const loyaltyFoldJobName = 'loyalty-fold';

/**
 * Follows the ledger (and sign-ins) into the loyalty figures and whatever registered as a consumer (VIP, missions,
 * points), a batch at a time, off the money's path: bets write nothing for it. `span`: database transactions per
 * batch; a fold waits up to `maxWaitMs` for transactions older than its call that are still running.
 *
 * The scheduled run (`followUp`) paces itself: after folding for d ms it rests `restFactor` × d ms (at most
 * `maxRestMs`) before it folds again. Idle, a batch takes a few milliseconds and progress follows within the
 * scheduler's interval; under load the fold takes at most about 1 / (1 + restFactor) of its connection's time and
 * its batches grow, and a batch costs far less per bet when it is bigger: it writes each member's figures,
 * mission progress and points once whatever the member's number of bets in it. `now`: the clock, in ms.
 */
export const createLoyaltyFoldService = ({
  db,
  push,
  span = 20_000,
  maxWaitMs = 5_000,
  restFactor = 3,
  maxRestMs = 500,
  now = Date.now,
}: {
  db: Database;
  push: PushService;
  span?: number;
  maxWaitMs?: number;
  restFactor?: number;
  maxRestMs?: number;
  now?: () => number;
}) => {
  const consumers: LoyaltyConsumer[] = [];
  const committedHooks: Array<() => Promise<void>> = [];

  /**
   * One batch; answers how many activities it took and whether it reached what is visible now. `isAskedFor`: part
   * of `fold()`, see `LoyaltyBatch`.
   */
  const foldBatch = async (isAskedFor: boolean): Promise<FoldBatchResult> => {
    const changed = new Set<bigint>();
    const result = await db.transaction(async (tx) => {
      const state = await lockFold(tx);
      const to = batchEnd(state.from, state.visibleBelow, span);
      const activities = to > state.from ? await readActivities(tx, state.from, to) : [];
      const logins = await recordLoginDays(tx, state.loginHorizon);
      for (const activity of activities) changed.add(activity.memberId);
      for (const login of logins.days) changed.add(login.memberId);
      const { members, days } = tallyFigures(
        activities,
        await readFigures(tx, [...new Set(activities.map((activity) => activity.memberId))]),
      );
      const batch = { activities, logins: logins.days, members, days, isAskedFor };
      for (const consume of consumers) {
        for (const memberId of await consume(tx, batch)) changed.add(memberId);
      }
      await writeFigures(tx, members, days);
      const horizon = to > state.from ? to : state.from;
      await moveFold(tx, horizon, logins.horizon);
      return { taken: activities.length, caughtUp: horizon === state.visibleBelow, horizon };
    });
    for (const memberId of changed) push.publish(memberId, { type: 'loyalty' });
    for (const hook of committedHooks) await hook();
    return result;
  };

  /** Unless resting, batches until the fold reaches what is visible now, then rests in proportion. */
  const followUp = createPacedFollowUp({ foldBatch: () => foldBatch(false), restFactor, maxRestMs, now });

  return {
    /** Registers what follows each batch (in registration order, inside the batch's transaction). */
    onBatch: (consumer: LoyaltyConsumer): void => {
      consumers.push(consumer);
    },
    /**
     * After each batch's commit, outside its transaction (warming caches with what the batch wrote). A batch
     * that rolls back calls none.
     */
    onCommitted: (hook: () => Promise<void>): void => {
      committedHooks.push(hook);
    },
    /**
     * The scheduled run: folds what is visible now and returns (nothing while it rests, see above). Under load a
     * transaction is always running, so waiting for those running at the call (as `fold` does) cost a second
     * batch, its own transaction and commit, on every run; they come with the next run.
     */
    followUp,
    /** Folds everything committed before the call; answers how many activities it took. */
    fold: (): Promise<number> => foldEverythingCommitted(db, () => foldBatch(true), maxWaitMs),
  };
};

export type LoyaltyFoldService = ReturnType<typeof createLoyaltyFoldService>;
