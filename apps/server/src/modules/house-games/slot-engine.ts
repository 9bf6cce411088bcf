import type { FairIntegerStream } from './fairness';

/**
 * The house slot's rules as a pure function of its definition and a stream of fair integers: no money, no
 * database. Pays are counted in line-bet units (the stake divided by the number of paylines), so every win
 * is an exact integer number of minor units when the stake is a multiple of the line count.
 */

export type SlotSymbol = string;

export type SlotDefinition = {
  /** Rows visible on every reel. */
  rows: number;
  /** Reel strips, top to bottom, read circularly; a stop is the strip position shown on the top row. */
  reels: readonly (readonly SlotSymbol[])[];
  /** One row index per reel for each payline. */
  paylines: readonly (readonly number[])[];
  /** Substitutes for every symbol but the scatter; a run of wilds alone pays its own line pays. */
  wild: SlotSymbol;
  /** Pays anywhere in the window, never on a line. */
  scatter: SlotSymbol;
  /** Line pays in line-bet units by run length from the leftmost reel (index = symbols in the run). */
  linePays: Readonly<Record<SlotSymbol, readonly number[]>>;
  /** Scatter pays in multiples of the whole stake, by the number of scatters in the window. */
  scatterPays: readonly number[];
  /** Free spins awarded by the number of scatters (in the base game and again inside free spins). */
  freeSpinsAwarded: readonly number[];
  /** Every win of a free spin is multiplied by this. */
  freeSpinMultiplier: number;
};

export type LineWin = {
  /** Index of the payline (0-based). */
  line: number;
  symbol: SlotSymbol;
  /** Symbols in the run from the leftmost reel, wilds included. */
  count: number;
  /** In line-bet units, before any free-spin multiplier. */
  pays: number;
};

export type SpinOutcome = {
  stops: number[];
  /** grid[reel][row] */
  grid: SlotSymbol[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** In multiples of the stake, before any free-spin multiplier. */
  scatterPays: number;
  freeSpinsAwarded: number;
  /** Everything this spin pays in line-bet units, multiplier included. */
  units: number;
};

export type RoundOutcome = {
  base: SpinOutcome;
  /** Played in order after the base spin; each consumes the next words of the same stream. */
  freeSpins: SpinOutcome[];
  /** Total in line-bet units, base and free spins. */
  units: number;
};

/** Beyond any realistic chain (each retrigger needs 3+ scatters); a guard against a broken definition only. */
export const maxFreeSpinsPerRound = 100_000;

const payOf = (pays: readonly number[] | undefined, count: number): number => pays?.[count] ?? 0;

/**
 * The best pay of one line, read left to right: the run of the first symbol that is not wild (wilds before
 * and inside it count for it), or the run of wilds alone paid as wilds, whichever pays more. A scatter ends
 * any run.
 */
export const evaluateLine = (
  definition: SlotDefinition,
  symbols: readonly SlotSymbol[],
): { symbol: SlotSymbol; count: number; pays: number } | null => {
  const { wild, scatter } = definition;
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun += 1;
  const wildPays = payOf(definition.linePays[wild], wildRun);
  let best = wildPays > 0 ? { symbol: wild, count: wildRun, pays: wildPays } : null;
  const target = symbols[wildRun];
  if (target !== undefined && target !== scatter) {
    let count = wildRun;
    while (count < symbols.length && (symbols[count] === target || symbols[count] === wild)) count += 1;
    const pays = payOf(definition.linePays[target], count);
    if (pays > 0 && (best === null || pays > best.pays)) best = { symbol: target, count, pays };
  }
  return best;
};

/** The window shown for the stops: grid[reel][row] = strip[(stop + row) mod length]. */
export const gridOf = (definition: SlotDefinition, stops: readonly number[]): SlotSymbol[][] =>
  definition.reels.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return Array.from({ length: definition.rows }, (_, row) => strip[(stop + row) % strip.length] ?? '');
  });

/** Line wins, scatters and free spins of one window; `multiplier` is the free-spin multiplier or 1. */
export const evaluateSpin = (
  definition: SlotDefinition,
  stops: readonly number[],
  multiplier = 1,
): SpinOutcome => {
  const grid = gridOf(definition, stops);
  const lineWins: LineWin[] = [];
  // One buffer for every line's symbols: this runs millions of times in the benchmark's simulation.
  const symbols: SlotSymbol[] = new Array<SlotSymbol>(grid.length);
  definition.paylines.forEach((rows, line) => {
    for (let reel = 0; reel < grid.length; reel += 1) symbols[reel] = grid[reel]?.[rows[reel] ?? 0] ?? '';
    const win = evaluateLine(definition, symbols);
    if (win) lineWins.push({ line, ...win });
  });
  let scatterCount = 0;
  for (const column of grid) {
    for (const symbol of column) if (symbol === definition.scatter) scatterCount += 1;
  }
  const scatterPays = payOf(definition.scatterPays, scatterCount);
  const lineUnits = lineWins.reduce((total, win) => total + win.pays, 0);
  return {
    stops: [...stops],
    grid,
    lineWins,
    scatterCount,
    scatterPays,
    freeSpinsAwarded: payOf(definition.freeSpinsAwarded, scatterCount),
    units: (lineUnits + scatterPays * definition.paylines.length) * multiplier,
  };
};

/** One stop per reel, each uniform over its strip. */
export const drawStops = (definition: SlotDefinition, next: FairIntegerStream): number[] =>
  definition.reels.map((strip) => next(strip.length));

/**
 * A paid spin and the free spins it sets off, all from one stream: the base spin takes one integer per reel,
 * then each free spin (retriggers included, in the order they are played) one per reel.
 */
export const playRound = (definition: SlotDefinition, next: FairIntegerStream): RoundOutcome => {
  const base = evaluateSpin(definition, drawStops(definition, next));
  const freeSpins: SpinOutcome[] = [];
  let remaining = base.freeSpinsAwarded;
  let units = base.units;
  while (remaining > 0) {
    if (freeSpins.length >= maxFreeSpinsPerRound) throw new Error('free spins exceed the guard');
    const spin = evaluateSpin(definition, drawStops(definition, next), definition.freeSpinMultiplier);
    freeSpins.push(spin);
    units += spin.units;
    remaining += spin.freeSpinsAwarded - 1;
  }
  return { base, freeSpins, units };
};

/** Checks a definition once (at start and in tests): every reel long enough, lines inside the window. */
export const assertValidDefinition = (definition: SlotDefinition): void => {
  if (definition.reels.length === 0) throw new Error('a slot needs reels');
  for (const strip of definition.reels) {
    if (strip.length < definition.rows) throw new Error('a reel strip is shorter than the window');
  }
  for (const line of definition.paylines) {
    if (line.length !== definition.reels.length) throw new Error('a payline must name one row per reel');
    if (line.some((row) => !Number.isInteger(row) || row < 0 || row >= definition.rows)) {
      throw new Error('a payline row is outside the window');
    }
  }
  if (!Number.isInteger(definition.freeSpinMultiplier) || definition.freeSpinMultiplier < 1) {
    throw new Error('the free-spin multiplier must be a positive integer');
  }
};
