import type { MilliOdds } from '../domain';
import { assertMilliOdds } from './odds-math';

/** The named full-cover systems: their leg count and the sizes of combination they are made of. */
export const namedSystems = {
  trixie: { legs: 3, sizes: [2, 3] }, // 3 doubles + 1 treble = 4 lines
  patent: { legs: 3, sizes: [1, 2, 3] }, // 3 singles + 3 doubles + 1 treble = 7
  yankee: { legs: 4, sizes: [2, 3, 4] }, // 6 + 4 + 1 = 11
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] }, // 4 + 6 + 4 + 1 = 15
  canadian: { legs: 5, sizes: [2, 3, 4, 5] }, // the Super Yankee: 10 + 10 + 5 + 1 = 26
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] }, // 15 + 20 + 15 + 6 + 1 = 57
} as const satisfies Record<string, { legs: number; sizes: readonly number[] }>;
export type NamedSystem = keyof typeof namedSystems;

/**
 * - single: one leg.
 * - accumulator: 2 to 12 legs in one line that wins only if every leg does.
 * - system: every combination of each of `sizes` out of `legs` legs ("2/3" is legs 3, sizes [2]), one line each.
 * - named_system: Trixie, Patent, Yankee, Lucky 15, Canadian (Super Yankee), Heinz.
 */
export type SlipKind =
  | { type: 'single' }
  | { type: 'accumulator' }
  | { type: 'system'; legs: number; sizes: readonly number[] }
  | { type: 'named_system'; name: NamedSystem };

/** What settlement needs of a leg; the service's legs may carry more (market, selection …). */
export type SlipLeg = { fixtureId: string; odds: MilliOdds };

/** A placed slip: the stake is per line, so the slip costs stakePerLine × its number of lines. */
export type Slip = { kind: SlipKind; legs: readonly SlipLeg[]; stakePerLine: bigint };

export const maximumLegs = 12;

/** The slip's lines as leg indexes, smaller combinations first, each size in lexicographic order. */
export const expandLines = (kind: SlipKind, legCount: number): number[][] =>
  linesOf(
    kind,
    Array.from({ length: legCount }, (_, index) => index),
  );

/** The slip's lines as its legs themselves, in the order of `expandLines`. */
export function linesOf<Leg>(kind: SlipKind, legs: readonly Leg[]): Leg[][] {
  const { legs: expectedLegs, sizes } = systemShapeOf(kind, legs.length);
  if (legs.length !== expectedLegs) {
    throw new RangeError(`A ${describeKind(kind)} takes ${expectedLegs} legs, not ${legs.length}.`);
  }
  const lines = [...sizes].sort((a, b) => a - b).flatMap((size) => combinations(legs, size));
  if (lines.length < 2 && kind.type === 'system') {
    throw new RangeError('A system needs at least two lines: one line is a single or an accumulator.');
  }
  return lines;
}

export const lineCount = (kind: SlipKind, legCount: number): number => expandLines(kind, legCount).length;

export const totalStake = (slip: Slip): bigint =>
  slip.stakePerLine * BigInt(lineCount(slip.kind, slip.legs.length));

/** Throws unless the slip can be placed: legs fit its kind, each from a different fixture, valid odds and stake. */
export function assertValidSlip(slip: Slip): void {
  expandLines(slip.kind, slip.legs.length);
  if (slip.stakePerLine <= 0n) throw new RangeError('The stake per line must be positive.');
  slip.legs.forEach((leg) => {
    assertMilliOdds(leg.odds);
  });
  // Legs of one fixture are correlated: combining them would price a line the book never priced.
  if (new Set(slip.legs.map((leg) => leg.fixtureId)).size !== slip.legs.length) {
    throw new RangeError('Every leg of a slip must be from a different fixture.');
  }
}

function systemShapeOf(kind: SlipKind, legCount: number): { legs: number; sizes: readonly number[] } {
  switch (kind.type) {
    case 'single':
      return { legs: 1, sizes: [1] };
    case 'accumulator':
      if (legCount < 2 || legCount > maximumLegs) {
        throw new RangeError(`An accumulator takes 2 to ${maximumLegs} legs, not ${legCount}.`);
      }
      return { legs: legCount, sizes: [legCount] };
    case 'system':
      assertSystemShape(kind.legs, kind.sizes);
      return kind;
    case 'named_system':
      return namedSystems[kind.name];
  }
}

function assertSystemShape(legs: number, sizes: readonly number[]): void {
  const isLegsValid = Number.isSafeInteger(legs) && legs >= 2 && legs <= maximumLegs;
  const areSizesValid =
    sizes.length > 0 &&
    new Set(sizes).size === sizes.length &&
    sizes.every((size) => Number.isSafeInteger(size) && size >= 1 && size <= legs);
  if (!isLegsValid || !areSizesValid) {
    throw new RangeError(
      `A system takes 2 to ${maximumLegs} legs and distinct sizes from 1 to its legs, not ${sizes.join(',')}/${legs}.`,
    );
  }
}

const describeKind = (kind: SlipKind): string =>
  kind.type === 'named_system'
    ? kind.name
    : kind.type === 'system'
      ? `${kind.sizes.join(',')}/${kind.legs}`
      : kind.type;

/** Every `size`-combination of `items`, keeping their order, in lexicographic order. */
const combinations = <Item>(items: readonly Item[], size: number): Item[][] =>
  size === 0
    ? [[]]
    : items.flatMap((first, position) =>
        combinations(items.slice(position + 1), size - 1).map((rest) => [first, ...rest]),
      );
