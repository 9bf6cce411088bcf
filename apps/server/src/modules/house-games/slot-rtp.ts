import { evaluateLine, type SlotDefinition, type SlotSymbol } from './slot-engine';

/**
 * The slot's theoretical return, exactly, from its reel strips and pays (no simulation).
 *
 * - Lines: a stop is uniform over its strip, so the symbol a payline sees on a reel is distributed as the
 *   strip's symbol counts, whatever row the line crosses, and reels are independent. Each line's expected pay
 *   is therefore the same, the sum over every tuple of symbols (one per reel) of its pay × the product of the
 *   symbols' counts, over the product of the strip lengths. With the stake split evenly over the lines, the
 *   line return per unit of stake equals one line's expected pay in line-bet units.
 * - Scatters: per reel, the distribution of scatters in the window (every stop enumerated), convolved over
 *   the reels; the return is Σ P(k) × scatter pay(k), and the expected award A = Σ P(k) × free spins(k).
 * - Free spins play the same strips with every win × m and retrigger with the same awards, so the value of
 *   one free spin v satisfies v = m·b + A·v, i.e. v = m·b / (1 − A) (A < 1), where b is the return of one
 *   spin (lines + scatters). A paid spin returns b + A·v.
 *
 * Expectation is linear, so line pays, scatter pays and awards may be summed although they are correlated.
 * All arithmetic is on exact fractions (bigint numerator and denominator).
 */

export type Fraction = { numerator: bigint; denominator: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export const fraction = (numerator: bigint, denominator = 1n): Fraction => {
  if (denominator === 0n) throw new RangeError('zero denominator');
  const sign = denominator < 0n ? -1n : 1n;
  const divisor = gcd(numerator, denominator) || 1n;
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
};
export const add = (a: Fraction, b: Fraction): Fraction =>
  fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
export const subtract = (a: Fraction, b: Fraction): Fraction =>
  add(a, { numerator: -b.numerator, denominator: b.denominator });
export const multiply = (a: Fraction, b: Fraction): Fraction =>
  fraction(a.numerator * b.numerator, a.denominator * b.denominator);
export const divide = (a: Fraction, b: Fraction): Fraction =>
  fraction(a.numerator * b.denominator, a.denominator * b.numerator);
export const toNumber = (value: Fraction): number => Number(value.numerator) / Number(value.denominator);

/** A fraction as a percentage with `digits` decimals, rounded half up (for display). */
export const toPercent = (value: Fraction, digits = 4): string => {
  const scale = 10n ** BigInt(digits);
  const scaled = (value.numerator * 100n * scale * 2n + value.denominator) / (value.denominator * 2n);
  const whole = scaled / scale;
  const rest = (scaled % scale).toString().padStart(digits, '0');
  return digits === 0 ? `${whole}%` : `${whole}.${rest}%`;
};

export type SlotReturn = {
  /** Lines, per unit of stake, one spin without multiplier. */
  lines: Fraction;
  /** Scatter pays, per unit of stake, one spin without multiplier. */
  scatters: Fraction;
  /** b = lines + scatters. */
  spin: Fraction;
  /** P(a spin awards free spins). */
  freeSpinTrigger: Fraction;
  /** A = expected free spins awarded per spin. */
  expectedAward: Fraction;
  /** v = m·b / (1 − A): the value of one free spin with its retriggers. */
  freeSpinValue: Fraction;
  /** A·v: what free spins add to a paid spin. */
  freeSpins: Fraction;
  /** b + A·v: the slot's own return (without any jackpot). */
  total: Fraction;
  /** Distinct symbol tuples the line sum went over. */
  lineTuples: number;
};

const symbolCounts = (strip: readonly SlotSymbol[]): Map<SlotSymbol, bigint> => {
  const counts = new Map<SlotSymbol, bigint>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0n) + 1n);
  return counts;
};

const stripLengths = (definition: SlotDefinition): bigint =>
  definition.reels.reduce((product, strip) => product * BigInt(strip.length), 1n);

/** One line's expected pay in line-bet units: Σ over symbol tuples of pay × Π counts, / Π lengths. */
const lineExpectation = (definition: SlotDefinition): { value: Fraction; tuples: number } => {
  const perReel = definition.reels.map((strip) => [...symbolCounts(strip)]);
  let numerator = 0n;
  let tuples = 0;
  const symbols: SlotSymbol[] = [];
  const walk = (reel: number, weight: bigint): void => {
    const choices = perReel[reel];
    if (choices === undefined) {
      tuples += 1;
      const win = evaluateLine(definition, symbols);
      if (win) numerator += BigInt(win.pays) * weight;
      return;
    }
    for (const [symbol, count] of choices) {
      symbols[reel] = symbol;
      walk(reel + 1, weight * count);
    }
  };
  walk(0, 1n);
  return { value: fraction(numerator, stripLengths(definition)), tuples };
};

/** Weights (numerators over Π lengths) of the number of scatters in the window: index = scatter count. */
export const scatterCountWeights = (definition: SlotDefinition): bigint[] => {
  let weights: bigint[] = [1n];
  for (const strip of definition.reels) {
    const reelWeights = Array.from({ length: definition.rows + 1 }, () => 0n);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let count = 0;
      for (let row = 0; row < definition.rows; row += 1) {
        if (strip[(stop + row) % strip.length] === definition.scatter) count += 1;
      }
      reelWeights[count] = (reelWeights[count] ?? 0n) + 1n;
    }
    const next = Array.from({ length: weights.length + definition.rows }, () => 0n);
    weights.forEach((weight, have) => {
      reelWeights.forEach((reelWeight, add) => {
        next[have + add] = (next[have + add] ?? 0n) + weight * reelWeight;
      });
    });
    weights = next;
  }
  return weights;
};

export const computeSlotReturn = (definition: SlotDefinition): SlotReturn => {
  const total = stripLengths(definition);
  const { value: lines, tuples } = lineExpectation(definition);
  const weights = scatterCountWeights(definition);
  const sumOver = (pays: readonly number[]) =>
    fraction(
      weights.reduce((sum, weight, count) => sum + weight * BigInt(pays[count] ?? 0), 0n),
      total,
    );
  const scatters = sumOver(definition.scatterPays);
  const expectedAward = sumOver(definition.freeSpinsAwarded);
  const freeSpinTrigger = sumOver(definition.freeSpinsAwarded.map((award) => (award > 0 ? 1 : 0)));
  if (expectedAward.numerator >= expectedAward.denominator) {
    throw new Error('free spins retrigger on average at least once per spin: the return is infinite');
  }
  const spin = add(lines, scatters);
  const freeSpinValue = divide(
    multiply(fraction(BigInt(definition.freeSpinMultiplier)), spin),
    subtract(fraction(1n), expectedAward),
  );
  const freeSpins = multiply(expectedAward, freeSpinValue);
  return {
    lines,
    scatters,
    spin,
    freeSpinTrigger,
    expectedAward,
    freeSpinValue,
    freeSpins,
    total: add(spin, freeSpins),
    lineTuples: tuples,
  };
};
