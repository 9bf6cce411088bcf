import { setTimeout } from 'node:timers/promises';
import type { Database } from '../../../db/database';
import type { PushService } from '../../push/push.service';
import type { LoyaltyConsumer } from './fold-types';
import {
  addFigures,
  lockFold,
  moveFold,
  nextTransactionId,
  readActivities,
  recordLoginDays,
} from './fold.repository';

export const loyaltyFoldJobName = 'loyalty-fold';

/**
 * Follows the ledger (and sign-ins) into the loyalty figures and whatever registered as a consumer (VIP, missions,
 * points), a batch at a time, off the money's path: bets write nothing for it. `span`: database transactions per
 * batch; a fold waits up to `maxWaitMs` for transactions older than its call that are still running.
 */
export const createLoyaltyFoldService = ({
  db,
  push,
  span = 20_000,
  maxWaitMs = 5_000,
}: {
  db: Database;
  push: PushService;
  span?: number;
  maxWaitMs?: number;
}) => {
  const consumers: LoyaltyConsumer[] = [];

  /** One batch; answers how many activities it took and whether it reached what is visible now. */
  const foldBatch = async (): Promise<{ taken: number; caughtUp: boolean; horizon: bigint }> => {
    const changed = new Set<bigint>();
    const result = await db.transaction(async (tx) => {
      const state = await lockFold(tx);
      const to =
        state.visibleBelow < state.from + BigInt(span) ? state.visibleBelow : state.from + BigInt(span);
      const activities = to > state.from ? await readActivities(tx, state.from, to) : [];
      const logins = await recordLoginDays(tx, state.loginHorizon);
      await addFigures(tx, activities);
      for (const activity of activities) changed.add(activity.memberId);
      for (const login of logins.days) changed.add(login.memberId);
      for (const consume of consumers) {
        for (const memberId of await consume(tx, { activities, logins: logins.days })) changed.add(memberId);
      }
      const horizon = to > state.from ? to : state.from;
      await moveFold(tx, horizon, logins.horizon);
      return { taken: activities.length, caughtUp: horizon === state.visibleBelow, horizon };
    });
    for (const memberId of changed) push.publish(memberId, { type: 'loyalty' });
    return result;
  };

  return {
    /** Registers what follows each batch (in registration order, inside the batch's transaction). */
    onBatch: (consumer: LoyaltyConsumer): void => {
      consumers.push(consumer);
    },
    /** Folds everything committed before the call; answers how many activities it took. */
    fold: async (): Promise<number> => {
      const target = await nextTransactionId(db);
      const deadline = Date.now() + maxWaitMs;
      let total = 0;
      for (;;) {
        const batch = await foldBatch();
        total += batch.taken;
        if (!batch.caughtUp) continue;
        if (batch.horizon >= target || Date.now() >= deadline) return total;
        await setTimeout(10);
      }
    },
  };
};

export type LoyaltyFoldService = ReturnType<typeof createLoyaltyFoldService>;
