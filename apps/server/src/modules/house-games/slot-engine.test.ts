import { describe, expect, it } from 'vitest';
import { createFairIntegerStream, drawFairIntegers } from './fairness';
import { houseSlot } from './slot-definition';
import {
  assertValidDefinition,
  evaluateLine,
  evaluateSpin,
  gridOf,
  playRound,
  type SlotDefinition,
} from './slot-engine';
import { computeSlotReturn, fraction, scatterCountWeights, toPercent, type Fraction } from './slot-rtp';

/**
 * A slot small enough to check by hand: 3 reels of 3 stops, one row, one payline.
 *   reel 1: A W S    reel 2: A B W    reel 3: A B S
 * Pays (line bet = stake): A×3 = 10, B×3 = 5, W×3 = 20; 2 scatters anywhere pay 3× and award 2 free spins
 * at ×3 (which can retrigger).
 */
const tiny: SlotDefinition = {
  rows: 1,
  reels: [
    ['A', 'W', 'S'],
    ['A', 'B', 'W'],
    ['A', 'B', 'S'],
  ],
  paylines: [[0, 0, 0]],
  wild: 'W',
  scatter: 'S',
  linePays: { A: [0, 0, 0, 10], B: [0, 0, 0, 5], W: [0, 0, 0, 20] },
  scatterPays: [0, 0, 3, 0],
  freeSpinsAwarded: [0, 0, 2, 0],
  freeSpinMultiplier: 3,
};

const same = (a: Fraction, b: Fraction) => {
  expect(a).toEqual(fraction(b.numerator, b.denominator));
};

/** A stream answering the given integers in order, for scripted spins. */
const scripted = (values: number[]) => {
  let index = 0;
  return (bound: number) => {
    const value = values[index];
    index += 1;
    if (value === undefined || value >= bound) throw new Error('script ran out');
    return value;
  };
};

describe('exact return', () => {
  it('matches the hand computation of the small slot', () => {
    // Lines, all 27 windows (reel 1 = S never pays a line):
    //   reel 1 = A: AAA 10, AWA 10, others 0                                  → 20
    //   reel 1 = W: WAA 10, WBB 5, WWA 10 (wild pair pays nothing), WWB 5      → 30
    // so one line pays 50/27 line bets. Scatters: reel 1 and reel 3 each show S with 1/3, so two scatters
    // with 1/9: scatter return 3/9 = 1/3, expected award A = 2/9. b = 50/27 + 1/3 = 59/27.
    // v = m·b/(1 − A) = 3·(59/27)/(7/9) = 59/7; free spins add A·v = 118/63; total 59/27 + 118/63 = 767/189.
    const result = computeSlotReturn(tiny);
    same(result.lines, fraction(50n, 27n));
    same(result.scatters, fraction(1n, 3n));
    same(result.spin, fraction(59n, 27n));
    same(result.expectedAward, fraction(2n, 9n));
    same(result.freeSpinTrigger, fraction(1n, 9n));
    same(result.freeSpinValue, fraction(59n, 7n));
    same(result.freeSpins, fraction(118n, 63n));
    same(result.total, fraction(767n, 189n));
    expect(result.lineTuples).toBe(27);
  });

  it('equals the brute-force average of every stop combination of the small slot', () => {
    let units = 0;
    for (let a = 0; a < 3; a += 1)
      for (let b = 0; b < 3; b += 1)
        for (let c = 0; c < 3; c += 1) units += evaluateSpin(tiny, [a, b, c]).units;
    same(computeSlotReturn(tiny).spin, fraction(BigInt(units), 27n));
  });

  it('counts scatters per window, not per line', () => {
    const threeRows: SlotDefinition = { ...tiny, rows: 3 };
    // Every window of 3 rows shows the whole 3-stop reel: reels 1 and 3 always show one scatter each.
    expect(scatterCountWeights(threeRows)).toEqual([0n, 0n, 27n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]);
  });

  it('puts the house slot between 95% and 97%', () => {
    assertValidDefinition(houseSlot);
    const result = computeSlotReturn(houseSlot);
    expect(toPercent(result.total)).toBe('95.6995%');
    expect(result.total.numerator * 100n).toBeGreaterThan(95n * result.total.denominator);
    expect(result.total.numerator * 100n).toBeLessThan(97n * result.total.denominator);
  });
});

describe('payline evaluation', () => {
  it('lets a wild stand in for the symbol that follows it', () => {
    expect(evaluateLine(tiny, ['W', 'A', 'A'])).toEqual({ symbol: 'A', count: 3, pays: 10 });
    expect(evaluateLine(tiny, ['A', 'W', 'A'])).toEqual({ symbol: 'A', count: 3, pays: 10 });
    expect(evaluateLine(tiny, ['A', 'B', 'A'])).toBeNull();
  });

  it('pays a line of wilds alone as wilds, or the symbol they complete when that pays more', () => {
    expect(evaluateLine(tiny, ['W', 'W', 'W'])).toEqual({ symbol: 'W', count: 3, pays: 20 });
    // House slot: 3 wilds (50) beat 4 cherries (8); 3 wilds (50) lose to 5 bells (200).
    expect(evaluateLine(houseSlot, ['WILD', 'WILD', 'WILD', 'CHERRY', 'LEMON'])).toEqual({
      symbol: 'WILD',
      count: 3,
      pays: 50,
    });
    expect(evaluateLine(houseSlot, ['WILD', 'WILD', 'WILD', 'BELL', 'BELL'])).toEqual({
      symbol: 'BELL',
      count: 5,
      pays: 200,
    });
  });

  it('never lets a scatter take part in a line', () => {
    expect(evaluateLine(tiny, ['W', 'W', 'S'])).toBeNull();
    expect(evaluateLine(tiny, ['S', 'A', 'A'])).toBeNull();
  });

  it('pays scatters anywhere in the window and reads the window from the stops', () => {
    const window: SlotDefinition = { ...tiny, rows: 2, paylines: [[0, 0, 0]] };
    // Stops 1, 0, 1: reel 1 shows W,S, reel 2 A,B, reel 3 B,S: the line reads W A B (no win), two scatters
    // off the line pay 3 × the stake (= 3 line bets with one line) and award 2 free spins.
    const spin = evaluateSpin(window, [1, 0, 1]);
    expect(spin.grid).toEqual([
      ['W', 'S'],
      ['A', 'B'],
      ['B', 'S'],
    ]);
    expect(spin.lineWins).toEqual([]);
    expect(spin.scatterCount).toBe(2);
    expect(spin.scatterPays).toBe(3);
    expect(spin.freeSpinsAwarded).toBe(2);
    expect(spin.units).toBe(3);
  });

  it('adds every line of the house slot and counts the stake as 20 line bets for scatters', () => {
    // Middle row all SEVEN would need stops showing them; find them on the strips.
    const stops = houseSlot.reels.map((strip) => strip.indexOf('SEVEN') - 1);
    const spin = evaluateSpin(houseSlot, stops);
    expect(gridOf(houseSlot, stops).map((column) => column[1])).toEqual(Array(5).fill('SEVEN'));
    expect(spin.lineWins.find((win) => win.line === 0)).toEqual({
      line: 0,
      symbol: 'SEVEN',
      count: 5,
      pays: 500,
    });
    expect(spin.units).toBe(spin.lineWins.reduce((sum, win) => sum + win.pays, 0) + spin.scatterPays * 20);
  });
});

describe('rounds', () => {
  it('plays the free spins a trigger awards, with the multiplier, and their retriggers', () => {
    // Base 2,0,2 = S A S: two scatters (3 units, 2 free spins). Free spin 1: 2,0,2 again retriggers
    // (3 × 3 = 9 units, 2 more). Then A A A three times (10 × 3 = 30 each).
    const round = playRound(tiny, scripted([2, 0, 2, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(round.base.units).toBe(3);
    expect(round.freeSpins.map((spin) => spin.units)).toEqual([9, 30, 30, 30]);
    expect(round.units).toBe(3 + 9 + 90);
  });

  it('draws the stops from the fair stream, reel by reel', () => {
    const seeds = { serverSeed: 'server', clientSeed: 'client', nonce: 3 };
    const round = playRound(houseSlot, createFairIntegerStream(seeds));
    expect(round.base.stops).toEqual(
      drawFairIntegers(
        seeds,
        houseSlot.reels.map((strip) => strip.length),
      ),
    );
  });
});

describe('the fair stream', () => {
  it('reads the same integers as drawFairIntegers, one bound at a time', () => {
    const seeds = { serverSeed: 'a', clientSeed: 'b', nonce: 0 };
    const bounds = [32, 2 ** 31 + 1, 7, 2 ** 32, 1_000_000, 32, 32, 32, 32, 32, 32, 32];
    const next = createFairIntegerStream(seeds);
    expect(bounds.map((bound) => next(bound))).toEqual(drawFairIntegers(seeds, bounds));
  });
});
