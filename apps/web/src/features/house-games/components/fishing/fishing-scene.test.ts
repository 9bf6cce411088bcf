import type { FishKindView } from '@wps/contracts/fishing';
import { describe, expect, it } from 'vitest';
import {
  aimAngle,
  cannon,
  createScene,
  fireBullet,
  fishAt,
  type Hit,
  radiusOf,
  sceneHeight,
  sceneWidth,
  settleHit,
  stepScene,
} from './fishing-scene';

const kinds: FishKindView[] = [
  { code: 'clownfish', name: 'Clownfish', multiplier: 2, boss: false, spawnWeight: 24 },
  { code: 'golden-whale', name: 'Golden whale', multiplier: 300, boss: false, spawnWeight: 1 },
  { code: 'kraken', name: 'Kraken', multiplier: 1_000, boss: true, spawnWeight: 1 },
];
const ammo = { stake: '0.10', power: 1, cost: 10n };

/** Steps the scene a frame at a time until a bullet hits (or `limitMs` passes). */
const stepUntilHit = (scene: ReturnType<typeof createScene>, limitMs = 10_000): Hit[] => {
  for (let elapsed = 0; elapsed < limitMs; elapsed += 16) {
    const hits = stepScene(scene, 16);
    if (hits.length > 0) return hits;
  }
  return [];
};

describe('the fishing scene', () => {
  it('is the same scene for the same seed, full of fish inside the sea', () => {
    const first = createScene(kinds, 7);
    const second = createScene(kinds, 7);
    expect(first.fish.map((fish) => [fish.kind.code, fish.x, fish.y])).toEqual(
      second.fish.map((fish) => [fish.kind.code, fish.x, fish.y]),
    );
    expect(first.fish).toHaveLength(12);
    for (const fish of first.fish) {
      expect(fish.x).toBeGreaterThanOrEqual(0);
      expect(fish.x).toBeLessThanOrEqual(sceneWidth);
      expect(fish.y).toBeLessThan(sceneHeight);
    }
  });

  it('draws bigger prizes as bigger fish, bosses biggest', () => {
    const [small, whale, kraken] = kinds.map(radiusOf);
    expect(small).toBeLessThan(whale ?? 0);
    expect(whale).toBeLessThan(kraken ?? 0);
  });

  it('aims the cannon at a point, never below the horizon', () => {
    expect(aimAngle(cannon.x, 0)).toBeCloseTo(0);
    expect(aimAngle(cannon.x + 100, cannon.y - 100)).toBeCloseTo(Math.PI / 4);
    expect(aimAngle(0, sceneHeight)).toBeCloseTo(-1.45);
  });

  it('turns a bullet into one hit on a fish, which it removes, and keeps the sea stocked', () => {
    const scene = createScene(kinds, 11);
    const bullet = fireBullet(scene, 0.3, null, ammo);
    const hits = stepUntilHit(scene);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.bullet.id).toBe(bullet.id);
    expect(hits[0]?.bullet.ammo).toEqual(ammo);
    expect(hits[0]?.fish.pendingShots).toBe(1);
    expect(scene.bullets).toHaveLength(0);
    stepScene(scene, 16);
    expect(scene.fish.filter((fish) => fish.dying === null).length).toBeGreaterThanOrEqual(12);
  });

  it('homes a locked bullet in on its fish and hits no other', () => {
    const scene = createScene(kinds, 3);
    // The fish nearest the middle (one at an edge may swim off before the bullet arrives).
    const distance = (fish: { x: number }) => Math.abs(fish.x - sceneWidth / 2);
    const target = [...scene.fish].sort((a, b) => distance(a) - distance(b))[0];
    if (!target) throw new Error('no fish');
    fireBullet(scene, 0, target.id, ammo);
    const hits = stepUntilHit(scene);
    expect(hits.map((hit) => hit.fish.id)).toEqual([target.id]);
  });

  it('shows the answer: a kill dies with its payout floating up, a miss only ends the hit', () => {
    const scene = createScene(kinds, 5);
    const [survivor, victim] = scene.fish;
    if (!survivor || !victim) throw new Error('no fish');
    survivor.pendingShots = 1;
    victim.pendingShots = 1;
    settleHit(scene, survivor.id, { killed: false, payout: '0.00' });
    settleHit(scene, victim.id, { killed: true, payout: '2.00' });
    expect(survivor).toMatchObject({ pendingShots: 0, dying: null });
    expect(victim.dying?.payout).toBe('2.00');
    expect(scene.popups.map((popup) => popup.text)).toEqual(['+2.00']);
    expect(fishAt(scene, victim.x, victim.y)?.id).not.toBe(victim.id);
    for (let elapsed = 0; elapsed < 2_000; elapsed += 100) stepScene(scene, 100);
    expect(scene.fish.some((fish) => fish.id === victim.id)).toBe(false);
    expect(scene.popups).toEqual([]);
  });

  it('swims slower and without the wobble when motion is reduced', () => {
    const normal = createScene(kinds, 9);
    const reduced = createScene(kinds, 9);
    const [fish] = normal.fish;
    const [calm] = reduced.fish;
    if (!fish || !calm) throw new Error('no fish');
    const start = { x: fish.x, y: fish.y };
    stepScene(normal, 100);
    stepScene(reduced, 100, { isReducedMotion: true });
    expect(Math.abs(calm.x - start.x)).toBeCloseTo(Math.abs(fish.x - start.x) * 0.4);
    expect(calm.y).toBe(start.y);
  });
});
