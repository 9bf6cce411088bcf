import type { FairIntegerStream } from '../fairness';
import { assertStake, type Settled, settleEach } from './payout';

/**
 * European roulette (one zero, 37 pockets), free of money storage and of the database. The layout is twelve
 * rows of three (row r holds 3r + 1, 3r + 2, 3r + 3) with zero above the first row.
 *
 * Every bet is a spot of the layout, named by a canonical key (its kind and its numbers in ascending order),
 * which is what a round stores and what the live totals per spot are grouped by:
 * - straight `straight:17` (35:1): any one number, zero included;
 * - split `split:1-2` (17:1): two numbers side by side in a row or one above the other, or zero with 1, 2 or 3;
 * - street `street:1-2-3` (11:1): a row, or zero with 1-2 or 2-3 (the trios);
 * - corner `corner:1-2-4-5` (8:1): four numbers meeting at a corner, or 0-1-2-3 (first four);
 * - six line `sixLine:1-2-3-4-5-6` (5:1): two neighbouring rows;
 * - column `column:1|2|3` (2:1): 1, 4, …, 34 / 2, 5, …, 35 / 3, 6, …, 36;
 * - dozen `dozen:1|2|3` (2:1): 1–12 / 13–24 / 25–36;
 * - `red`, `black`, `odd`, `even`, `low` (1–18), `high` (19–36) (1:1).
 * Zero loses every bet but those covering it; with the la partage option (off unless a table sets it) the
 * even-money bets return half their stake, floored, on zero.
 */

export const pocketCount = 37;

export type InsideBetKind = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';
export type DozenOrColumn = 'column' | 'dozen';
export type EvenMoneyKind = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type RouletteBetKind = InsideBetKind | DozenOrColumn | EvenMoneyKind;

/** What a player chose: numbers for an inside bet, 1–3 for a column or dozen, nothing more otherwise. */
export type RouletteSelection =
  | { kind: InsideBetKind; numbers: readonly number[] }
  | { kind: DozenOrColumn; index: number }
  | { kind: EvenMoneyKind };
export type RouletteBet = RouletteSelection & { stake: bigint };

export type RouletteSpot = {
  key: string;
  kind: RouletteBetKind;
  /** The numbers the spot wins on, ascending. */
  numbers: readonly number[];
  /** The win per unit staked (X of X:1). */
  pays: bigint;
};

export const roulettePays: Readonly<Record<RouletteBetKind, bigint>> = {
  straight: 35n,
  split: 17n,
  street: 11n,
  corner: 8n,
  sixLine: 5n,
  column: 2n,
  dozen: 2n,
  red: 1n,
  black: 1n,
  odd: 1n,
  even: 1n,
  low: 1n,
  high: 1n,
};

export const redNumbers: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type RouletteColour = 'green' | 'red' | 'black';

const assertPocket = (pocket: number): void => {
  if (!Number.isInteger(pocket) || pocket < 0 || pocket >= pocketCount) {
    throw new RangeError(`${pocket} is not a pocket of the wheel`);
  }
};

export const colourOf = (pocket: number): RouletteColour => {
  assertPocket(pocket);
  return pocket === 0 ? 'green' : redNumbers.has(pocket) ? 'red' : 'black';
};

/** The winning pocket, 0–36: one integer of the round's fair stream. */
export const spinRoulette = (next: FairIntegerStream): number => next(pocketCount);

const numbersFrom = (first: number, count: number): number[] =>
  Array.from({ length: count }, (_, offset) => first + offset);
const oneToThirtySix = numbersFrom(1, 36);

const spots = new Map<string, RouletteSpot>();
const addSpot = (kind: RouletteBetKind, key: string, numbers: number[]): void => {
  spots.set(key, { key, kind, numbers, pays: roulettePays[kind] });
};
const addInside = (kind: InsideBetKind, ...numbers: number[]): void => {
  addSpot(kind, `${kind}:${numbers.join('-')}`, numbers);
};
for (let pocket = 0; pocket < pocketCount; pocket += 1) addInside('straight', pocket);
addInside('split', 0, 1);
addInside('split', 0, 2);
addInside('split', 0, 3);
addInside('street', 0, 1, 2);
addInside('street', 0, 2, 3);
addInside('corner', 0, 1, 2, 3);
for (let first = 1; first <= 34; first += 3) {
  addInside('split', first, first + 1);
  addInside('split', first + 1, first + 2);
  addInside('street', first, first + 1, first + 2);
  if (first < 34) {
    for (let column = 0; column < 3; column += 1) addInside('split', first + column, first + column + 3);
    addInside('corner', first, first + 1, first + 3, first + 4);
    addInside('corner', first + 1, first + 2, first + 4, first + 5);
    addInside('sixLine', ...numbersFrom(first, 6));
  }
}
for (let index = 1; index <= 3; index += 1) {
  addSpot(
    'column',
    `column:${index}`,
    oneToThirtySix.filter((n) => n % 3 === index % 3),
  );
  addSpot('dozen', `dozen:${index}`, numbersFrom(12 * (index - 1) + 1, 12));
}
addSpot(
  'red',
  'red',
  oneToThirtySix.filter((n) => redNumbers.has(n)),
);
addSpot(
  'black',
  'black',
  oneToThirtySix.filter((n) => !redNumbers.has(n)),
);
addSpot(
  'odd',
  'odd',
  oneToThirtySix.filter((n) => n % 2 === 1),
);
addSpot(
  'even',
  'even',
  oneToThirtySix.filter((n) => n % 2 === 0),
);
addSpot('low', 'low', numbersFrom(1, 18));
addSpot('high', 'high', numbersFrom(19, 18));

/** Every spot of the layout by key (157: 37 straights, 60 splits, 14 streets, 23 corners, 11 six lines, …). */
export const rouletteSpots: ReadonlyMap<string, RouletteSpot> = spots;

const keyOf = (selection: RouletteSelection): string => {
  switch (selection.kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'sixLine':
      return `${selection.kind}:${[...selection.numbers].sort((a, b) => a - b).join('-')}`;
    case 'column':
    case 'dozen':
      return `${selection.kind}:${selection.index}`;
    default:
      return selection.kind;
  }
};

/** The spot a selection names; a RangeError says why when the layout has no such spot. */
export const rouletteSpot = (selection: RouletteSelection): RouletteSpot => {
  const key = keyOf(selection);
  const spot = spots.get(key);
  if (spot === undefined) {
    throw new RangeError(`"${key}" is not a ${selection.kind} bet of the European layout`);
  }
  return spot;
};

export type RouletteOptions = {
  /** On zero, even-money bets return half their stake (floored) instead of losing it. */
  laPartage?: boolean;
};

const evenMoneyKinds: ReadonlySet<RouletteBetKind> = new Set(['red', 'black', 'odd', 'even', 'low', 'high']);

/** What one bet returns on the winning pocket: 0, stake plus win, or half the stake under la partage. */
export const rouletteReturn = (bet: RouletteBet, pocket: number, options: RouletteOptions = {}): bigint => {
  assertPocket(pocket);
  assertStake(bet.stake);
  const spot = rouletteSpot(bet);
  if (spot.numbers.includes(pocket)) return bet.stake + bet.stake * spot.pays;
  if (pocket === 0 && options.laPartage === true && evenMoneyKinds.has(spot.kind)) return bet.stake / 2n;
  return 0n;
};

/** Every bet with its return, in the order given. */
export const settleRoulette = <B extends RouletteBet>(
  bets: readonly B[],
  pocket: number,
  options: RouletteOptions = {},
): Settled<B>[] => settleEach(bets, (bet) => rouletteReturn(bet, pocket, options));

export type PocketHits = { pocket: number; hits: number };

/**
 * The `size` most and least frequent pockets of `recent` (the table's last N winning pockets): hot by hits
 * descending among those that came up at least once, cold by hits ascending (never seen first); equal hits
 * in pocket order.
 */
export const hotAndCold = (
  recent: readonly number[],
  size = 5,
): { hot: PocketHits[]; cold: PocketHits[] } => {
  const hits = Array.from({ length: pocketCount }, (_, pocket): PocketHits => ({ pocket, hits: 0 }));
  for (const pocket of recent) {
    assertPocket(pocket);
    const entry = hits[pocket];
    if (entry !== undefined) entry.hits += 1;
  }
  const hot = hits
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.pocket - b.pocket)
    .slice(0, size);
  const cold = [...hits].sort((a, b) => a.hits - b.hits || a.pocket - b.pocket).slice(0, size);
  return { hot, cold };
};
