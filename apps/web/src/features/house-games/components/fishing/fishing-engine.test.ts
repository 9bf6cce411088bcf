import type { FishingBatchRequest, FishingBatchResult, FishKindView } from '@wps/contracts/fishing';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../../lib/api-client';
import { createFishingEngine, type EngineView } from './fishing-engine';
import { createScene } from './fishing-scene';

const kinds: FishKindView[] = [
  { code: 'clownfish', name: 'Clownfish', multiplier: 2, boss: false, spawnWeight: 1 },
  { code: 'goby', name: 'Goby', multiplier: 3, boss: false, spawnWeight: 1 },
];

const answerAllKilled = (batch: FishingBatchRequest): FishingBatchResult => ({
  sessionId: '1',
  batchId: batch.batchId,
  shots: batch.shots.map((shot, nonce) => ({
    ...shot,
    multiplier: shot.fish === 'goby' ? 3 : 2,
    cost: shot.stake,
    nonce,
    killed: true,
    payout: '0.20',
  })),
  refused: [],
  staked: '0.10',
  won: '0.20',
  seeds: { serverSeedHash: 'h', clientSeed: 'c' },
  session: { shots: batch.shots.length, staked: '0.10', won: '0.20' },
  balance: '1.10',
  isReplay: false,
});

const setUp = (balance: bigint, isAutoFire = true) => {
  const sent: FishingBatchRequest[] = [];
  const answers: FishingBatchResult[] = [];
  const failures: unknown[] = [];
  const view: EngineView = {
    controls: { stake: '0.10', power: 2, isAutoFire, isLockOn: false },
    lockedId: null,
    balance,
  };
  const scene = createScene(kinds, 21);
  const engine = createFishingEngine({
    scene,
    decimals: 2,
    isReducedMotion: false,
    send: (batch) => {
      sent.push(batch);
      return Promise.resolve(answerAllKilled(batch));
    },
    view: () => view,
    events: {
      onAnswer: (result) => answers.push(result),
      onPending: () => undefined,
      onFailure: (error) => failures.push(error),
      onLockLost: () => undefined,
    },
  });
  return { engine, scene, sent, answers, failures, view };
};

/** Animation frames 16 ms apart for `ms`, letting answers arrive between them. */
const play = async (engine: ReturnType<typeof setUp>['engine'], from: number, ms: number) => {
  for (let now = from; now < from + ms; now += 16) {
    engine.step(now);
    await Promise.resolve();
  }
};

describe('the fishing engine', () => {
  it('auto-fires 5 bullets a second, sends each hit once as a shot of the stake and power, in batches', async () => {
    const { engine, sent, answers } = setUp(10_000n);
    await play(engine, 0, 6_000);
    const shots = sent.flatMap((batch) => batch.shots);
    expect(shots.length).toBeGreaterThan(5);
    expect(shots.length).toBeLessThanOrEqual(30);
    expect(new Set(shots.map((shot) => shot.shotId)).size).toBe(shots.length);
    expect(shots.every((shot) => shot.stake === '0.10' && shot.power === 2)).toBe(true);
    expect(answers.length).toBe(sent.length);
  });

  it('fires no bullet the balance less what is in flight cannot pay, and says so when nothing is left', () => {
    const { engine, scene, failures } = setUp(30n, false);
    expect(engine.fire()).toBe(true);
    expect(engine.fire()).toBe(false);
    expect(scene.bullets).toHaveLength(1);
    expect(failures).toEqual([]);
    const { engine: broke, failures: refused } = setUp(10n, false);
    expect(broke.fire()).toBe(false);
    expect(refused).toHaveLength(1);
    expect(isApiError(refused[0]) && refused[0].code).toBe('INSUFFICIENT_FUNDS');
  });

  it('drops the bullets in flight and sends every hit before the session closes', async () => {
    const { engine, scene, sent, view } = setUp(10_000n);
    await play(engine, 0, 3_000);
    expect(scene.bullets.length).toBeGreaterThan(0);
    view.controls.isAutoFire = false;
    await engine.settle();
    expect(scene.bullets).toEqual([]);
    const sentBefore = sent.length;
    await play(engine, 3_000, 1_000);
    // Nothing was left to send, and nothing new was fired.
    expect(sent.length).toBe(sentBefore);
  });
});
