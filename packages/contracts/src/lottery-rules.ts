/**
 * Lottery rules shared by the server and the site, free of zod: game kinds, the bet types of the speed
 * games and SEA 4D, and the stake of a bet line. The Vietnamese rules are in vn-lottery-rules.ts.
 */
import { type VnBetType, type VnRegion, vnBetTypes, vnStake } from './vn-lottery-rules';

/**
 * speed: balls 0–9 every few minutes (LOTT/ELOTT, SEA 5D and Quick 3); vn: TCG_LOTTO_VN; sea4d: SEA 4D;
 * pool: distinct numbers drawn from 1..N (Keno, Pick 10, 11 of 5); race: a finishing order of 10 cars.
 */
export const lotteryKinds = ['speed', 'vn', 'sea4d', 'pool', 'race'] as const;
export type LotteryKind = (typeof lotteryKinds)[number];

/**
 * Speed game bet types (balls 0–9): `sum` — numbers among BIG, SMALL, ODD, EVEN on the sum of the balls
 * (big: sum ≥ half the maximum, rounded up); `position` — numbers `<position>:<digit>` (position from 1);
 * `straight` — numbers of three digits equal to the first three balls in order.
 */
export const speedBetTypes = ['sum', 'position', 'straight'] as const;
export type SpeedBetType = (typeof speedBetTypes)[number];
export const speedSumChoices = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const;

/**
 * SEA 4D bet types: `big` wins on any of the 23 numbers, `small` on the top three; `ibox_big`/`ibox_small`
 * win on any distinct permutation with the prize divided by the number of permutations.
 */
export const sea4dBetTypes = ['big', 'small', 'ibox_big', 'ibox_small'] as const;
export type Sea4dBetType = (typeof sea4dBetTypes)[number];

/** Prize per unit staked, by prize rank: first, second, third, special (10), consolation (10). */
export const sea4dPrizes: Readonly<
  Record<'big' | 'small', readonly [number, number, number, number, number]>
> = {
  big: [2500, 1000, 500, 180, 60],
  small: [3500, 2000, 1000, 0, 0],
};

/**
 * Pool games' paytables: pick count → hits → payout per unit staked, in hundredths (380 = 3.8×). A line
 * `pick<n>` is one ticket of n distinct numbers staked once; it pays the entry of its hit count (none: 0).
 * The exact returns are in docs/house-games.md and computed in lottery-pool.test.ts.
 */
export type PoolPaytable = Readonly<Record<number, Readonly<Record<number, number>>>>;

/** Keno: 80 numbers, 20 drawn, pick 1 to 10. */
export const kenoPaytable: PoolPaytable = {
  1: { 1: 380 },
  2: { 1: 100, 2: 920 },
  3: { 2: 300, 3: 3800 },
  4: { 2: 100, 3: 600, 4: 15_500 },
  5: { 3: 300, 4: 1500, 5: 80_000 },
  6: { 3: 200, 4: 700, 5: 8000, 6: 180_000 },
  7: { 3: 100, 4: 400, 5: 2500, 6: 30_000, 7: 500_000 },
  8: { 4: 200, 5: 1500, 6: 12_500, 7: 100_000, 8: 1_000_000 },
  9: { 4: 150, 5: 600, 6: 4500, 7: 35_000, 8: 300_000, 9: 2_000_000 },
  10: { 0: 300, 5: 300, 6: 2500, 7: 12_000, 8: 100_000, 9: 500_000, 10: 10_000_000 },
};

/** Pick 10: Keno's draw (80 numbers, 20 drawn) played with exactly 10 numbers. */
export const pick10Paytable: PoolPaytable = { 10: kenoPaytable[10] ?? {} };

/** 11 of 5: 5 numbers drawn from 1..11; `pick<n>` (n 1–5) wins when all its n numbers are drawn. */
export const elevenFivePaytable: PoolPaytable = {
  1: { 1: 210 },
  2: { 2: 520 },
  3: { 3: 1550 },
  4: { 4: 6200 },
  5: { 5: 43_000 },
};

/** A pool bet type's code (`pick3`) and back (null when it is not one). */
export const poolBetType = (picks: number): string => `pick${String(picks)}`;
export const poolPicksOf = (betType: string): number | null => {
  const match = /^pick(\d{1,2})$/.exec(betType);
  return match ? Number(match[1]) : null;
};

/**
 * Race bet types (10 cars, a finishing order): `position` — numbers `<position>:<car>` (both 1–10), the car
 * finishes at that position; `first_two` — numbers `<car>-<car>`, the first two cars in that order.
 */
export const raceBetTypes = ['position', 'first_two'] as const;
export type RaceBetType = (typeof raceBetTypes)[number];
/** Race odds in hundredths: 9.7× (1 in 10) and 87.3× (1 in 90), both a 97% return. */
export const raceOddsHundredths: Readonly<Record<RaceBetType, number>> = { position: 970, first_two: 8730 };

/**
 * The stake of one bet line (minor units). Speed, SEA 4D and race: one unit per number. Pool: one unit (the
 * numbers are one ticket). VN: `vnStake`.
 */
export const lotteryStake = (line: {
  kind: LotteryKind;
  betType: string;
  numbers: readonly string[];
  unitStake: bigint;
  region?: VnRegion;
  stationCount?: number;
}): bigint => {
  if (line.kind === 'vn') {
    const type = vnBetTypes.find((candidate): candidate is VnBetType => candidate === line.betType);
    if (!type || !line.region) return 0n;
    return vnStake({
      region: line.region,
      type,
      numbers: line.numbers,
      stationCount: line.stationCount ?? 1,
      unitStake: line.unitStake,
    });
  }
  if (line.kind === 'pool') return line.unitStake;
  return BigInt(line.numbers.length) * line.unitStake;
};
