import { randomInt } from 'node:crypto';

/**
 * The demo slot's rules: three reels of twenty stops, a 3×3 window, five paylines, three of a kind on a line
 * pays a multiple of the total bet. Every reel carries the same symbols in a different order, so each cell of
 * the window shows a symbol with probability count/20 independently of the other reels, and the return to
 * player is 5 × Σ (count/20)³ × pay = 95.1875 % (the unit test recomputes it by walking every stop).
 */

export const symbols = ['cherry', 'lemon', 'bell', 'star', 'seven', 'lotus'] as const;
export type SlotSymbol = (typeof symbols)[number];

/** Three of a kind on a line pays this many times the total bet. */
export const payTable: Readonly<Record<SlotSymbol, bigint>> = {
  cherry: 1n,
  lemon: 3n,
  bell: 5n,
  star: 20n,
  seven: 100n,
  lotus: 225n,
};

/** Seven cherries, five lemons, four bells, two stars, one seven and one lotus on every reel. */
export const reelStrips: readonly (readonly SlotSymbol[])[] = [
  [
    'cherry',
    'lemon',
    'bell',
    'cherry',
    'star',
    'lemon',
    'cherry',
    'seven',
    'bell',
    'cherry',
    'lemon',
    'cherry',
    'bell',
    'lotus',
    'lemon',
    'cherry',
    'star',
    'bell',
    'cherry',
    'lemon',
  ],
  [
    'lemon',
    'cherry',
    'bell',
    'cherry',
    'lotus',
    'cherry',
    'lemon',
    'star',
    'cherry',
    'bell',
    'lemon',
    'cherry',
    'seven',
    'bell',
    'cherry',
    'lemon',
    'star',
    'cherry',
    'bell',
    'lemon',
  ],
  [
    'bell',
    'cherry',
    'lemon',
    'cherry',
    'seven',
    'lemon',
    'cherry',
    'bell',
    'star',
    'cherry',
    'lemon',
    'bell',
    'cherry',
    'lotus',
    'cherry',
    'lemon',
    'bell',
    'star',
    'cherry',
    'lemon',
  ],
];

export const rowCount = 3;

/** Row index on each reel, top row 0. The middle row first, as players read it. */
export const paylines: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** What a spin showed: `grid[reel][row]`, and each paying line with its multiple of the total bet. */
export type SpinOutcome = {
  stops: number[];
  grid: SlotSymbol[][];
  lines: { line: number; symbol: SlotSymbol; multiplier: bigint }[];
  multiplier: bigint;
};

/** A uniform integer in [0, max): node:crypto's, unless a test hands in its own. */
export type RandomSource = (max: number) => number;
export const cryptoRandom: RandomSource = (max) => randomInt(max);

const symbolAt = (strip: readonly SlotSymbol[], position: number): SlotSymbol => {
  const symbol = strip[((position % strip.length) + strip.length) % strip.length];
  if (symbol === undefined) throw new Error('empty reel strip');
  return symbol;
};

/** The window and its wins for the given stops (the middle row shows each reel's stop). */
export const outcomeOf = (stops: readonly number[]): SpinOutcome => {
  const grid = reelStrips.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return [symbolAt(strip, stop - 1), symbolAt(strip, stop), symbolAt(strip, stop + 1)];
  });
  const lines: SpinOutcome['lines'] = [];
  paylines.forEach((rows, line) => {
    const cells = rows.map((row, reel) => grid[reel]?.[row]);
    const [first] = cells;
    if (first !== undefined && cells.every((cell) => cell === first)) {
      lines.push({ line, symbol: first, multiplier: payTable[first] });
    }
  });
  const multiplier = lines.reduce((sum, line) => sum + line.multiplier, 0n);
  return { stops: [...stops], grid, lines, multiplier };
};

/** One spin: a stop per reel, drawn independently and uniformly. */
export const spin = (random: RandomSource = cryptoRandom): SpinOutcome =>
  outcomeOf(reelStrips.map((strip) => random(strip.length)));

/** The bets the player chooses from, in whole units of their currency (so any currency can carry them). */
export const stakeUnits = [1, 2, 5, 10, 20, 50] as const;
