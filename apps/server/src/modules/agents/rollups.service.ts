import type { Database } from '../../db/database';
import { foldEverythingCommitted } from '../../db/ledger-follow';
import type { JobScheduler } from '../../jobs/scheduler';
import { foldBatch } from './rollups.repository';

export type RollupService = {
  /** Folds every posting committed before the call into the roll-ups; answers how many ledger transactions it took. */
  fold: () => Promise<number>;
};

export const rollupJobName = 'agent-figures-fold';

/**
 * `span`: database transactions per batch (a batch may hold more postings: one lottery draw pays thousands).
 * A batch may only take transactions below the oldest one still running anywhere on the server (another's
 * older transaction may still commit there), so a fold waits for those, up to `maxWaitMs`, to take everything
 * committed before it was called.
 */
export const createRollupService = ({
  db,
  span = 20_000,
  maxWaitMs = 5_000,
}: {
  db: Database;
  span?: number;
  maxWaitMs?: number;
}) => {
  const service: RollupService = {
    fold: () => foldEverythingCommitted(db, () => foldBatch(db, span), maxWaitMs),
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
