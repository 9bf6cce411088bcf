import type { LotteryBetType } from '@wps/contracts/lottery';

/**
 * What a lottery kind plugs into the engine: its bet types, how a line is checked and priced, its fair draw,
 * an operator's result checked, and what a line wins. The engine (draws, bets, exposures, ledger, settlement)
 * stays the same for every kind; lottery.rules.ts dispatches to the kind of a game. Pool and race games are
 * plugged in this way (lottery-pool.ts, lottery-race.ts).
 */
export type KindLine = { betType: string; numbers: readonly string[]; unitStake: bigint };

export type KindPricedLine = {
  betType: string;
  /** In canonical form, as stored and settled. */
  numbers: string[];
  stake: bigint;
  /** Potential payout added per number key, for the per-number caps (a key is also its limit number). */
  exposure: Map<string, bigint>;
};

export type LotteryKindRules<G> = {
  betTypes: (game: G) => LotteryBetType[];
  /** The line priced, or why it is not valid. */
  priceLine: (game: G, line: KindLine) => KindPricedLine | { message: string };
  /** Draws the result from the fair integer stream (`drawFairIntegers` with the bounds it asks for). */
  fairResult: (game: G, draw: (bounds: readonly number[]) => number[]) => Record<string, unknown>;
  /** An operator's result in canonical form, or null when it does not fit the game. */
  checkResult: (game: G, result: Record<string, unknown>) => Record<string, unknown> | null;
  /** What a line wins against a recorded result (minor units, rounded down). */
  payout: (game: G, result: Record<string, unknown>, line: KindLine) => bigint;
};

/** Hundredths as the API shows odds: 380 → "3.8". */
export const hundredthsText = (value: bigint): string => {
  const whole = value / 100n;
  const cents = value % 100n;
  return cents === 0n ? String(whole) : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
};

/**
 * `count` distinct values of 1..size in draw order, by a partial Fisher–Yates shuffle on the fair integers
 * (bounds size, size−1, …): every ordered draw is equally likely.
 */
export const drawDistinct = (
  draw: (bounds: readonly number[]) => number[],
  size: number,
  count: number,
): number[] => {
  const deck = Array.from({ length: size }, (_, i) => i + 1);
  const integers = draw(Array.from({ length: count }, (_, i) => size - i));
  integers.forEach((offset, i) => {
    const j = i + offset;
    const picked = deck[j] ?? 0;
    deck[j] = deck[i] ?? 0;
    deck[i] = picked;
  });
  return deck.slice(0, count);
};

/** The integers of an operator's result list, or null when one is not an integer in 1..max or repeats. */
export const distinctIntegers = (value: unknown, length: number, max: number): number[] | null => {
  if (!Array.isArray(value) || value.length !== length) return null;
  const numbers = value.filter(
    (item): item is number => typeof item === 'number' && Number.isInteger(item) && item >= 1 && item <= max,
  );
  return numbers.length === length && new Set(numbers).size === length ? numbers : null;
};
