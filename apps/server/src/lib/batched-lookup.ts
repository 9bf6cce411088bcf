import { createBatchScheduler } from './batch-scheduler';

type Waiting<Key, Value> = {
  key: Key;
  resolve: (value: Value | undefined) => void;
  reject: (error: unknown) => void;
};

export type BatchedLookupOptions = {
  /** Look-ups running at once (each holds a pooled connection). */
  maxInFlight?: number;
  /** Keys in one look-up at most. */
  maxBatch?: number;
};

/**
 * Reads by key that arrive while earlier ones are running go together in one read (`load`, answering what it found
 * by key), as group commit does for writes: a busy page's requests (a fishing game's batches, a table's moves) then
 * share one round trip for what every request reads (the session behind its token), where each would have paid its
 * own. A lone read goes at once (next turn of the event loop); nothing is cached: every read sees the database as it
 * is when it runs. A failed load rejects every read in it.
 */
export const createBatchedLookup = <Key, Value>(
  load: (keys: readonly Key[]) => Promise<ReadonlyMap<Key, Value>>,
  { maxInFlight = 2, maxBatch = 256 }: BatchedLookupOptions = {},
) => {
  const enqueue = createBatchScheduler<Waiting<Key, Value>>({
    maxInFlight,
    maxBatch,
    run: async (batch) => {
      try {
        const found = await load([...new Set(batch.map(({ key }) => key))]);
        for (const { key, resolve } of batch) resolve(found.get(key));
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    },
  });

  /** The value behind the key, undefined when `load` found none. */
  return (key: Key): Promise<Value | undefined> =>
    new Promise<Value | undefined>((resolve, reject) => {
      enqueue({ key, resolve, reject });
    });
};
