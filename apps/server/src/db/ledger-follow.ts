import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from './database';

/**
 * What the folds that follow the ledger in commit order share (the agents' roll-ups, the loyalty fold, the
 * reports' roll-ups). Each keeps a horizon: the ledger transactions written by database transactions below it
 * were folded. A batch takes those between the horizon and a bound below which every database transaction has
 * finished (each is visible now or never will be), applies them and moves the horizon in one transaction under
 * the fold's advisory lock, so a movement counts exactly once whatever crashes or however many instances run.
 */

/**
 * The lowest transaction id still running in this database (as far as can be told), else the snapshot's xmax:
 * every transaction of this database below it has finished. The snapshot's xmin alone would also wait for
 * transactions of other databases of the cluster (which never write this ledger), so one long transaction
 * elsewhere would hold every member's progress back. A running transaction is left out only when a backend of
 * another database is seen holding it; one that cannot be placed (finished meanwhile, prepared, or its session
 * hidden from this role) is waited for, as before.
 */
export const visibleBelowSql = sql`with snap as (select pg_current_snapshot() as s), elsewhere as (
    select backend_xid::text::int8 as xid from pg_stat_activity
    where backend_xid is not null and datname is distinct from current_database()
  )
  select coalesce(
    (select min(x::text::int8) from snap, pg_snapshot_xip(snap.s) x
      where x::text::int8 % 4294967296 not in (select xid from elsewhere)),
    (select pg_snapshot_xmax(s)::text::int8 from snap))`;

/** The id the next database transaction will get: every transaction committed so far has a lower one. */
export const nextTransactionId = async (db: Database): Promise<bigint> => {
  const [row] = await selectRows<{ next: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  if (!row) throw new Error('no snapshot');
  return BigInt(row.next);
};

/** One batch of a fold: how much it took, whether it reached what is visible now, and its new horizon. */
export type FoldBatchResult = { taken: number; caughtUp: boolean; horizon: bigint };

/** The first horizon of a batch at most `span` database transactions wide: the stored one plus span, or the bound. */
export const batchEnd = (from: bigint, visibleBelow: bigint, span: number): bigint =>
  visibleBelow < from + BigInt(span) ? visibleBelow : from + BigInt(span);

/**
 * Runs batches until everything committed before the call is folded: a batch may only take transactions below
 * the oldest one still running, so it waits for those (up to `maxWaitMs`, then returns what it has). Answers the
 * sum of what the batches took.
 */
export const foldEverythingCommitted = async (
  db: Database,
  foldBatch: () => Promise<FoldBatchResult>,
  maxWaitMs: number,
): Promise<number> => {
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
};

/**
 * The scheduled run of a fold, paced: unless resting, it batches until it reaches what is visible now, then
 * rests `restFactor` × the time it took (at most `maxRestMs`). Idle, a batch takes a few milliseconds and progress
 * follows within the scheduler's interval; under load the fold takes at most about 1 / (1 + restFactor) of its
 * connection's time and its batches grow (a bigger batch costs less per movement). `now`: the clock, in ms.
 */
export const createPacedFollowUp = ({
  foldBatch,
  restFactor,
  maxRestMs,
  now,
}: {
  foldBatch: () => Promise<FoldBatchResult>;
  restFactor: number;
  maxRestMs: number;
  now: () => number;
}): (() => Promise<number>) => {
  let restUntil = 0;
  return async () => {
    const started = now();
    if (started < restUntil) return 0;
    let total = 0;
    try {
      for (;;) {
        const batch = await foldBatch();
        total += batch.taken;
        if (batch.caughtUp) return total;
      }
    } finally {
      const ended = now();
      restUntil = ended + Math.min(maxRestMs, (ended - started) * restFactor);
    }
  };
};
