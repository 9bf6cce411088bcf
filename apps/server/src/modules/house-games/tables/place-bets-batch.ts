import type { TableBetRow } from './tables.repository';
import type { PreparedRequest } from './place-bets';

type Waiting = {
  prepared: PreparedRequest;
  resolve: (rows: TableBetRow[]) => void;
  reject: (error: unknown) => void;
};

export type PlacementOptions = {
  placeAlone: (prepared: PreparedRequest) => Promise<TableBetRow[]>;
  /** Answers null, having written nothing, when the batch cannot be placed as one (see `placeBatch`). */
  placeBatch: (batch: readonly PreparedRequest[]) => Promise<TableBetRow[][] | null>;
  /** Batches written at once (each holds a pooled connection). */
  maxInFlight?: number;
  /** Requests in one batch at most. */
  maxBatch?: number;
};

/**
 * Group commit for the tables' bets: requests that arrive while earlier ones are being written go together in
 * one transaction (its commit, round trips and locks paid once), one request per member and one brand per
 * batch (a member's next request waits for the following batch, behind their lock, so their limits hold).
 * A batch that cannot go as one (a closed round, a limit, a replay, not enough cash, an active bonus) is
 * placed request by request, each answered as if it had come alone; a request is answered only after its
 * transaction committed.
 */
export const createPlacement = ({
  placeAlone,
  placeBatch,
  maxInFlight = 4,
  maxBatch = 32,
}: PlacementOptions) => {
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let isScheduled = false;
  const counts = { batches: 0, batched: 0, alone: 0 };

  const writeAlone = async ({ prepared, resolve, reject }: Waiting): Promise<void> => {
    counts.alone += 1;
    try {
      resolve(await placeAlone(prepared));
    } catch (error) {
      reject(error);
    }
  };

  const writeBatch = async (batch: Waiting[]): Promise<void> => {
    const [only] = batch;
    if (batch.length === 1 && only) return writeAlone(only);
    const placed = await placeBatch(batch.map((entry) => entry.prepared));
    if (!placed) {
      await Promise.all(batch.map(writeAlone));
      return;
    }
    counts.batches += 1;
    counts.batched += batch.length;
    batch.forEach((entry, index) => {
      entry.resolve(placed[index] ?? []);
    });
  };

  /** The next batch: waiting requests in order, skipping a member already in it or another brand. */
  const takeBatch = (): Waiting[] => {
    const batch: Waiting[] = [];
    const members = new Set<bigint>();
    const rest: Waiting[] = [];
    for (const entry of waiting) {
      const { member } = entry.prepared;
      const fits =
        batch.length < maxBatch &&
        !members.has(member.id) &&
        (batch[0]?.prepared.member.brandId ?? member.brandId) === member.brandId;
      if (fits) {
        batch.push(entry);
        members.add(member.id);
      } else {
        rest.push(entry);
      }
    }
    waiting = rest;
    return batch;
  };

  const flush = (): void => {
    isScheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      void writeBatch(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  };

  /** Requests that arrived in the same turn of the event loop go together; later ones wait for a free slot. */
  const schedule = (): void => {
    if (isScheduled || waiting.length === 0 || inFlight >= maxInFlight) return;
    isScheduled = true;
    setImmediate(flush);
  };

  return {
    /** Places the request (with others, when others are waiting); rejects as `placeAlone` would. */
    place: (prepared: PreparedRequest): Promise<TableBetRow[]> =>
      new Promise<TableBetRow[]>((resolve, reject) => {
        waiting.push({ prepared, resolve, reject });
        schedule();
      }),
    /** How requests went so far: batches written as one and their requests, and requests placed alone. */
    counts: () => ({ ...counts }),
  };
};

export type Placement = ReturnType<typeof createPlacement>;
