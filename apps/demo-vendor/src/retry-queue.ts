import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AttemptResult,
  describeAttempt,
  type PreparedCall,
} from '@wps/vendor-wallet-client/wallet-client';

/**
 * Wins and rollbacks are retried until the platform gives a final answer, as Hub88 asks of vendors. They wait
 * here, in memory, across players' requests: each call is resent byte for byte (same uuids, same signature)
 * after a growing delay. The queue is bounded; a vendor restart forgets what is still waiting (a real vendor
 * would keep it in its database).
 */

export type RetryQueueOptions = {
  send: (call: PreparedCall) => Promise<AttemptResult>;
  /** The wait before the retry numbered `attempt` (1 is the first retry). */
  delayMs?: (attempt: number) => number;
  /** At most this many calls wait; beyond it the oldest is given up (and logged). */
  maxItems?: number;
  log?: FastifyBaseLogger;
  /** Each final answer, for whoever waits on it (tests, logs). */
  onFinal?: (call: PreparedCall, result: AttemptResult & { kind: 'answer' }) => void;
};

type Item = { call: PreparedCall; retries: number; dueAt: number };

/** 0.5 s, 1 s, 2 s … up to 30 s, each stretched by up to a fifth so many waiting calls spread out. */
export const defaultRetryDelayMs = (attempt: number): number => {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt - 1, 10));
  return base + randomInt(Math.floor(base / 5) + 1);
};

export const createRetryQueue = ({
  send,
  delayMs = defaultRetryDelayMs,
  maxItems = 10_000,
  log,
  onFinal,
}: RetryQueueOptions) => {
  const items: Item[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let closed = false;
  let idleWaiters: (() => void)[] = [];
  const isClosed = () => closed;

  const notifyIfIdle = () => {
    if (items.length > 0 || running) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (closed || running || items.length === 0) return;
    const next = Math.min(...items.map((item) => item.dueAt));
    timer = setTimeout(
      () => {
        timer = undefined;
        void run();
      },
      Math.max(0, next - Date.now()),
    );
  };

  /** Sends every call that is due, one after the other, then waits for the next one. */
  const run = async () => {
    running = true;
    try {
      for (;;) {
        if (closed) return;
        const now = Date.now();
        const index = items.findIndex((item) => item.dueAt <= now);
        if (index < 0) break;
        const [item] = items.splice(index, 1);
        if (!item) break;
        const result = await send(item.call);
        if (result.kind === 'answer' && result.isFinal) {
          if (result.answer.status !== 'RS_OK') {
            log?.warn(
              { method: item.call.method, requestUuid: item.call.requestUuid, status: result.answer.status },
              'retried wallet call ended with a refusal',
            );
          }
          onFinal?.(item.call, result);
          continue;
        }
        item.retries += 1;
        item.dueAt = Date.now() + delayMs(item.retries);
        log?.warn(
          {
            method: item.call.method,
            requestUuid: item.call.requestUuid,
            retries: item.retries,
            result: describeAttempt(result),
          },
          'wallet call still without a final answer',
        );
        // The queue may have been closed while the call was out.
        if (!isClosed()) items.push(item);
      }
    } finally {
      running = false;
      schedule();
      notifyIfIdle();
    }
  };

  return {
    /** Keeps retrying `call` until a final answer; `immediately` sends it now, else after the first delay. */
    enqueue: (call: PreparedCall, { immediately = false }: { immediately?: boolean } = {}) => {
      if (closed) return;
      if (items.length >= maxItems) {
        const [dropped] = items.splice(0, 1);
        log?.error(
          { method: dropped?.call.method, requestUuid: dropped?.call.requestUuid },
          'retry queue full: the oldest waiting wallet call is given up',
        );
      }
      items.push({ call, retries: immediately ? 0 : 1, dueAt: Date.now() + (immediately ? 0 : delayMs(1)) });
      schedule();
    },
    size: (): number => items.length + (running ? 1 : 0),
    /** Resolves once nothing waits and nothing is in flight. */
    whenIdle: (): Promise<void> =>
      new Promise((resolve) => {
        idleWaiters.push(resolve);
        notifyIfIdle();
      }),
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (items.length > 0) {
        log?.warn({ waiting: items.length }, 'closing with wallet calls still waiting for a final answer');
      }
      items.length = 0;
      notifyIfIdle();
    },
  };
};

export type RetryQueue = ReturnType<typeof createRetryQueue>;
