import { type Sea4dBetType, sea4dPrizes } from '@wps/contracts/lottery-rules';
import { distinctPermutations } from '@wps/contracts/vn-lottery-rules';

/**
 * SEA 4D: 23 winning numbers per draw — index 0 first, 1 second, 2 third, 3–12 special, 13–22 consolation.
 * Numbers may repeat, so one bet can win several prizes. Prizes per unit staked (contracts `sea4dPrizes`).
 */
export const sea4dNumberCount = 23;

/** The prize rank of a result index: 0 first, 1 second, 2 third, 3 special, 4 consolation. */
export const sea4dRankOf = (index: number): number => (index < 3 ? index : index < 13 ? 3 : 4);

const forecastOf = (type: Sea4dBetType): 'big' | 'small' =>
  type === 'big' || type === 'ibox_big' ? 'big' : 'small';

/**
 * The payout of one number: the sum over every result it matches of unit × prize; ibox matches any
 * distinct permutation and divides each prize by the number of permutations (rounded down to minor units).
 */
export const sea4dPayout = (
  type: Sea4dBetType,
  number: string,
  results: readonly string[],
  unitStake: bigint,
): bigint => {
  const prizes = sea4dPrizes[forecastOf(type)];
  const isBox = type === 'ibox_big' || type === 'ibox_small';
  const wanted = isBox ? new Set(distinctPermutations(number)) : new Set([number]);
  const divisor = BigInt(wanted.size);
  let total = 0n;
  results.forEach((result, index) => {
    if (!wanted.has(result)) return;
    const prize = BigInt(prizes[sea4dRankOf(index)] ?? 0);
    total += (unitStake * prize) / (isBox ? divisor : 1n);
  });
  return total;
};

/** The most one number can win from one draw's top prize (its exposure): unit × first prize (÷ permutations). */
export const sea4dExposure = (type: Sea4dBetType, number: string, unitStake: bigint): Map<string, bigint> => {
  const first = BigInt(sea4dPrizes[forecastOf(type)][0]);
  if (type === 'big' || type === 'small') return new Map([[number, unitStake * first]]);
  const permutations = distinctPermutations(number);
  const share = (unitStake * first) / BigInt(permutations.length);
  return new Map(permutations.map((permutation) => [permutation, share]));
};
