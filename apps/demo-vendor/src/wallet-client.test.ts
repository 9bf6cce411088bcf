import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePlatform, startFakePlatform, vendorPrivateKeyPem } from './fake-platform.test-helpers';
import { createRetryQueue } from './retry-queue';
import { createWalletClient } from '@wps/vendor-wallet-client/wallet-client';

let platform: FakePlatform;
beforeAll(async () => {
  platform = await startFakePlatform();
});
afterAll(() => platform.close());
beforeEach(() => {
  platform.calls.length = 0;
  platform.state.balance = 100_000_000n;
});

const client = (options: { attemptTimeoutMs?: number; fetch?: typeof fetch } = {}) =>
  createWalletClient({
    platformUrl: platform.url,
    privateKey: createPrivateKey(vendorPrivateKeyPem),
    ...options,
  });

const betFields = (amount: bigint) => ({
  user: '42',
  transaction_uuid: 'bet-1',
  token: 'token-abcdefghijklmnop',
  round: 'round-1',
  round_closed: false,
  game_code: 'PG-R0001',
  currency: 'USD',
  amount,
});

describe('the wallet client', () => {
  it('signs the exact body bytes with the vendor key, as an int64 JSON amount, and reads a signed answer', async () => {
    platform.state.balance = 9_223_372_036_854_775_807n;
    const wallet = client();
    const call = await wallet.prepare('PG', 'transaction/bet', betFields(9_007_199_254_740_993n));
    const result = await wallet.send(call);
    expect(result).toMatchObject({ kind: 'answer', isFinal: true, answer: { status: 'RS_OK', user: '42' } });
    const [recorded] = platform.calls;
    expect(recorded?.vendorCode).toBe('PG');
    expect(recorded?.raw).toBe(call.body);
    expect(recorded?.raw).toContain('"amount":9007199254740993');
    expect(recorded?.isSignedByVendor).toBe(true);
    expect(recorded?.body.request_uuid).toBe(call.requestUuid);
  });

  it('takes no answer that is unsigned, signed by another key, or an HTTP failure', async () => {
    const wallet = client();
    platform.react('user/info', { unsigned: true }, { forged: true }, { httpStatus: 503 });
    for (const reason of [/not signed/, /not signed/, /HTTP 503/]) {
      const call = await wallet.prepare('PG', 'user/info', { user: '42' });
      const result = await wallet.send(call);
      expect(result.kind).toBe('no-answer');
      if (result.kind === 'no-answer') expect(result.reason).toMatch(reason);
    }
  });

  it('takes an answer for another request_uuid as no answer', async () => {
    const wallet = client();
    const call = await wallet.prepare('PG', 'user/info', { user: '42' });
    const tampered = { ...call, requestUuid: 'someone-else' };
    expect((await wallet.send(tampered)).kind).toBe('no-answer');
  });

  it('gives up an attempt after its timeout, and retries the same bytes until a final answer', async () => {
    const never: typeof fetch = (input, init) =>
      (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).endsWith(
        '/public-key',
      )
        ? fetch(input, init)
        : new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => {
              reject(new Error('aborted'));
            });
          });
    const slow = client({ attemptTimeoutMs: 50, fetch: never });
    const result = await slow.send(await slow.prepare('PG', 'user/info', { user: '42' }));
    expect(result.kind).toBe('no-answer');

    const wallet = client();
    platform.react('transaction/win', { drop: true }, { httpStatus: 500 }, { status: 'RS_ERROR_UNKNOWN' });
    const call = await wallet.prepare('PG', 'transaction/win', {
      ...betFields(0n),
      reference_transaction_uuid: 'b',
    });
    const final = await wallet.sendWithRetries(call, [1, 1, 1, 1]);
    expect(final).toMatchObject({ kind: 'answer', isFinal: true, answer: { status: 'RS_OK' } });
    const wins = platform.callsOf('transaction/win');
    expect(wins).toHaveLength(4);
    expect(new Set(wins.map((win) => win.raw)).size).toBe(1);
    expect(new Set(wins.map((win) => win.signature)).size).toBe(1);
  });

  it('stops retrying at a final refusal', async () => {
    const wallet = client();
    platform.react('transaction/rollback', { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' });
    const call = await wallet.prepare('PG', 'transaction/rollback', { user: '42', transaction_uuid: 'r' });
    const result = await wallet.sendWithRetries(call, [1, 1, 1]);
    expect(result).toMatchObject({ kind: 'answer', isFinal: true });
    expect(platform.callsOf('transaction/rollback')).toHaveLength(1);
  });
});

describe('the retry queue', () => {
  it('resends a call, byte for byte, until the platform gives a final answer', async () => {
    const wallet = client();
    platform.react('transaction/rollback', { drop: true }, { httpStatus: 502 }, { forged: true });
    const finals: string[] = [];
    const queue = createRetryQueue({
      send: wallet.send,
      delayMs: () => 5,
      onFinal: (_call, result) => finals.push(result.answer.status),
    });
    const call = await wallet.prepare('PG', 'transaction/rollback', { user: '42', transaction_uuid: 'r2' });
    queue.enqueue(call, { immediately: true });
    await queue.whenIdle();
    expect(finals).toEqual(['RS_OK']);
    const sent = platform.callsOf('transaction/rollback');
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((rollback) => rollback.raw))).toEqual(new Set([call.body]));
    queue.close();
  });

  it('keeps at most maxItems calls, giving up the oldest', async () => {
    const sent: string[] = [];
    const queue = createRetryQueue({
      send: async (call) => {
        sent.push(call.requestUuid);
        return { kind: 'no-answer', reason: 'down' };
      },
      delayMs: () => 60_000,
      maxItems: 2,
    });
    const call = (requestUuid: string) => ({
      vendorCode: 'PG',
      method: 'transaction/win' as const,
      requestUuid,
      body: '{}',
      signature: '',
    });
    queue.enqueue(call('a'));
    queue.enqueue(call('b'));
    queue.enqueue(call('c'));
    expect(queue.size()).toBe(2);
    queue.close();
    expect(queue.size()).toBe(0);
    expect(sent).toEqual([]);
  });
});
