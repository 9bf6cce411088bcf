import type { FishKindView } from '@wps/contracts/fishing';

/**
 * The fishing scene as plain data, stepped by time: fish swim across, bullets fly from the cannon and bounce off
 * the edges until they hit a fish. The scene only draws; every hit becomes a shot the server decides. Nothing
 * here depends on the browser, so the page's canvas and the tests step the same scene.
 */

export const sceneWidth = 960;
export const sceneHeight = 540;
export const cannon = { x: sceneWidth / 2, y: sceneHeight - 18 };

const bulletSpeed = 0.9; // px per ms
const bulletRadius = 5;
/** A bullet that finds nothing for this long goes back to the cannon: it was never a shot. */
const bulletLifeMs = 6_000;
const wantedFish = 12;
/** How long a killed fish stays to show its payout. */
export const dyingMs = 900;

export type SceneFish = {
  id: number;
  kind: FishKindView;
  x: number;
  y: number;
  /** px per ms, negative to the left. */
  vx: number;
  radius: number;
  /** Seed of its wobble. */
  phase: number;
  /** Hit by a shot the server has not answered yet. */
  pendingShots: number;
  /** Killed: when it started dying, and what it paid. */
  dying: { at: number; payout: string } | null;
};

/** What a bullet was fired with: a hit is a shot of this stake and power (cost in the currency's smallest unit). */
export type Ammo = { stake: string; power: number; cost: bigint };

export type Bullet = {
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  age: number;
  target: number | null;
  ammo: Ammo;
};

/** A payout floating up where a fish died. */
export type Popup = { x: number; y: number; text: string; at: number };

export type Scene = {
  time: number;
  fish: SceneFish[];
  bullets: Bullet[];
  popups: Popup[];
  nextId: number;
  kinds: readonly FishKindView[];
  random: () => number;
};

/** A small seeded generator (mulberry32): the scene's look only, never a result. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** Bigger prizes swim as bigger, slower fish. */
export const radiusOf = (kind: FishKindView): number =>
  Math.round(14 + 5 * Math.log2(kind.multiplier) + (kind.boss ? 18 : 0));

const speedOf = (kind: FishKindView): number => 0.12 / (1 + Math.log10(kind.multiplier)) + 0.02;

const pickKind = (kinds: readonly FishKindView[], random: () => number): FishKindView | undefined => {
  const total = kinds.reduce((sum, kind) => sum + kind.spawnWeight, 0);
  let roll = random() * total;
  for (const kind of kinds) {
    roll -= kind.spawnWeight;
    if (roll < 0) return kind;
  }
  return kinds.at(-1);
};

const spawnFish = (scene: Scene, anywhere: boolean): void => {
  const kind = pickKind(scene.kinds, scene.random);
  if (!kind) return;
  const radius = radiusOf(kind);
  const fromLeft = scene.random() < 0.5;
  const x = anywhere
    ? radius + scene.random() * (sceneWidth - 2 * radius)
    : fromLeft
      ? -radius
      : sceneWidth + radius;
  const y = radius + 20 + scene.random() * (sceneHeight - 140 - 2 * radius);
  scene.fish.push({
    id: scene.nextId++,
    kind,
    x,
    y,
    vx: (fromLeft ? 1 : -1) * speedOf(kind),
    radius,
    phase: scene.random() * Math.PI * 2,
    pendingShots: 0,
    dying: null,
  });
};

export const createScene = (kinds: readonly FishKindView[], seed: number): Scene => {
  const scene: Scene = {
    time: 0,
    fish: [],
    bullets: [],
    popups: [],
    nextId: 1,
    kinds,
    random: seededRandom(seed),
  };
  for (let index = 0; index < wantedFish; index += 1) spawnFish(scene, true);
  return scene;
};

/** The fish under a point (the top one), alive. */
export const fishAt = (scene: Scene, x: number, y: number): SceneFish | undefined =>
  scene.fish.findLast((fish) => fish.dying === null && Math.hypot(fish.x - x, fish.y - y) <= fish.radius);

export const findFish = (scene: Scene, id: number | null): SceneFish | undefined =>
  id === null ? undefined : scene.fish.find((fish) => fish.id === id && fish.dying === null);

/** The cannon's angle towards a point (radians, 0 is straight up), kept above the horizon. */
export const aimAngle = (x: number, y: number): number => {
  const angle = Math.atan2(x - cannon.x, cannon.y - y);
  return Math.max(-1.45, Math.min(1.45, angle));
};

/** A bullet from the cannon at `angle`; with a target it homes in on that fish and hits nothing else. */
export const fireBullet = (scene: Scene, angle: number, target: number | null, ammo: Ammo): Bullet => {
  const bullet: Bullet = {
    id: scene.nextId++,
    x: cannon.x + Math.sin(angle) * 40,
    y: cannon.y - Math.cos(angle) * 40,
    vx: Math.sin(angle) * bulletSpeed,
    vy: -Math.cos(angle) * bulletSpeed,
    age: 0,
    target,
    ammo,
  };
  scene.bullets.push(bullet);
  return bullet;
};

export type Hit = { bullet: Bullet; fish: SceneFish };

const moveBullet = (scene: Scene, bullet: Bullet, ms: number): void => {
  const target = findFish(scene, bullet.target);
  if (target) {
    const distance = Math.hypot(target.x - bullet.x, target.y - bullet.y) || 1;
    bullet.vx = ((target.x - bullet.x) / distance) * bulletSpeed;
    bullet.vy = ((target.y - bullet.y) / distance) * bulletSpeed;
  }
  bullet.x += bullet.vx * ms;
  bullet.y += bullet.vy * ms;
  bullet.age += ms;
  if (bullet.x < bulletRadius || bullet.x > sceneWidth - bulletRadius) bullet.vx = -bullet.vx;
  if (bullet.y < bulletRadius || bullet.y > sceneHeight - bulletRadius) bullet.vy = -bullet.vy;
  bullet.x = Math.max(bulletRadius, Math.min(sceneWidth - bulletRadius, bullet.x));
  bullet.y = Math.max(bulletRadius, Math.min(sceneHeight - bulletRadius, bullet.y));
};

const hitBy = (scene: Scene, bullet: Bullet): SceneFish | undefined => {
  const touches = (fish: SceneFish) =>
    fish.dying === null && Math.hypot(fish.x - bullet.x, fish.y - bullet.y) <= fish.radius + bulletRadius;
  const target = findFish(scene, bullet.target);
  if (target) return touches(target) ? target : undefined;
  return scene.fish.find(touches);
};

/**
 * Moves everything on by `ms` (in small steps, so a fast bullet never passes through a fish): fish swim (and
 * wobble unless `isReducedMotion`), leave and are replaced, dead fish fade out; answers the bullets that hit a
 * fish this step (removed from the scene; each is a shot to send).
 */
export const stepScene = (scene: Scene, ms: number, { isReducedMotion = false } = {}): Hit[] => {
  const hits: Hit[] = [];
  const speed = isReducedMotion ? 0.4 : 1;
  for (let left = Math.min(ms, 250); left > 0; left -= 10) {
    const slice = Math.min(10, left);
    scene.time += slice;
    for (const fish of scene.fish) {
      if (fish.dying !== null) continue;
      fish.x += fish.vx * slice * speed;
      if (!isReducedMotion) fish.y += Math.sin(scene.time / 600 + fish.phase) * 0.02 * slice;
    }
    for (const bullet of scene.bullets) {
      moveBullet(scene, bullet, slice);
      const fish = hitBy(scene, bullet);
      if (fish) {
        fish.pendingShots += 1;
        hits.push({ bullet, fish });
      }
    }
    const spent = new Set(hits.map((hit) => hit.bullet.id));
    scene.bullets = scene.bullets.filter((bullet) => !spent.has(bullet.id) && bullet.age < bulletLifeMs);
  }
  scene.fish = scene.fish.filter(
    (fish) =>
      (fish.dying === null || scene.time - fish.dying.at < dyingMs) &&
      fish.x > -fish.radius * 2 &&
      fish.x < sceneWidth + fish.radius * 2,
  );
  scene.popups = scene.popups.filter((popup) => scene.time - popup.at < dyingMs);
  while (scene.fish.filter((fish) => fish.dying === null).length < wantedFish) spawnFish(scene, false);
  return hits;
};

/**
 * The server's answer for a hit: a killed fish starts dying and its payout floats up (every shot is decided on
 * its own, so two bullets in flight at one fish may both kill it and both pay); a survivor just takes the hit.
 */
export const settleHit = (
  scene: Scene,
  fishId: number,
  outcome: { killed: boolean; payout: string },
): void => {
  const fish = scene.fish.find((candidate) => candidate.id === fishId);
  if (!fish) return;
  fish.pendingShots = Math.max(0, fish.pendingShots - 1);
  if (!outcome.killed) return;
  scene.popups.push({ x: fish.x, y: fish.y, text: `+${outcome.payout}`, at: scene.time });
  fish.dying ??= { at: scene.time, payout: outcome.payout };
};
