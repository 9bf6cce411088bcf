import type { Database } from '../../db/database';
import type { JobScheduler } from '../../jobs/scheduler';
import { foldBatch } from './rollups.repository';

export type RollupService = {
  /** Folds every posting committed so far into the roll-ups; answers how many ledger transactions it took. */
  fold: () => Promise<number>;
};

export const rollupJobName = 'agent-figures-fold';

/** `span`: database transactions per batch (a batch may hold more postings: one lottery draw pays thousands). */
export const createRollupService = ({ db, span = 20_000 }: { db: Database; span?: number }) => {
  const service: RollupService = {
    fold: async () => {
      let total = 0;
      for (;;) {
        const batch = await foldBatch(db, span);
        total += batch.taken;
        if (batch.caughtUp) return total;
      }
    },
  };
  return service;
};

/** Reports follow the money by one interval (a second by default); settlement folds before it reads. */
export const scheduleRollupFold = (
  scheduler: JobScheduler,
  rollups: RollupService,
  intervalMs: number,
): void => {
  scheduler.every(rollupJobName, intervalMs, async () => {
    await rollups.fold();
  });
};
