import { describe, expect, it } from 'vitest';
import { createFairIntegerStream } from '../fairness';
import { type NiuNiuContender, niuNiuRecordOf, settleNiuNiu } from './niu-niu-settlement';

const noRake = { basisPoints: 0, cap: 0n };
const fivePercent = { basisPoints: 500, cap: 10_000n };

/** A contender: `score` orders the hands, `handMultiplier` is what its hand pays. */
const at = (
  seat: number,
  stack: bigint,
  score: number,
  handMultiplier = 1,
  multiplier = 1,
): NiuNiuContender => ({ seat, stack, score, handMultiplier, multiplier });

const byseat = <T extends { seat: number }>(entries: readonly T[]) =>
  Object.fromEntries(entries.map((entry) => [entry.seat, entry]));

describe('Niu-Niu settlement against the banker', () => {
  it('pays base × bank × bet × the winning hand’s multiplier between each player and the banker, then rakes each winner', () => {
    // Banker seat 0 (bull 8, ×2) at 2× bank; seat 1 bets 3× with bull-bull (×3) and wins; seat 2 bets 1× and
    // loses with bull 2 (the banker's ×2 pays).
    const settlement = settleNiuNiu({
      contenders: [at(0, 10_000n, 500, 2), at(1, 10_000n, 700, 3, 3), at(2, 10_000n, 100, 1, 1)],
      bankerSeat: 0,
      bankerFactor: 2,
      baseStake: 100n,
      rake: fivePercent,
    });
    expect(settlement.pairings).toEqual([
      { seat: 1, playerWins: true, handMultiplier: 3, due: 1_800n, capped: 1_800n, amount: 1_800n },
      { seat: 2, playerWins: false, handMultiplier: 2, due: 400n, capped: 400n, amount: 400n },
    ]);
    const outcomes = byseat(settlement.outcomes);
    expect(outcomes[0]).toMatchObject({ net: -1_400n, rake: 0n, stackAfter: 8_600n });
    expect(outcomes[1]).toMatchObject({ net: 1_800n, rake: 90n, stackAfter: 11_710n });
    expect(outcomes[2]).toMatchObject({ net: -400n, rake: 0n, stackAfter: 9_600n });
    expect(settlement).toMatchObject({ rake: 90n, isBankShort: false });
  });

  it('rakes the banker’s net win too, and never a loss', () => {
    const settlement = settleNiuNiu({
      contenders: [at(0, 5_000n, 100), at(1, 5_000n, 900, 3), at(2, 5_000n, 50)],
      bankerSeat: 1,
      bankerFactor: 1,
      baseStake: 100n,
      rake: fivePercent,
    });
    // Both players lose 300 (bull-bull ×3) to the banker, who wins 600 and pays 30.
    expect(byseat(settlement.outcomes)[1]).toMatchObject({ net: 600n, rake: 30n, stackAfter: 5_570n });
    expect(byseat(settlement.outcomes)[0]).toMatchObject({ net: -300n, rake: 0n, stackAfter: 4_700n });
    // In turn order from the banker's left: seat 2, then seat 0.
    expect(settlement.pairings.map((pairing) => pairing.seat)).toEqual([2, 0]);
  });

  it('bounds every pair by the player’s stack: nobody loses or wins more than they brought', () => {
    const settlement = settleNiuNiu({
      contenders: [at(0, 10_000n, 500, 5), at(1, 500n, 100, 1, 5), at(2, 300n, 900, 5, 5)],
      bankerSeat: 0,
      bankerFactor: 4,
      baseStake: 100n,
      rake: noRake,
    });
    // Seat 1 owes 100 × 4 × 5 × 5 = 10 000 and pays its 500; seat 2 is owed 10 000 and gets its 300.
    expect(byseat(settlement.pairings)[1]).toMatchObject({ due: 10_000n, capped: 500n, amount: 500n });
    expect(byseat(settlement.pairings)[2]).toMatchObject({ due: 10_000n, capped: 300n, amount: 300n });
    expect(settlement.outcomes.map((outcome) => outcome.stackAfter)).toEqual([10_200n, 0n, 600n]);
  });

  it('shares a bank that cannot cover its losses in proportion, the odd units from the banker’s left', () => {
    // Banker seat 2 holds 800 and collects 200 from seat 1; seats 3 and 0 are owed 700 and 400: 1 000 for
    // 1 100 owed → ⌊636.36⌋ and ⌊363.63⌋, and the unit left over to seat 3, first from the banker's left.
    const settlement = settleNiuNiu({
      contenders: [
        at(0, 5_000n, 800, 2, 2),
        at(1, 5_000n, 10, 1, 2),
        at(2, 800n, 500, 1),
        at(3, 5_000n, 900, 7, 1),
      ],
      bankerSeat: 2,
      bankerFactor: 1,
      baseStake: 100n,
      rake: noRake,
    });
    expect(settlement.isBankShort).toBe(true);
    expect(byseat(settlement.pairings)[3]).toMatchObject({ capped: 700n, amount: 637n });
    expect(byseat(settlement.pairings)[0]).toMatchObject({ capped: 400n, amount: 363n });
    expect(byseat(settlement.outcomes)[2]).toMatchObject({ net: -800n, stackAfter: 0n });
  });

  it('caps the hand’s rake, shared between the winners in proportion to their wins', () => {
    const settlement = settleNiuNiu({
      contenders: [at(0, 50_000n, 100), at(1, 50_000n, 800, 3, 2), at(2, 50_000n, 900, 2, 2)],
      bankerSeat: 0,
      bankerFactor: 1,
      baseStake: 1_000n,
      rake: { basisPoints: 500, cap: 300n },
    });
    // Wins of 6 000 and 4 000 would pay 300 + 200; the cap of 300 is shared 6 : 4.
    expect(settlement.outcomes.map((outcome) => outcome.rake)).toEqual([0n, 180n, 120n]);
    expect(settlement.rake).toBe(300n);
  });

  it('writes betting records with the most a seat could lose as its stake, never a negative win', () => {
    const settlement = settleNiuNiu({
      contenders: [at(0, 10_000n, 500, 2), at(1, 10_000n, 700, 3, 3), at(2, 1_000n, 100, 1, 2)],
      bankerSeat: 0,
      bankerFactor: 2,
      baseStake: 100n,
      rake: fivePercent,
    });
    const records = settlement.outcomes.map(niuNiuRecordOf);
    // Seat 1: up to 100 × 2 × 3 × 5 = 3 000 at stake; won 1 800 less 90 rake.
    expect(records[1]).toEqual({ betAmount: 3_000n, winAmount: 4_710n, validBet: 1_800n });
    // Seat 2: 2 000 at stake by the bets, bounded by its stack of 1 000; lost 800.
    expect(records[2]).toEqual({ betAmount: 1_000n, winAmount: 200n, validBet: 800n });
    // The banker: its stack bounds what it risks against both.
    expect(records[0]).toEqual({ betAmount: 4_000n, winAmount: 3_000n, validBet: 1_000n });
  });

  it('conserves chips over many random hands: stacks never below zero, the rake the only difference', () => {
    const next = createFairIntegerStream({ serverSeed: 'niu-niu-settlement', clientSeed: 'test', nonce: 1 });
    for (let hand = 0; hand < 2_000; hand += 1) {
      const count = 2 + next(5);
      const scores = Array.from({ length: count }, (_, index) => index * 10 + next(10));
      const contenders = scores.map((score, seat) =>
        at(
          seat,
          BigInt(1 + next(20_000)),
          score + next(1_000) * 100,
          [1, 2, 3, 5][next(4)] ?? 1,
          1 + next(5),
        ),
      );
      const settlement = settleNiuNiu({
        contenders,
        bankerSeat: next(count),
        bankerFactor: 1 + next(4),
        baseStake: BigInt(1 + next(500)),
        rake: { basisPoints: next(1_001), cap: BigInt(next(2_000)) },
      });
      const before = contenders.reduce((sum, contender) => sum + contender.stack, 0n);
      const after = settlement.outcomes.reduce((sum, outcome) => sum + outcome.stackAfter, 0n);
      expect(after + settlement.rake).toBe(before);
      for (const outcome of settlement.outcomes) {
        expect(outcome.stackAfter).toBeGreaterThanOrEqual(0n);
        const record = niuNiuRecordOf(outcome);
        expect(record.winAmount).toBeGreaterThanOrEqual(0n);
        expect(record.validBet).toBeLessThanOrEqual(record.betAmount);
      }
      for (const pairing of settlement.pairings) expect(pairing.amount).toBeLessThanOrEqual(pairing.capped);
    }
  });
});
