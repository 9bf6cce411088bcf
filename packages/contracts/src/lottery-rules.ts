/**
 * Lottery rules shared by the server and the site, free of zod: game kinds, the bet types of the speed
 * games and SEA 4D, and the stake of a bet line. The Vietnamese rules are in vn-lottery-rules.ts.
 */
import { type VnBetType, type VnRegion, vnBetTypes, vnStake } from './vn-lottery-rules';

/** speed: LOTT/ELOTT draws every few minutes; vn: TCG_LOTTO_VN; sea4d: TCG_SEA. */
export const lotteryKinds = ['speed', 'vn', 'sea4d'] as const;
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

/** The stake of one bet line (minor units). Speed and SEA 4D: one unit per number. VN: `vnStake`. */
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
  return BigInt(line.numbers.length) * line.unitStake;
};
