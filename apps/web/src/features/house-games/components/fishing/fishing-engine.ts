import type { FishingBatchRequest, FishingBatchResult } from '@wps/contracts/fishing';
import { ApiError } from '../../../../lib/api-client';
import { toUnits } from './fishing-amounts';
import { drawScene } from './fishing-draw';
import {
  aimAngle,
  fireBullet,
  fishAt,
  findFish,
  type Hit,
  type Scene,
  type SceneFish,
  settleHit,
  stepScene,
} from './fishing-scene';
import { createShotBatcher, type QueuedShot } from './shot-batcher';

/** Auto-fire's rate: 5 bullets a second, under the server's 10 shots a second. */
const autoFireEveryMs = 200;
/** Hits are sent this often (one batch in flight at a time). */
const flushEveryMs = 250;
const maxShotsPerBatch = 20;

export type FishingControls = { stake: string; power: number; isAutoFire: boolean; isLockOn: boolean };

/** What the engine reads of the page each time it acts: the controls, the locked fish and the balance. */
export type EngineView = { controls: FishingControls; lockedId: number | null; balance: bigint };

export type EngineEvents = {
  /** A batch answered: its shots are already shown on the fish. */
  onAnswer: (result: FishingBatchResult) => void;
  /** The cost of the hits not answered yet changed. */
  onPending: (cost: bigint) => void;
  /** A batch was refused (or never arrived): none of its shots was fired. */
  onFailure: (error: unknown) => void;
  /** The locked fish died or swam away. */
  onLockLost: () => void;
  /** A bullet left the cannon (its sound). */
  onFire?: () => void;
  /** Bullets hit fish this frame (their sound). */
  onHit?: () => void;
};

type EngineOptions = {
  scene: Scene;
  decimals: number;
  isReducedMotion: boolean;
  send: (batch: FishingBatchRequest) => Promise<FishingBatchResult>;
  view: () => EngineView;
  events: EngineEvents;
};

const costOf = (shots: readonly QueuedShot[]): bigint => shots.reduce((sum, shot) => sum + shot.cost, 0n);

/**
 * The game without React: bullets fired by hand or by auto-fire (at the pointer, or homing in on the locked
 * fish), the scene stepped each frame, every hit queued as a shot and sent in batches on the frame clock, and
 * the server's answers shown on the fish. A bullet is fired only while the balance less everything in flight
 * (bullets and unanswered hits) covers it.
 */
export const createFishingEngine = ({
  scene,
  decimals,
  isReducedMotion,
  send,
  view,
  events,
}: EngineOptions) => {
  let pointer: { x: number; y: number } | null = null;
  let lastFire = Number.NEGATIVE_INFINITY;
  let lastFlush = Number.NEGATIVE_INFINITY;
  let lastFrame: number | null = null;

  const settle = (shots: readonly QueuedShot[], result: FishingBatchResult | null) => {
    const fishOf = new Map(shots.map((shot) => [shot.shotId, shot.sceneFishId]));
    for (const shot of result?.shots ?? []) settleHit(scene, fishOf.get(shot.shotId) ?? 0, shot);
    const answered = new Set(result?.shots.map((shot) => shot.shotId));
    for (const shot of shots) {
      if (!answered.has(shot.shotId)) settleHit(scene, shot.sceneFishId, { killed: false, payout: '0' });
    }
  };

  const batcher = createShotBatcher({
    send,
    maxShots: maxShotsPerBatch,
    onResult: (result, shots) => {
      settle(shots, result);
      events.onPending(costOf(batcher.pending()));
      events.onAnswer(result);
    },
    onFailure: (error, shots) => {
      settle(shots, null);
      events.onPending(costOf(batcher.pending()));
      events.onFailure(error);
    },
  });

  const angleNow = (): number => {
    const target = findFish(scene, view().lockedId);
    if (target) return aimAngle(target.x, target.y);
    return pointer ? aimAngle(pointer.x, pointer.y) : 0;
  };

  const fire = (): boolean => {
    const { controls, lockedId, balance } = view();
    const cost = toUnits(controls.stake, decimals) * BigInt(controls.power);
    const flying = scene.bullets.reduce((sum, bullet) => sum + bullet.ammo.cost, 0n);
    const reserved = flying + costOf(batcher.pending());
    if (balance - reserved < cost) {
      // Nothing left in flight that could still win: the balance cannot pay for this bullet.
      if (reserved === 0n)
        events.onFailure(new ApiError('INSUFFICIENT_FUNDS', 'The balance cannot pay a bullet.'));
      return false;
    }
    const target = findFish(scene, lockedId)?.id ?? null;
    fireBullet(scene, angleNow(), target, { stake: controls.stake, power: controls.power, cost });
    events.onFire?.();
    return true;
  };

  const queueHits = (hits: readonly Hit[]) => {
    if (hits.length === 0) return;
    events.onHit?.();
    for (const { bullet, fish } of hits) {
      const { stake, power, cost } = bullet.ammo;
      batcher.add({
        shotId: crypto.randomUUID(),
        fish: fish.kind.code,
        power,
        stake,
        sceneFishId: fish.id,
        cost,
      });
    }
    events.onPending(costOf(batcher.pending()));
  };

  return {
    fire,
    /** One animation frame at `now` (ms): auto-fire, the scene moved on, hits queued, a batch sent when due. */
    step: (now: number) => {
      const elapsed = lastFrame === null ? 0 : now - lastFrame;
      lastFrame = now;
      if (view().controls.isAutoFire && now - lastFire >= autoFireEveryMs && fire()) lastFire = now;
      queueHits(stepScene(scene, elapsed, { isReducedMotion }));
      const { lockedId } = view();
      if (lockedId !== null && !findFish(scene, lockedId)) events.onLockLost();
      if (now - lastFlush >= flushEveryMs) {
        lastFlush = now;
        void batcher.flush();
      }
    },
    draw: (context: CanvasRenderingContext2D) => {
      const { controls, lockedId } = view();
      drawScene(context, scene, { angle: angleNow(), power: controls.power, lockedId, isReducedMotion });
    },
    aimAt: (point: { x: number; y: number } | null) => {
      pointer = point;
    },
    /** The fish under a point, for lock-on. */
    fishAt: (point: { x: number; y: number }): SceneFish | undefined => fishAt(scene, point.x, point.y),
    /** Sends what is queued (a batch already on its way first). */
    flush: () => batcher.flush(),
    /**
     * Before the session closes: bullets still flying are dropped (they never hit, so they cost nothing) and
     * every hit already made is sent, batch after batch, until none is left.
     */
    settle: async () => {
      scene.bullets = [];
      while (batcher.pending().length > 0) await batcher.flush();
    },
  };
};

export type FishingEngine = ReturnType<typeof createFishingEngine>;
