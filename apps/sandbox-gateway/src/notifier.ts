import { setTimeout as sleep } from 'node:timers/promises';
import type { Order } from './orders';
import { signatureHeader, signBody } from './signature';

export type NotifierOptions = {
  lookupMerchantSecret: (merchantId: string) => Promise<string | undefined>;
  /** Waits before the second, third, … attempt; the first is sent at once. */
  retryDelaysMs: readonly number[];
  /** How long one attempt may take before it counts as failed. */
  attemptTimeoutMs: number;
};

/** The notice as the merchant receives it; built from the order, so a repeat sends the very same bytes. */
export const noticeBody = (order: Order): string =>
  JSON.stringify({
    merchantId: order.merchantId,
    orderId: order.orderId,
    gatewayOrderId: order.gatewayOrderId,
    amount: order.amount,
    currency: order.currency,
    status: order.status,
    completedAt: order.completedAt?.toISOString() ?? '',
  });

const describeAnswer = (status: number, answer: unknown): string => {
  const fields = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const code = typeof fields.code === 'string' ? ` ${fields.code}` : '';
  return `HTTP ${status}${code}`;
};

/**
 * Posts the signed notice of a finished order to the merchant's notifyUrl. The merchant has taken it only
 * when it answers 2xx with `success: true`; until then the notice is retried with growing waits, a few
 * times, as real gateways do. Closing stops the waits and the attempts in flight.
 */
export const createNotifier = (options: NotifierOptions) => {
  const closing = new AbortController();
  const running = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };

  /** One attempt; answers whether the merchant accepted it, and records the outcome on the order. */
  const sendOnce = async (order: Order): Promise<boolean> => {
    const secret = await options.lookupMerchantSecret(order.merchantId);
    order.notice.attempts += 1;
    if (secret === undefined) {
      order.notice.lastResult = 'the merchant has no secret any more';
      return false;
    }
    const body = noticeBody(order);
    try {
      const response = await fetch(order.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [signatureHeader]: signBody(secret, body) },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(options.attemptTimeoutMs), closing.signal]),
      });
      const answer: unknown = await response.json().catch(() => undefined);
      const isAccepted =
        response.ok && typeof answer === 'object' && answer !== null && 'success' in answer
          ? answer.success === true
          : false;
      order.notice.lastResult = describeAnswer(response.status, answer);
      if (isAccepted) order.notice.isDelivered = true;
      return isAccepted;
    } catch (error) {
      order.notice.lastResult = error instanceof Error ? error.message : String(error);
      return false;
    }
  };

  const retry = async (order: Order): Promise<void> => {
    for (const delay of options.retryDelaysMs) {
      try {
        await sleep(delay, undefined, { signal: closing.signal });
      } catch {
        return;
      }
      if (await sendOnce(order)) return;
    }
  };

  return {
    /**
     * The first attempt is awaited (so the player usually comes back to a credited deposit); when it fails,
     * the retries go on in the background.
     */
    deliver: async (order: Order): Promise<boolean> => {
      const isAccepted = await track(sendOnce(order));
      if (!isAccepted && !closing.signal.aborted) void track(retry(order));
      return isAccepted;
    },

    /** One more attempt on demand ("Send the notice again"), to show a merchant handling repeats. */
    sendAgain: (order: Order): Promise<boolean> => track(sendOnce(order)),

    close: async (): Promise<void> => {
      closing.abort();
      await Promise.allSettled([...running]);
    },
  };
};

export type Notifier = ReturnType<typeof createNotifier>;
