import type { MilliOdds, Outcome } from '../domain';

/** An exact fraction: money and odds are combined only as these, never as floats. */
export type Ratio = { numerator: bigint; denominator: bigint };

/** A settled leg of a line: its outcome at the odds it was placed at. */
export type SettledLeg = { outcome: Outcome; odds: MilliOdds };

const milli = 1000n;
const basisPointsInWhole = 10_000n;

/** Throws unless `odds` are whole thousandths above 1.000 (a price of 1.000 or less pays nothing). */
export function assertMilliOdds(odds: MilliOdds): void {
  if (!Number.isSafeInteger(odds) || odds <= 1000) {
    throw new RangeError(`Odds must be whole thousandths above 1.000 (1950 is 1.950), not ${odds}.`);
  }
}

/** What a leg multiplies its line's stake by: win → odds, lose → 0, push/void → 1, halves average the two. */
export function legFactor({ outcome, odds }: SettledLeg): Ratio {
  assertMilliOdds(odds);
  const price = BigInt(odds);
  switch (outcome) {
    case 'win':
      return { numerator: price, denominator: milli };
    case 'lose':
      return { numerator: 0n, denominator: 1n };
    case 'push':
    case 'void':
      return { numerator: 1n, denominator: 1n };
    case 'half_win':
      return { numerator: milli + price, denominator: 2n * milli };
    case 'half_lose':
      return { numerator: 1n, denominator: 2n };
  }
}

export const multiplyRatios = (ratios: readonly Ratio[]): Ratio =>
  ratios.reduce(
    (product, ratio) => ({
      numerator: product.numerator * ratio.numerator,
      denominator: product.denominator * ratio.denominator,
    }),
    { numerator: 1n, denominator: 1n },
  );

/** `amount` × `ratio`, floored to the minor unit (the book never pays a fraction of one). */
export function applyRatio(amount: bigint, ratio: Ratio): bigint {
  if (amount < 0n || ratio.numerator < 0n || ratio.denominator <= 0n) {
    throw new RangeError('Only non-negative amounts and ratios are paid out.');
  }
  return (amount * ratio.numerator) / ratio.denominator;
}

/** 1 − `basisPoints` / 10,000 (500 is 5 %), for a margin or the part of a bet that stays on. */
export function remainderAfterBasisPoints(basisPoints: number): Ratio {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`Basis points run from 0 to 10000, not ${basisPoints}.`);
  }
  return { numerator: basisPointsInWhole - BigInt(basisPoints), denominator: basisPointsInWhole };
}

/** What a line returns: its stake × the product of its legs' factors, floored to the minor unit. */
export const lineReturn = (stake: bigint, legs: readonly SettledLeg[]): bigint =>
  applyRatio(stake, multiplyRatios(legs.map(legFactor)));

/** The exact product of the legs' odds in milli^n units: 1.950 × 2.100 is 4095000n (4.095000). */
export function combineOdds(odds: readonly MilliOdds[]): bigint {
  if (odds.length === 0) throw new RangeError('Combined odds need at least one leg.');
  return odds.reduce((product, price) => {
    assertMilliOdds(price);
    return product * BigInt(price);
  }, 1n);
}

/** The exact combined odds as a decimal, trailing zeros trimmed to at least 2 decimals: "4.095", "4.00". */
export function formatCombinedOdds(odds: readonly MilliOdds[]): string {
  const product = combineOdds(odds);
  const decimals = 3 * odds.length;
  const scale = 10n ** BigInt(decimals);
  const fraction = (product % scale).toString().padStart(decimals, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${(product / scale).toString()}.${fraction}`;
}
