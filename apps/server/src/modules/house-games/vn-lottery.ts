import {
  distinctPermutations,
  type VnBetType,
  type VnRegion,
  vnBetTypeRules,
  vnLotIndexes,
  vnLotsOf,
  vnOdds,
} from '@wps/contracts/vn-lottery-rules';

/** A station's drawn lots, in `vnLotsOf(region)` order. */
export type VnStationResult = readonly string[];

export type VnLine = {
  region: VnRegion;
  type: VnBetType;
  numbers: readonly string[];
  /** The stations' results the bet covers (one per chosen station). */
  stationResults: readonly VnStationResult[];
  unitStake: bigint;
};

/** How many of the given lots of a station end with `number`. */
const hitsOn = (result: VnStationResult, indexes: readonly number[], number: string): number =>
  indexes.reduce((count, index) => count + ((result[index] ?? '').endsWith(number) ? 1 : 0), 0);

/**
 * The payout of a VN bet line (minor units). Per lot matched: unit × odds, for every station and number
 * (each permutation for đảo types). Đá: V = unit × odds, W = matched numbers − 1 (at least two must appear,
 * lots of the chosen stations pooled), plus (N − 1) × V / 2 for the largest N > 1 times one chosen number
 * appears. Xiên: unit × odds when every number appears among the lots.
 */
export const vnPayout = (line: VnLine): bigint => {
  const { region, type, numbers, stationResults, unitStake } = line;
  const digits = numbers[0]?.length ?? 2;
  const indexes = vnLotIndexes(type, region, digits);
  const odds = BigInt(vnOdds(type, region, numbers, stationResults.length));
  if (type === 'da' || type === 'xien') {
    const counts = numbers.map((number) =>
      stationResults.reduce((sum, result) => sum + hitsOn(result, indexes, number), 0),
    );
    const matched = counts.filter((count) => count > 0);
    const value = unitStake * odds;
    if (type === 'xien') return matched.length === numbers.length ? value : 0n;
    if (matched.length < 2) return 0n;
    const most = Math.max(...matched);
    return value * BigInt(matched.length - 1) + (value * BigInt(most - 1)) / 2n;
  }
  const played = vnBetTypeRules[type].permutes ? numbers.flatMap(distinctPermutations) : numbers;
  let hits = 0;
  for (const result of stationResults) {
    for (const number of played) hits += hitsOn(result, indexes, number);
  }
  return BigInt(hits) * unitStake * odds;
};

/** The numbers a line stakes on, as exposure is counted (đảo: every permutation). */
export const vnPlayedNumbers = (type: VnBetType, numbers: readonly string[]): string[] =>
  vnBetTypeRules[type].permutes ? [...new Set(numbers.flatMap(distinctPermutations))] : [...numbers];

/** Bounds for `drawFairIntegers`: every lot of every station, 10^digits each. */
export const vnResultBounds = (region: VnRegion, stationCount: number): number[] =>
  Array.from({ length: stationCount }, () => vnLotsOf(region).map((lot) => 10 ** lot.digits)).flat();

/** Turns drawn integers into station results keyed by station code. */
export const vnResultOf = (
  region: VnRegion,
  stationCodes: readonly string[],
  integers: readonly number[],
): Record<string, string[]> => {
  const lots = vnLotsOf(region);
  return Object.fromEntries(
    stationCodes.map((code, s) => [
      code,
      lots.map((lot, i) => String(integers[s * lots.length + i] ?? 0).padStart(lot.digits, '0')),
    ]),
  );
};

/** Checks an operator's station result: every lot present with its exact digit count. */
export const isVnStationResult = (region: VnRegion, value: unknown): value is string[] => {
  const lots = vnLotsOf(region);
  return (
    Array.isArray(value) &&
    value.length === lots.length &&
    value.every(
      (entry, i) => typeof entry === 'string' && new RegExp(`^\\d{${lots[i]?.digits ?? 0}}$`).test(entry),
    )
  );
};
