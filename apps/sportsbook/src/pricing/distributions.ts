/** A discrete distribution of a whole quantity (a margin, a total): value → probability. */
export type Distribution = Map<number, number>;

export const distributionOf = <T>(
  outcomes: readonly T[],
  valueOf: (outcome: T) => number,
  probabilityOf: (outcome: T) => number,
): Distribution => {
  const distribution: Distribution = new Map();
  for (const outcome of outcomes) {
    const value = valueOf(outcome);
    distribution.set(value, (distribution.get(value) ?? 0) + probabilityOf(outcome));
  }
  return distribution;
};

/** P(N = k) for k = 0, 1, … of a Poisson count with this mean, cut where the tail is below 1e-12 (and renormalised). */
export const poissonProbabilities = (mean: number): number[] => {
  const probabilities = [Math.exp(-mean)];
  let cumulative = probabilities[0] ?? 1;
  for (let count = 1; 1 - cumulative > 1e-12 && count < 200; count += 1) {
    const probability = ((probabilities[count - 1] ?? 0) * mean) / count;
    probabilities.push(probability);
    cumulative += probability;
  }
  return probabilities.map((probability) => probability / cumulative);
};

/** Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7). */
const errorFunction = (x: number): number => {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const polynomial =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return Math.sign(x) * (1 - polynomial * Math.exp(-x * x));
};

export const normalCdf = (z: number): number => 0.5 * (1 + errorFunction(z / Math.SQRT2));

/**
 * A normal N(mean, sd²) over the integers with continuity correction: P(k) = Φ((k + ½ − μ)/σ) − Φ((k − ½ − μ)/σ),
 * for k within 8σ, renormalised; sd 0 is a point mass at the nearest integer.
 */
export const discretisedNormal = (mean: number, sd: number): Distribution => {
  if (sd <= 0) return new Map([[Math.round(mean), 1]]);
  const outcomes: Array<[number, number]> = [];
  for (let value = Math.floor(mean - 8 * sd); value <= Math.ceil(mean + 8 * sd); value += 1) {
    outcomes.push([value, normalCdf((value + 0.5 - mean) / sd) - normalCdf((value - 0.5 - mean) / sd)]);
  }
  const total = outcomes.reduce((sum, [, probability]) => sum + probability, 0);
  return new Map(outcomes.map(([value, probability]) => [value, probability / total]));
};

/**
 * The fair probabilities of a two-way line market (asian handicap, over/under) on a whole quantity X. Side A's
 * stake wins when 4X + offset > 0 (offset in quarters: the home handicap, or minus the total line), is returned
 * when 4X + offset = 0 and loses otherwise; a quarter offset puts half the stake on each neighbour, offset ± 1.
 * With w₁, w₂ and p₁, p₂ the win and push chances of the two halves, the fair decimal odds o give an expected
 * return equal to the stake: ½(w₁o + p₁) + ½(w₂o + p₂) = 1, so o = (2 − p₁ − p₂)/(w₁ + w₂). The "probability"
 * priced is 1/o; side B's, (l₁ + l₂)/(2 − p₁ − p₂), completes it to exactly 1. Nothing when a push is certain.
 */
export const twoWayLine = (
  distribution: Distribution,
  offsetQuarters: number,
): [number, number] | undefined => {
  const isQuarter = Math.abs(offsetQuarters % 2) === 1;
  const halves = isQuarter ? [offsetQuarters - 1, offsetQuarters + 1] : [offsetQuarters, offsetQuarters];
  let [winA, winB, push] = [0, 0, 0];
  for (const offset of halves) {
    for (const [value, probability] of distribution) {
      const settled = 4 * value + offset;
      if (settled > 0) winA += probability;
      else if (settled < 0) winB += probability;
      else push += probability;
    }
  }
  const stakeAtRisk = 2 - push;
  if (stakeAtRisk < 1e-12) return undefined;
  return [winA / stakeAtRisk, winB / stakeAtRisk];
};
