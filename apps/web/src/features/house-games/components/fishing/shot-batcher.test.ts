import type { FishingBatchResult } from '@wps/contracts/fishing';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { createShotBatcher, type QueuedShot, type ShotBatch } from './shot-batcher';

const shot = (shotId: string): QueuedShot => ({
  shotId,
  fish: 'goby',
  power: 1,
  stake: '0.10',
  sceneFishId: 1,
  cost: 10n,
});

const answer = (batch: ShotBatch): FishingBatchResult => ({
  sessionId: '1',
  batchId: batch.batchId,
  shots: batch.shots.map((sent, index) => ({
    ...sent,
    multiplier: 3,
    cost: sent.stake,
    nonce: index,
    killed: false,
    payout: '0.00',
  })),
  refused: [],
  staked: '0.10',
  won: '0.00',
  seeds: { serverSeedHash: 'h', clientSeed: 'c' },
  session: { shots: batch.shots.length, staked: '0.10', won: '0.00' },
  balance: '9.90',
  isReplay: false,
});

const setUp = (send: (batch: ShotBatch) => Promise<FishingBatchResult>) => {
  const results: Array<{ batchId: string; shotIds: string[] }> = [];
  const failures: unknown[] = [];
  let ids = 0;
  const batcher = createShotBatcher({
    send,
    onResult: (result, shots) => {
      results.push({ batchId: result.batchId, shotIds: shots.map((queued) => queued.shotId) });
    },
    onFailure: (error) => {
      failures.push(error);
    },
    maxShots: 2,
    newId: () => `batch-${(ids += 1)}`,
    wait: () => Promise.resolve(),
  });
  return { batcher, results, failures };
};

describe('the shot batcher', () => {
  it('sends queued hits in batches of at most the limit, one batch at a time', async () => {
    const sent: ShotBatch[] = [];
    const { batcher, results } = setUp((batch) => {
      sent.push(batch);
      return Promise.resolve(answer(batch));
    });
    for (const id of ['a', 'b', 'c']) batcher.add(shot(id));
    expect(batcher.pending()).toHaveLength(3);
    const first = batcher.flush();
    expect(batcher.flush()).toBe(first);
    await first;
    await batcher.flush();
    expect(sent.map((batch) => batch.shots.map((queued) => queued.shotId))).toEqual([['a', 'b'], ['c']]);
    expect(sent[0]?.shots[0]).toEqual({ shotId: 'a', fish: 'goby', power: 1, stake: '0.10' });
    expect(results.map((result) => result.batchId)).toEqual(['batch-1', 'batch-2']);
    expect(batcher.pending()).toEqual([]);
  });

  it('sends a batch lost on the way again with the same id and shots', async () => {
    const sent: ShotBatch[] = [];
    const { batcher, results } = setUp((batch) => {
      sent.push(batch);
      if (sent.length < 3) return Promise.reject(new ApiError('NETWORK_ERROR', 'offline'));
      return Promise.resolve(answer(batch));
    });
    batcher.add(shot('a'));
    await batcher.flush();
    expect(sent.map((batch) => batch.batchId)).toEqual(['batch-1', 'batch-1', 'batch-1']);
    expect(new Set(sent.map((batch) => JSON.stringify(batch.shots))).size).toBe(1);
    expect(results).toEqual([{ batchId: 'batch-1', shotIds: ['a'] }]);
  });

  it('reports a refused batch once and drops its shots', async () => {
    let calls = 0;
    const { batcher, results, failures } = setUp(() => {
      calls += 1;
      return Promise.reject(new ApiError('INSUFFICIENT_FUNDS', 'no money'));
    });
    batcher.add(shot('a'));
    await batcher.flush();
    expect(calls).toBe(1);
    expect(results).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(batcher.pending()).toEqual([]);
  });
});
