import { createFairIntegerStream, type FairIntegerStream, type FairSeeds } from '../fairness';
import { add, divide, type Fraction, fraction, multiply, subtract } from '../slot-rtp';
import { assertStake } from '../tables/payout';

/**
 * The fishing game's rules, free of money storage and of the database: the fish, the bullets and the
 * server's decision for every shot that hits a fish.
 *
 * A shot: the player fires one bullet at `stake` (minor units) and power `p` (1 to 10) at a fish of
 * multiplier `m`. Power raises the cost and the prize together and leaves the chance alone:
 *
 *   cost   = stake × p
 *   prize  = stake × p × m            (paid when the fish dies; nothing otherwise — the cost is not returned)
 *   P(kill) = RTP / m                 (RTP in basis points r: P(kill) = r / (m × 10 000))
 *
 * so E[return] = cost × m × P(kill) = cost × RTP, exactly, for every fish, every power and every stake. The
 * RTP does not depend on which fish the player aims at, how often fish of each kind swim by or how the
 * player mixes powers: every shot on its own returns RTP. (Had power raised the kill chance instead, a
 * bullet of power 10 at a 2× fish would need P(kill) = 10 × RTP / 2 > 1.)
 *
 * The decision without floats: the shot draws one fair integer d uniform in [0, m × 10 000) and the fish
 * dies when d < r. Exactly r of the m × 10 000 equally likely values kill, so P(kill) = r / (m × 10 000)
 * with no rounding at all; every multiplier is a whole number from 2 to 429 496 (so the bound stays within
 * the 2^32 words the fair stream draws from). Prizes are whole multiples of the stake: nothing is floored.
 *
 * Provable fairness: shot number `nonce` of a seed pair draws d = drawFairIntegers({ serverSeed,
 * clientSeed, nonce }, [m × 10 000])[0] — the first value of the HMAC-SHA256 stream of fairness.ts — so
 * once the server seed is revealed anyone recomputes every shot from (serverSeed, clientSeed, nonce, fish
 * multiplier, RTP). One shot consumes one nonce of the player's seed pair. Every bullet hits a fish (bullets
 * bounce off the screen's edges until they do, as players expect); a bullet that never hits is not a shot.
 */

/** RTP and kill chances are in basis points of this scale. */
export const rtpScale = 10_000;
/** 97.00 %, the house default; a room may set its own. */
export const defaultRtpBasisPoints = 9_700;

/** The largest multiplier whose draw bound, m × 10 000, fits the fair stream's 32-bit words. */
export const maximumMultiplier = Math.floor(2 ** 32 / rtpScale);

/** Bullet powers a player can choose; a shot's cost and prize are both × power. */
export const bulletPowers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type BulletPower = (typeof bulletPowers)[number];

export type FishKind = {
  readonly code: string;
  readonly name: string;
  /** The prize in shots: a kill pays cost × multiplier. */
  readonly multiplier: number;
  readonly boss: boolean;
  /** How many of this kind swim by for every `spawnWeight` of the others (the scene's mix; not the RTP's). */
  readonly spawnWeight: number;
};

/** Twenty-one fish from 2× to 300× and two bosses, smaller fish more common. */
export const fishKinds = [
  { code: 'clownfish', name: 'Clownfish', multiplier: 2, boss: false, spawnWeight: 24 },
  { code: 'goby', name: 'Goby', multiplier: 3, boss: false, spawnWeight: 20 },
  { code: 'angelfish', name: 'Angelfish', multiplier: 4, boss: false, spawnWeight: 16 },
  { code: 'pufferfish', name: 'Pufferfish', multiplier: 5, boss: false, spawnWeight: 14 },
  { code: 'butterflyfish', name: 'Butterflyfish', multiplier: 6, boss: false, spawnWeight: 12 },
  { code: 'seahorse', name: 'Seahorse', multiplier: 8, boss: false, spawnWeight: 10 },
  { code: 'lionfish', name: 'Lionfish', multiplier: 10, boss: false, spawnWeight: 9 },
  { code: 'turtle', name: 'Turtle', multiplier: 12, boss: false, spawnWeight: 8 },
  { code: 'lanternfish', name: 'Lanternfish', multiplier: 15, boss: false, spawnWeight: 7 },
  { code: 'swordfish', name: 'Swordfish', multiplier: 18, boss: false, spawnWeight: 6 },
  { code: 'octopus', name: 'Octopus', multiplier: 20, boss: false, spawnWeight: 5 },
  { code: 'stingray', name: 'Stingray', multiplier: 25, boss: false, spawnWeight: 5 },
  { code: 'moray-eel', name: 'Moray eel', multiplier: 30, boss: false, spawnWeight: 4 },
  { code: 'hammerhead', name: 'Hammerhead shark', multiplier: 40, boss: false, spawnWeight: 4 },
  { code: 'manta-ray', name: 'Manta ray', multiplier: 50, boss: false, spawnWeight: 3 },
  { code: 'golden-turtle', name: 'Golden turtle', multiplier: 60, boss: false, spawnWeight: 3 },
  { code: 'killer-whale', name: 'Killer whale', multiplier: 80, boss: false, spawnWeight: 2 },
  { code: 'great-white', name: 'Great white shark', multiplier: 100, boss: false, spawnWeight: 2 },
  { code: 'golden-shark', name: 'Golden shark', multiplier: 150, boss: false, spawnWeight: 1 },
  { code: 'crocodile', name: 'Crocodile', multiplier: 200, boss: false, spawnWeight: 1 },
  { code: 'golden-whale', name: 'Golden whale', multiplier: 300, boss: false, spawnWeight: 1 },
  { code: 'dragon-king', name: 'Dragon king', multiplier: 500, boss: true, spawnWeight: 1 },
  { code: 'kraken', name: 'Kraken', multiplier: 1_000, boss: true, spawnWeight: 1 },
] as const satisfies readonly FishKind[];

/** A kind of the catalogue, its code typed. */
export type CatalogueFish = (typeof fishKinds)[number];
export type FishCode = CatalogueFish['code'];

/** One bullet at one fish it hit. */
export type Shot = { fish: FishCode; stake: bigint; power: BulletPower };

export type ShotOutcome = {
  killed: boolean;
  /** stake × power: what the shot costs. */
  cost: bigint;
  /** cost × multiplier when killed, else 0. */
  payout: bigint;
  multiplier: number;
  /** The fair integer drawn and its bound m × 10 000: the fish died when draw < RTP basis points. */
  draw: number;
  bound: number;
};

/** How a shot is decided, for the verification page. */
export const fishingShotFormula =
  'd = first integer of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`) as 32-bit words, ' +
  'rejection-sampled into [0, multiplier × 10000); the fish dies when d < RTP basis points; ' +
  'a kill pays stake × power × multiplier';

const kindsByCode: ReadonlyMap<string, CatalogueFish> = new Map(fishKinds.map((kind) => [kind.code, kind]));

/** The kind of a code; an unknown code is refused. */
export const fishKindOf = (code: string): CatalogueFish => {
  const kind = kindsByCode.get(code);
  if (!kind) throw new RangeError(`"${code}" is not a fish`);
  return kind;
};

export const isFishCode = (code: string): code is FishCode => kindsByCode.has(code);

export const isBulletPower = (power: number): power is BulletPower =>
  bulletPowers.some((candidate) => candidate === power);

/** Refuses an RTP that is not a whole number of basis points in (0, 100 %]. */
export const assertRtp = (rtpBasisPoints: number): void => {
  if (!Number.isInteger(rtpBasisPoints) || rtpBasisPoints < 1 || rtpBasisPoints > rtpScale) {
    throw new RangeError(`an RTP is 1 to ${rtpScale} basis points, not ${rtpBasisPoints}`);
  }
};

/** Refuses a multiplier that is not a whole number from 2 to `maximumMultiplier`. */
export const assertMultiplier = (multiplier: number): void => {
  if (!Number.isInteger(multiplier) || multiplier < 2 || multiplier > maximumMultiplier) {
    throw new RangeError(`a multiplier is a whole number from 2 to ${maximumMultiplier}, not ${multiplier}`);
  }
};

const assertPower = (power: number): void => {
  if (!isBulletPower(power)) throw new RangeError(`a bullet's power is one of ${bulletPowers.join(', ')}`);
};

/** stake × power. */
export const shotCost = (stake: bigint, power: BulletPower): bigint => {
  assertStake(stake);
  assertPower(power);
  return stake * BigInt(power);
};

/** The draw's bound for a fish: m × 10 000. */
export const drawBound = (multiplier: number): number => {
  assertMultiplier(multiplier);
  return multiplier * rtpScale;
};

/** r / (m × 10 000), exactly. */
export const killProbability = (multiplier: number, rtpBasisPoints = defaultRtpBasisPoints): Fraction => {
  assertRtp(rtpBasisPoints);
  return fraction(BigInt(rtpBasisPoints), BigInt(drawBound(multiplier)));
};

/** Whether a drawn integer kills: d < r. */
export const isKill = (draw: number, rtpBasisPoints: number): boolean => draw < rtpBasisPoints;

/** The shot decided by the first integer `next` draws (a fair stream, or a fixed value in tests). */
export const decideShotWith = (
  next: FairIntegerStream,
  shot: Shot,
  rtpBasisPoints = defaultRtpBasisPoints,
): ShotOutcome => {
  assertRtp(rtpBasisPoints);
  const { multiplier } = fishKindOf(shot.fish);
  const cost = shotCost(shot.stake, shot.power);
  const bound = drawBound(multiplier);
  const draw = next(bound);
  const killed = isKill(draw, rtpBasisPoints);
  return { killed, cost, payout: killed ? cost * BigInt(multiplier) : 0n, multiplier, draw, bound };
};

/** Shot `seeds.nonce` of the seed pair: derived from the seeds, the nonce and the shot alone. */
export const decideShot = (
  seeds: FairSeeds,
  shot: Shot,
  rtpBasisPoints = defaultRtpBasisPoints,
): ShotOutcome => decideShotWith(createFairIntegerStream(seeds), shot, rtpBasisPoints);

/** E[payout] of one shot in minor units: cost × m × P(kill) = cost × r / 10 000, exactly. */
export const expectedShotReturn = (shot: Shot, rtpBasisPoints = defaultRtpBasisPoints): Fraction => {
  const { multiplier } = fishKindOf(shot.fish);
  const cost = shotCost(shot.stake, shot.power);
  return multiply(fraction(cost * BigInt(multiplier)), killProbability(multiplier, rtpBasisPoints));
};

/**
 * The exact RTP of any sequence of shots: Σ E[payout] ÷ Σ cost. It equals r / 10 000 whatever the fish,
 * powers and stakes (the tests check it over the whole catalogue).
 */
export const exactRtp = (shots: readonly Shot[], rtpBasisPoints = defaultRtpBasisPoints): Fraction => {
  if (shots.length === 0) throw new RangeError('the RTP of no shot is undefined');
  let expected = fraction(0n);
  let staked = 0n;
  for (const shot of shots) {
    expected = add(expected, expectedShotReturn(shot, rtpBasisPoints));
    staked += shotCost(shot.stake, shot.power);
  }
  return divide(expected, fraction(staked));
};

/**
 * Var[payout ÷ cost] of one shot at a fish of multiplier m: the payout is m × cost with probability
 * ρ/m (ρ = r / 10 000), so Var = m² · (ρ/m) · (1 − ρ/m) = m·ρ − ρ².
 */
export const shotReturnVariance = (multiplier: number, rtpBasisPoints = defaultRtpBasisPoints): Fraction => {
  assertMultiplier(multiplier);
  assertRtp(rtpBasisPoints);
  const rho = fraction(BigInt(rtpBasisPoints), BigInt(rtpScale));
  return subtract(multiply(fraction(BigInt(multiplier)), rho), multiply(rho, rho));
};

/** The fish a simulated (or scripted) shot aims at, with its power. */
export type Aim = { fish: FishCode; power: BulletPower };

const weightedCodes: readonly FishCode[] = fishKinds.flatMap((kind) =>
  Array.from({ length: kind.spawnWeight }, () => kind.code),
);

/**
 * The simulation's default aim: shot i at the (i mod W)-th fish of the catalogue repeated by spawn weight
 * (W = Σ weights = 159) with power bulletPowers[i mod 10]. As gcd(159, 10) = 1, every 1 590 shots aim
 * at each (fish, power) pair exactly `spawnWeight` times: fish as often as they swim by, powers evenly.
 */
export const defaultAim = (index: number): Aim => {
  const fish = weightedCodes[index % weightedCodes.length];
  const power = bulletPowers[index % bulletPowers.length];
  if (fish === undefined || power === undefined) throw new RangeError(`no aim for shot ${index}`);
  return { fish, power };
};

export const defaultAimPeriod = weightedCodes.length * bulletPowers.length;

/** The two-sided 99 % quantile of the normal distribution. */
export const z99 = 2.5758293035489004;

export type FishingSimulation = {
  shots: number;
  kills: number;
  /** Σ cost and Σ payout, in stakes (the simulation fires at stake 1; every figure scales with the stake). */
  staked: bigint;
  paid: bigint;
  /** paid ÷ staked. */
  simulatedRtp: number;
  exactRtp: Fraction;
  /**
   * The standard error of paid ÷ staked, exactly from the design: the costs are fixed by the aims, so
   * Var[paid ÷ staked] = Σ cost_i² · (m_i·ρ − ρ²) ÷ (Σ cost_i)².
   */
  standardError: number;
  /** The same estimated from the shots themselves (ratio estimator), as a cross-check. */
  sampleStandardError: number;
  /** simulatedRtp ± z99 × standardError. */
  interval99: { low: number; high: number };
  /** The exact RTP lies inside interval99. */
  exactInsideInterval: boolean;
  byFish: ReadonlyMap<FishCode, { shots: number; kills: number; expectedKills: number }>;
};

/**
 * `count` shots at stake 1, shot i decided by nonce firstNonce + i of the seed pair and aimed by `aim(i)`
 * (the default: `defaultAim`).
 */
export const simulateShots = (
  count: number,
  seeds: Omit<FairSeeds, 'nonce'>,
  {
    rtpBasisPoints = defaultRtpBasisPoints,
    firstNonce = 0,
    aim = defaultAim,
  }: { rtpBasisPoints?: number; firstNonce?: number; aim?: (index: number) => Aim } = {},
): FishingSimulation => {
  if (!Number.isInteger(count) || count < 2) throw new RangeError('a simulation fires at least 2 shots');
  assertRtp(rtpBasisPoints);
  const rho = rtpBasisPoints / rtpScale;
  let kills = 0;
  let staked = 0n;
  let paid = 0n;
  // Σ cost², Σ payout², Σ payout·cost (for the sample variance) and Σ cost²·m (for the exact one).
  let costSquares = 0n;
  let payoutSquares = 0n;
  let crossProducts = 0n;
  let weightedMultipliers = 0n;
  const byFish = new Map<FishCode, { shots: number; kills: number; expectedKills: number }>();
  for (let index = 0; index < count; index += 1) {
    const { fish, power } = aim(index);
    const outcome = decideShot(
      { ...seeds, nonce: firstNonce + index },
      { fish, stake: 1n, power },
      rtpBasisPoints,
    );
    const tally = byFish.get(fish) ?? { shots: 0, kills: 0, expectedKills: 0 };
    tally.shots += 1;
    tally.expectedKills += rho / outcome.multiplier;
    if (outcome.killed) {
      kills += 1;
      tally.kills += 1;
    }
    byFish.set(fish, tally);
    staked += outcome.cost;
    paid += outcome.payout;
    const costSquared = outcome.cost * outcome.cost;
    costSquares += costSquared;
    payoutSquares += outcome.payout * outcome.payout;
    crossProducts += outcome.payout * outcome.cost;
    weightedMultipliers += costSquared * BigInt(outcome.multiplier);
  }
  const simulatedRtp = Number(paid) / Number(staked);
  const designVariance = rho * Number(weightedMultipliers) - rho * rho * Number(costSquares);
  const standardError = Math.sqrt(designVariance) / Number(staked);
  const residualSquares =
    Number(payoutSquares) -
    2 * simulatedRtp * Number(crossProducts) +
    simulatedRtp * simulatedRtp * Number(costSquares);
  const sampleStandardError =
    Math.sqrt((Math.max(residualSquares, 0) * count) / (count - 1)) / Number(staked);
  const exact = fraction(BigInt(rtpBasisPoints), BigInt(rtpScale));
  const exactValue = rtpBasisPoints / rtpScale;
  const interval99 = {
    low: simulatedRtp - z99 * standardError,
    high: simulatedRtp + z99 * standardError,
  };
  return {
    shots: count,
    kills,
    staked,
    paid,
    simulatedRtp,
    exactRtp: exact,
    standardError,
    sampleStandardError,
    interval99,
    exactInsideInterval: exactValue >= interval99.low && exactValue <= interval99.high,
    byFish,
  };
};
