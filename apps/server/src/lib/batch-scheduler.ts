export type BatchSchedulerOptions<Item> = {
  /** Runs one batch; its items are settled by the caller's own resolve and reject. */
  run: (batch: Item[]) => Promise<void>;
  /** Batches running at once (each holds a pooled connection). */
  maxInFlight: number;
  /** The next batch out of what waits, and what stays waiting; by default up to `maxBatch` in arrival order. */
  take?: (waiting: readonly Item[]) => { batch: Item[]; rest: Item[] };
  maxBatch?: number;
};

/**
 * The slots of group commit and batched reads: items added in the same turn of the event loop go in one batch
 * (the next turn), later ones wait for a free slot and then go together; at most `maxInFlight` batches run.
 */
export const createBatchScheduler = <Item>({
  run,
  maxInFlight,
  maxBatch = 32,
  take = (waiting) => ({ batch: waiting.slice(0, maxBatch), rest: waiting.slice(maxBatch) }),
}: BatchSchedulerOptions<Item>) => {
  let waiting: Item[] = [];
  let inFlight = 0;
  let isScheduled = false;

  const flush = (): void => {
    isScheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const { batch, rest } = take(waiting);
      waiting = rest;
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  };

  const schedule = (): void => {
    if (isScheduled || waiting.length === 0 || inFlight >= maxInFlight) return;
    isScheduled = true;
    setImmediate(flush);
  };

  /** Adds an item to the next batch. */
  return (item: Item): void => {
    waiting.push(item);
    schedule();
  };
};
