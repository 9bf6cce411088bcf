/**
 * The European roulette layout as the page draws it: zero on the left, the numbers in twelve columns of three
 * (3 on top, 1 at the bottom), the column bets on the right, dozens and even-money bets below. Every spot of
 * the server's layout (its canonical key: kind and numbers ascending, as roulette.rules.ts names them) has a
 * place here, inside bets on the lines and corners between numbers.
 */

export const redNumbers: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type PocketColour = 'green' | 'red' | 'black';
export const colourOf = (pocket: number): PocketColour =>
  pocket === 0 ? 'green' : redNumbers.has(pocket) ? 'red' : 'black';

/** The pockets around the wheel, clockwise from zero. */
export const wheelOrder: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

export const cell = 40;
export const boardWidth = cell * 14;
export const boardHeight = cell * 5;

export type SpotKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'sixLine'
  | 'column'
  | 'dozen'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

/** A spot's area on the board (x, y, width, height) and the numbers it covers. */
export type BoardSpot = {
  key: string;
  kind: SpotKind;
  numbers: readonly number[];
  x: number;
  y: number;
  width: number;
  height: number;
};

const edge = 10;
const corner = 14;

const columnOf = (n: number) => Math.floor((n - 1) / 3);
const rowOf = (n: number) => 2 - ((n - 1) % 3);
const leftOf = (n: number) => cell + columnOf(n) * cell;
const topOf = (n: number) => rowOf(n) * cell;

const inside = (kind: SpotKind, numbers: number[], x: number, y: number, width: number, height: number) => ({
  key: `${kind}:${numbers.join('-')}`,
  kind,
  numbers,
  x,
  y,
  width,
  height,
});

/** A point spot (a corner, a street's or six line's outer end) centred on (x, y). */
const point = (kind: SpotKind, numbers: number[], x: number, y: number): BoardSpot =>
  inside(kind, numbers, x - corner / 2, y - corner / 2, corner, corner);

const range = (first: number, count: number) => Array.from({ length: count }, (_, index) => first + index);

const buildLayout = (): BoardSpot[] => {
  const spots: BoardSpot[] = [inside('straight', [0], 0, 0, cell, cell * 3)];
  for (let n = 1; n <= 36; n += 1) spots.push(inside('straight', [n], leftOf(n), topOf(n), cell, cell));
  // Lines between two numbers.
  const margin = 8;
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) {
      spots.push(
        inside('split', [n, n + 1], leftOf(n) + margin, topOf(n) - edge / 2, cell - 2 * margin, edge),
      );
    }
    if (n <= 33) {
      const x = leftOf(n) + cell;
      spots.push(inside('split', [n, n + 3], x - edge / 2, topOf(n) + margin, edge, cell - 2 * margin));
    }
  }
  for (const n of [1, 2, 3]) {
    spots.push(inside('split', [0, n], cell - edge / 2, topOf(n) + margin, edge, cell - 2 * margin));
  }
  // Streets and six lines at the bottom edge; corners where four numbers meet.
  for (let first = 1; first <= 34; first += 3) {
    const x = leftOf(first);
    spots.push(inside('street', range(first, 3), x + margin, cell * 3 - edge / 2, cell - 2 * margin, edge));
    if (first <= 31) spots.push(point('sixLine', range(first, 6), x + cell, cell * 3));
    for (const n of [first, first + 1]) {
      if (first <= 31) spots.push(point('corner', [n, n + 1, n + 3, n + 4], x + cell, topOf(n)));
    }
  }
  spots.push(point('street', [0, 1, 2], cell, cell * 2));
  spots.push(point('street', [0, 2, 3], cell, cell));
  spots.push(point('corner', [0, 1, 2, 3], cell, cell * 3));
  // Outside bets.
  for (const index of [1, 2, 3]) {
    spots.push({
      key: `column:${index}`,
      kind: 'column',
      numbers: range(1, 36).filter((n) => n % 3 === index % 3),
      x: cell * 13,
      y: (3 - index) * cell,
      width: cell,
      height: cell,
    });
    spots.push({
      key: `dozen:${index}`,
      kind: 'dozen',
      numbers: range(12 * (index - 1) + 1, 12),
      x: cell + (index - 1) * cell * 4,
      y: cell * 3,
      width: cell * 4,
      height: cell,
    });
  }
  const evenMoney: Array<[SpotKind, number[]]> = [
    ['low', range(1, 18)],
    ['even', range(1, 36).filter((n) => n % 2 === 0)],
    ['red', range(1, 36).filter((n) => redNumbers.has(n))],
    ['black', range(1, 36).filter((n) => !redNumbers.has(n))],
    ['odd', range(1, 36).filter((n) => n % 2 === 1)],
    ['high', range(19, 18)],
  ];
  evenMoney.forEach(([kind, numbers], index) => {
    spots.push({
      key: kind,
      kind,
      numbers,
      x: cell + index * cell * 2,
      y: cell * 4,
      width: cell * 2,
      height: cell,
    });
  });
  return spots;
};

/** Every spot: numbers and outside bets first, so the line and corner spots are drawn (and hit) above them. */
export const rouletteLayout: readonly BoardSpot[] = buildLayout().sort(
  (a, b) => Number(a.width * a.height < cell * cell) - Number(b.width * b.height < cell * cell),
);

export const isInsideKind = (kind: SpotKind): boolean =>
  kind === 'straight' || kind === 'split' || kind === 'street' || kind === 'corner' || kind === 'sixLine';

/** The kind of a spot key ("split:1-2" → split, "red" → red). */
export const spotKindOf = (key: string): string => key.split(':')[0] ?? key;

/** The numbers or the index after the kind ("split:1-2" → "1-2", "dozen:2" → "2"). */
export const spotDetailOf = (key: string): string => key.split(':')[1] ?? '';
