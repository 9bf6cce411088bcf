import type { Database } from '../../db/database';
import { createPacedFollowUp, type FoldBatchResult, foldEverythingCommitted } from '../../db/ledger-follow';
import { foldReportsBatch } from './fold.repository';

export const reportsFoldJobName = 'reports-fold';

/**
 * Follows the ledger (and new members) into the reports' roll-ups, a batch at a time, off the money's path.
 * `span`: database transactions per batch; `fold` waits up to `maxWaitMs` for transactions older than its call
 * that are still running. The scheduled run (`followUp`) paces itself as the loyalty fold does: after folding for
 * d ms it rests `restFactor` × d ms (at most `maxRestMs`). `now`: the clock, in ms.
 */
export const createReportsFoldService = ({
  db,
  span = 20_000,
  maxWaitMs = 5_000,
  restFactor = 3,
  maxRestMs = 500,
  now = Date.now,
}: {
  db: Database;
  span?: number;
  maxWaitMs?: number;
  restFactor?: number;
  maxRestMs?: number;
  now?: () => number;
}) => {
  const foldBatch = (): Promise<FoldBatchResult> => db.transaction((tx) => foldReportsBatch(tx, span));
  return {
    /** The scheduled run: folds what is visible now (nothing while it rests). */
    followUp: createPacedFollowUp({ foldBatch, restFactor, maxRestMs, now }),
    /** Folds everything committed before the call; answers how many ledger transactions it read. */
    fold: (): Promise<number> => foldEverythingCommitted(db, foldBatch, maxWaitMs),
  };
};

export type ReportsFoldService = ReturnType<typeof createReportsFoldService>;
