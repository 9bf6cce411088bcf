import type { FishingBatchRequest, FishingBatchResult, FishingShotRequest } from '@wps/contracts/fishing';
import { isApiError } from '../../../../lib/api-client';

/** A hit waiting to be sent: the shot, and the fish of the scene it hit (to show the answer on it). */
export type QueuedShot = FishingShotRequest & { sceneFishId: number; cost: bigint };

export type ShotBatch = FishingBatchRequest;

export type ShotBatcherOptions = {
  send: (batch: ShotBatch) => Promise<FishingBatchResult>;
  /** The answer of a batch, with the hits it carried (in order). */
  onResult: (result: FishingBatchResult, shots: readonly QueuedShot[]) => void;
  /** A batch the server refused (or that could not be sent after its retries): none of its shots was fired. */
  onFailure: (error: unknown, shots: readonly QueuedShot[]) => void;
  maxShots: number;
  newId?: () => string;
  /** Waits before a retry (tests answer at once). */
  wait?: (ms: number) => Promise<void>;
};

const retries = 3;

/** A failure the same request may get past: the network, or a server that could not answer. */
const isRetryable = (error: unknown): boolean =>
  isApiError(error) &&
  (error.code === 'NETWORK_ERROR' || error.code === 'INTERNAL_ERROR' || error.code === 'SERVICE_UNAVAILABLE');

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Gathers hits and sends them in batches, one batch in flight at a time (the page flushes every 250 ms). A
 * batch that failed on the way is sent again with the same id and the same shots, so the server answers it
 * once whatever reached it; one it refused is reported and its shots are dropped (none was fired).
 */
export const createShotBatcher = ({
  send,
  onResult,
  onFailure,
  maxShots,
  newId = () => crypto.randomUUID(),
  wait = sleep,
}: ShotBatcherOptions) => {
  let queue: QueuedShot[] = [];
  let inFlight: QueuedShot[] = [];
  let sending: Promise<void> | null = null;

  const sendWithRetries = async (batch: ShotBatch, shots: readonly QueuedShot[]): Promise<void> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        onResult(await send(batch), shots);
        return;
      } catch (error) {
        if (attempt < retries && isRetryable(error)) {
          await wait(300 * (attempt + 1));
          continue;
        }
        onFailure(error, shots);
        return;
      }
    }
  };

  const flush = (): Promise<void> => {
    if (sending) return sending;
    if (queue.length === 0) return Promise.resolve();
    const shots = queue.slice(0, maxShots);
    queue = queue.slice(maxShots);
    inFlight = shots;
    const batch: ShotBatch = {
      batchId: newId(),
      shots: shots.map(({ shotId, fish, power, stake }) => ({ shotId, fish, power, stake })),
    };
    sending = sendWithRetries(batch, shots).finally(() => {
      sending = null;
      inFlight = [];
    });
    return sending;
  };

  return {
    add: (shot: QueuedShot) => {
      queue.push(shot);
    },
    flush,
    /** Hits not answered yet: queued and in flight. */
    pending: (): readonly QueuedShot[] => [...inFlight, ...queue],
    /** Forgets what was not sent (the session ended). */
    clear: () => {
      queue = [];
    },
  };
};

export type ShotBatcher = ReturnType<typeof createShotBatcher>;
