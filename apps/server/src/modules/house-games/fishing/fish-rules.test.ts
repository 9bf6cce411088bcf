import { describe, expect, it } from 'vitest';
import { drawFairIntegers } from '../fairness';
import { fraction, toPercent } from '../slot-rtp';
import {
  assertMultiplier,
  bulletPowers,
  decideShot,
  decideShotWith,
  defaultAim,
  defaultAimPeriod,
  defaultRtpBasisPoints,
  drawBound,
  exactRtp,
  expectedShotReturn,
  type FishCode,
  fishKindOf,
  fishKinds,
  isBulletPower,
  isFishCode,
  killProbability,
  maximumMultiplier,
  type Shot,
  shotCost,
  shotReturnVariance,
  simulateShots,
  z99,
} from './fish-rules';

const seeds = { serverSeed: 'fishing-server-seed', clientSeed: 'fishing-client-seed' };
const shot = (fish: FishCode, stake = 100n, power: Shot['power'] = 1): Shot => ({ fish, stake, power });

describe('the catalogue', () => {
  it('holds fish from 2× to 300× and bosses above, with unique codes', () => {
    const fish = fishKinds.filter((kind) => !kind.boss).map((kind) => kind.multiplier);
    const bosses = fishKinds.filter((kind) => kind.boss).map((kind) => kind.multiplier);
    expect(Math.min(...fish)).toBe(2);
    expect(Math.max(...fish)).toBe(300);
    expect(bosses).toEqual([500, 1_000]);
    expect(new Set(fishKinds.map((kind) => kind.code)).size).toBe(fishKinds.length);
    for (const kind of fishKinds) {
      expect(() => {
        assertMultiplier(kind.multiplier);
      }).not.toThrow();
      expect(Number.isInteger(kind.spawnWeight) && kind.spawnWeight > 0).toBe(true);
    }
  });

  it('finds kinds by code and refuses unknown codes', () => {
    expect(fishKindOf('kraken').multiplier).toBe(1_000);
    expect(isFishCode('goby')).toBe(true);
    expect(isFishCode('whale shark')).toBe(false);
    expect(() => fishKindOf('nemo')).toThrow(RangeError);
  });

  it('offers bullet powers 1 to 10', () => {
    expect([...bulletPowers]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(isBulletPower(10)).toBe(true);
    expect(isBulletPower(11)).toBe(false);
    expect(isBulletPower(1.5)).toBe(false);
  });
});

describe('a shot', () => {
  it('costs stake × power and a kill pays stake × power × multiplier', () => {
    expect(shotCost(250n, 4)).toBe(1_000n);
    const killed = decideShotWith(() => 0, shot('octopus', 250n, 4));
    expect(killed).toEqual({
      killed: true,
      cost: 1_000n,
      payout: 20_000n,
      multiplier: 20,
      draw: 0,
      bound: 200_000,
    });
    const missed = decideShotWith(() => 199_999, shot('octopus', 250n, 4));
    expect(missed).toMatchObject({ killed: false, cost: 1_000n, payout: 0n });
  });

  it('kills exactly when the draw is below the RTP in basis points', () => {
    for (const kind of [fishKindOf('clownfish'), fishKindOf('golden-whale'), fishKindOf('kraken')]) {
      const at = (draw: number) => decideShotWith(() => draw, shot(kind.code)).killed;
      expect(at(0)).toBe(true);
      expect(at(defaultRtpBasisPoints - 1)).toBe(true);
      expect(at(defaultRtpBasisPoints)).toBe(false);
      expect(at(kind.multiplier * 10_000 - 1)).toBe(false);
    }
  });

  it('draws one integer below m × 10 000', () => {
    const bounds: number[] = [];
    decideShotWith((bound) => {
      bounds.push(bound);
      return 0;
    }, shot('kraken'));
    expect(bounds).toEqual([10_000_000]);
    expect(drawBound(2)).toBe(20_000);
    expect(drawBound(maximumMultiplier)).toBeLessThanOrEqual(2 ** 32);
  });

  it('refuses a bad stake, power, fish or RTP', () => {
    expect(() => decideShotWith(() => 0, shot('goby', 0n))).toThrow(RangeError);
    expect(() => decideShotWith(() => 0, shot('goby', -5n))).toThrow(RangeError);
    expect(() => shotCost(1n, 11 as Shot['power'])).toThrow(RangeError);
    expect(() => decideShotWith(() => 0, { ...shot('goby'), fish: 'nemo' as FishCode })).toThrow(RangeError);
    for (const rtp of [0, 10_001, 96.5, -1]) {
      expect(() => decideShotWith(() => 0, shot('goby'), rtp)).toThrow(RangeError);
    }
    expect(() => decideShotWith(() => 0, shot('goby'), 10_000)).not.toThrow();
  });

  it('refuses multipliers outside 2 … ⌊2^32 ÷ 10 000⌋', () => {
    expect(maximumMultiplier).toBe(429_496);
    for (const bad of [0, 1, 2.5, maximumMultiplier + 1]) expect(() => drawBound(bad)).toThrow(RangeError);
    expect(() => drawBound(maximumMultiplier)).not.toThrow();
  });
});

describe('the RTP formula', () => {
  it('kills with probability r ÷ (m × 10 000): counted over every draw for small fish', () => {
    for (const code of ['clownfish', 'goby', 'pufferfish'] as const) {
      const { multiplier } = fishKindOf(code);
      let kills = 0n;
      let paid = 0n;
      for (let draw = 0; draw < multiplier * 10_000; draw += 1) {
        const outcome = decideShotWith(() => draw, shot(code, 7n, 3));
        if (outcome.killed) kills += 1n;
        paid += outcome.payout;
      }
      expect(fraction(kills, BigInt(multiplier * 10_000))).toEqual(killProbability(multiplier));
      // Σ payout over the equally likely draws ÷ their number = cost × RTP.
      expect(fraction(paid, BigInt(multiplier * 10_000))).toEqual(fraction(21n * 9_700n, 10_000n));
    }
  });

  it('gives every fish, power and stake an expected return of exactly cost × RTP', () => {
    for (const kind of fishKinds) {
      for (const power of bulletPowers) {
        for (const stake of [1n, 3n, 1_000n, 123_456_789n]) {
          const expected = expectedShotReturn({ fish: kind.code, stake, power });
          expect(expected).toEqual(fraction(stake * BigInt(power) * 9_700n, 10_000n));
        }
      }
      expect(killProbability(kind.multiplier, 9_700)).toEqual(
        fraction(9_700n, BigInt(kind.multiplier * 10_000)),
      );
    }
    expect(killProbability(2, 10_000)).toEqual(fraction(1n, 2n));
    expect(killProbability(1_000, 9_650)).toEqual(fraction(193n, 200_000n));
  });

  it('makes the RTP of any mix of shots exactly r ÷ 10 000', () => {
    const everything = fishKinds.flatMap((kind) =>
      bulletPowers.map((power) => ({ fish: kind.code, stake: BigInt(kind.spawnWeight * 17 + power), power })),
    );
    expect(exactRtp(everything)).toEqual(fraction(97n, 100n));
    expect(exactRtp(everything, 9_123)).toEqual(fraction(9_123n, 10_000n));
    expect(toPercent(exactRtp([shot('kraken', 5n, 10)]))).toBe('97.0000%');
    expect(() => exactRtp([])).toThrow(RangeError);
  });

  it('gives the return per unit of cost the variance m·ρ − ρ²', () => {
    // Clownfish at 97 %: pays 2 with probability 0.485: 4 × 0.485 − 0.97² = 1.94 − 0.9409.
    expect(shotReturnVariance(2)).toEqual(fraction(9_991n, 10_000n));
    expect(shotReturnVariance(1_000, 10_000)).toEqual(fraction(999n));
  });
});

describe('provable fairness', () => {
  it('decides a shot from the seed pair and the nonce alone, as a verifier recomputes it', () => {
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const outcome = decideShot({ ...seeds, nonce }, shot('turtle', 10n, 2));
      const [draw] = drawFairIntegers({ ...seeds, nonce }, [120_000]);
      expect(outcome.draw).toBe(draw);
      expect(outcome.killed).toBe((draw ?? Infinity) < 9_700);
      expect(decideShot({ ...seeds, nonce }, shot('turtle', 10n, 2))).toEqual(outcome);
    }
  });

  it('keeps the draws it was published with (recomputed outside this code base)', () => {
    // Python: hmac-sha256, the rejection rule of fairness.ts, bound m × 10 000.
    const clownfishDraws = [6294, 13707, 11279, 5940, 230, 16584, 1215, 14703, 4577, 17345, 15404, 12066];
    clownfishDraws.forEach((draw, nonce) => {
      const outcome = decideShot({ ...seeds, nonce }, shot('clownfish'));
      expect(outcome.draw).toBe(draw);
      expect(outcome.killed).toBe(draw < 9_700);
    });
    expect(decideShot({ ...seeds, nonce: 0 }, shot('kraken')).draw).toBe(4_406_294);
    expect(decideShot({ ...seeds, nonce: 402 }, shot('kraken', 100n, 5))).toEqual({
      killed: true,
      cost: 500n,
      payout: 500_000n,
      multiplier: 1_000,
      draw: 7_924,
      bound: 10_000_000,
    });
  });

  it('changes with the nonce, the client seed and the server seed', () => {
    const draws = (changed: { serverSeed?: string; clientSeed?: string; offset?: number }) =>
      Array.from(
        { length: 20 },
        (_, nonce) =>
          decideShot(
            {
              serverSeed: changed.serverSeed ?? seeds.serverSeed,
              clientSeed: changed.clientSeed ?? seeds.clientSeed,
              nonce: nonce + (changed.offset ?? 0),
            },
            shot('kraken'),
          ).draw,
      );
    const base = draws({});
    expect(draws({ offset: 1 })).not.toEqual(base);
    expect(draws({ clientSeed: 'other' })).not.toEqual(base);
    expect(draws({ serverSeed: 'other' })).not.toEqual(base);
  });
});

describe('the simulation', () => {
  it('aims at every (fish, power) pair spawnWeight times per period of 1 590 shots', () => {
    expect(defaultAimPeriod).toBe(1_590);
    const counts = new Map<string, number>();
    for (let index = 0; index < defaultAimPeriod; index += 1) {
      const { fish, power } = defaultAim(index);
      counts.set(`${fish}:${power}`, (counts.get(`${fish}:${power}`) ?? 0) + 1);
    }
    expect(counts.size).toBe(fishKinds.length * bulletPowers.length);
    for (const kind of fishKinds) {
      for (const power of bulletPowers) expect(counts.get(`${kind.code}:${power}`)).toBe(kind.spawnWeight);
    }
    expect(defaultAim(defaultAimPeriod + 17)).toEqual(defaultAim(17));
  });

  it('agrees with the exact RTP within its 99 % confidence interval over 200 000 shots', () => {
    const result = simulateShots(200_000, seeds);
    expect(result.shots).toBe(200_000);
    expect(result.exactRtp).toEqual(fraction(97n, 100n));
    expect(result.simulatedRtp).toBe(Number(result.paid) / Number(result.staked));
    // Powers 1 … 10 in turn at stake 1: 20 000 × 55.
    expect(result.staked).toBe(1_100_000n);
    expect(result.interval99.low).toBeCloseTo(result.simulatedRtp - z99 * result.standardError, 12);
    expect(result.interval99.high).toBeCloseTo(result.simulatedRtp + z99 * result.standardError, 12);
    expect(result.interval99.low).toBeLessThanOrEqual(0.97);
    expect(result.interval99.high).toBeGreaterThanOrEqual(0.97);
    expect(result.exactInsideInterval).toBe(true);
    // The design's standard error and the one the shots show agree (within a third).
    expect(result.sampleStandardError / result.standardError).toBeGreaterThan(0.67);
    expect(result.sampleStandardError / result.standardError).toBeLessThan(1.5);
    // Narrow enough to mean something: ±4 points at 200 000 shots.
    expect(z99 * result.standardError).toBeLessThan(0.04);
    let kills = 0;
    let shots = 0;
    for (const tally of result.byFish.values()) {
      kills += tally.kills;
      shots += tally.shots;
    }
    expect(kills).toBe(result.kills);
    expect(shots).toBe(200_000);
    const clownfish = result.byFish.get('clownfish');
    // 24 of every 159 shots at 2×, each killing with 0.485: within 4 standard deviations of that count.
    expect(clownfish?.shots).toBe(30_192);
    const expected = 30_192 * 0.485;
    expect(clownfish?.expectedKills).toBeCloseTo(expected, 6);
    expect(Math.abs((clownfish?.kills ?? 0) - expected)).toBeLessThan(4 * Math.sqrt(expected * 0.515));
  });

  it('computes the standard error from the design: Σ cost² (m ρ − ρ²) ÷ (Σ cost)²', () => {
    // Two shots at a 2× fish, powers 1 and 3 (staked 4): Var = (1 + 9) × 0.9991 ÷ 16.
    const result = simulateShots(2, seeds, {
      aim: (index) => ({ fish: 'clownfish', power: index === 0 ? 1 : 3 }),
    });
    expect(result.staked).toBe(4n);
    expect(result.standardError).toBeCloseTo(Math.sqrt((10 * 0.9991) / 16), 12);
    expect([0n, 2n, 6n, 8n]).toContain(result.paid);
  });

  it('follows the seeds: the same seeds give the same shots, another RTP another result', () => {
    const first = simulateShots(2_000, seeds, { firstNonce: 10 });
    const again = simulateShots(2_000, seeds, { firstNonce: 10 });
    expect(again.paid).toBe(first.paid);
    expect(again.kills).toBe(first.kills);
    const lower = simulateShots(2_000, seeds, { firstNonce: 10, rtpBasisPoints: 5_000 });
    expect(lower.exactRtp).toEqual(fraction(1n, 2n));
    expect(lower.paid).toBeLessThan(first.paid);
    expect(() => simulateShots(1, seeds)).toThrow(RangeError);
    expect(() => simulateShots(10, seeds, { rtpBasisPoints: 0 })).toThrow(RangeError);
  });
});
