import type { MilliOdds } from '../domain';

/**
 * The power method: each fair probability p becomes p^k, with the one k in (0, 1] that makes Σ p^k = 1 + margin
 * (found by bisection; Σ p^k falls as k rises). Long shots carry relatively more of the margin than favourites
 * (the favourite–longshot bias books price in), and no price ever exceeds its fair odds.
 */
export const applyMargin = (probabilities: readonly number[], marginBasisPoints: number): number[] => {
  const target = 1 + marginBasisPoints / 10_000;
  const overroundAt = (exponent: number): number =>
    probabilities.reduce((sum, probability) => sum + probability ** exponent, 0);
  let [low, high] = [0, 1];
  for (let step = 0; step < 60; step += 1) {
    const middle = (low + high) / 2;
    if (overroundAt(middle) > target) low = middle;
    else high = middle;
  }
  // `low` errs towards the operator: its overround is at least the target.
  return probabilities.map((probability) => probability ** low);
};

export const minimumOdds: MilliOdds = 1010;
export const maximumOdds: MilliOdds = 1_000_000;

/** Decimal odds up to `below` are quoted in steps of `step` (all in thousandths). */
const oddsLadder: Array<{ below: number; step: number }> = [
  { below: 2_000, step: 10 },
  { below: 3_000, step: 20 },
  { below: 4_000, step: 50 },
  { below: 6_000, step: 100 },
  { below: 10_000, step: 200 },
  { below: 20_000, step: 500 },
  { below: 50_000, step: 1_000 },
  { below: 100_000, step: 2_000 },
  { below: Infinity, step: 10_000 },
];

/** 1 / probability, floored to the ladder's step (1.01–2 by 0.01, 2–3 by 0.02 …), within 1.01 and 1000. */
export const toMilliOdds = (pricedProbability: number): MilliOdds => {
  const exact = 1000 / pricedProbability;
  const step = oddsLadder.find(({ below }) => exact < below)?.step ?? 10;
  return Math.min(maximumOdds, Math.max(minimumOdds, Math.floor(exact / step) * step));
};

/** Fair probabilities to quoted odds with the margin (basis points: 500 is a 5 % overround). */
export const priceWithMargin = (probabilities: readonly number[], marginBasisPoints: number): MilliOdds[] =>
  applyMargin(probabilities, marginBasisPoints).map(toMilliOdds);
