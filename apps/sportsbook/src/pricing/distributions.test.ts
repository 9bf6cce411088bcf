import { describe, expect, it } from 'vitest';
import { discretisedNormal, poissonProbabilities, twoWayLine } from './distributions';

const total = (values: Iterable<number>): number => [...values].reduce((sum, value) => sum + value, 0);

describe('distributions', () => {
  it('gives Poisson and discretised normal probabilities that sum to 1', () => {
    expect(poissonProbabilities(0)).toEqual([1]);
    expect(poissonProbabilities(1.5)[2]).toBeCloseTo((Math.exp(-1.5) * 1.5 ** 2) / 2, 9);
    expect(total(poissonProbabilities(3.2))).toBeCloseTo(1, 12);
    const normal = discretisedNormal(2.5, 4);
    expect(total(normal.values())).toBeCloseTo(1, 12);
    expect(normal.get(2)).toBeCloseTo(normal.get(3) ?? 0, 6);
    expect(discretisedNormal(7, 0)).toEqual(new Map([[7, 1]]));
  });

  it('prices a quarter line by the expected return of its two half stakes', () => {
    // Home margin −1, 0, +1 with 0.3, 0.3, 0.4; home −0.25 = half on 0 (win 0.4, push 0.3) and half on −0.5
    // (win 0.4): o = (2 − 0.3) / 0.8 = 2.125, so 1/o = 0.8 / 1.7; away's (0.3 + 0.6) / 1.7.
    const margins = new Map([
      [-1, 0.3],
      [0, 0.3],
      [1, 0.4],
    ]);
    const [home, away] = twoWayLine(margins, -1) ?? [];
    expect(home).toBeCloseTo(0.8 / 1.7, 12);
    expect(away).toBeCloseTo(0.9 / 1.7, 12);
    // A whole line returns pushes: home 0 is 0.4 / 0.7 against 0.3 / 0.7.
    const [homeLevel, awayLevel] = twoWayLine(margins, 0) ?? [];
    expect(homeLevel).toBeCloseTo(0.4 / 0.7, 12);
    expect(awayLevel).toBeCloseTo(0.3 / 0.7, 12);
    expect(twoWayLine(new Map([[0, 1]]), 0)).toBeUndefined();
  });
});
