import { describe, expect, it } from 'vitest';
import { createFairIntegerStream } from '../fairness';
import { awardPots, buildPots, clockwiseFromButton, type Contribution } from './side-pots';

const live = (seat: number, amount: bigint): Contribution => ({ seat, amount, folded: false });
const folded = (seat: number, amount: bigint): Contribution => ({ seat, amount, folded: true });
const total = (amounts: readonly bigint[]) => amounts.reduce((sum, amount) => sum + amount, 0n);

describe('building the pots', () => {
  it('layers three all-ins of different sizes, two callers and a folded player', () => {
    // Seat 0 all-in 20, seat 1 all-in 50, seat 2 all-in 120, seats 3 and 4 bet and call 200, seat 5 put in
    // 80 and folded.
    const contributions = [
      live(0, 20n),
      live(1, 50n),
      live(2, 120n),
      live(3, 200n),
      live(4, 200n),
      folded(5, 80n),
    ];
    const { pots, returned } = buildPots(contributions);
    expect(returned).toEqual([]);
    expect(pots).toEqual([
      { amount: 120n, eligible: [0, 1, 2, 3, 4] }, // 20 from each of the six
      { amount: 150n, eligible: [1, 2, 3, 4] }, // 30 from seats 1 to 5
      { amount: 240n, eligible: [2, 3, 4] }, // 70 from seats 2, 3, 4 and the folded seat's last 30
      { amount: 160n, eligible: [3, 4] }, // 80 from seats 3 and 4
    ]);
    expect(total(pots.map((pot) => pot.amount))).toBe(670n);
  });

  it('hands back the uncalled part of the largest bet', () => {
    const { pots, returned } = buildPots([live(0, 50n), live(1, 100n)]);
    expect(returned).toEqual([{ seat: 1, amount: 50n }]);
    expect(pots).toEqual([{ amount: 100n, eligible: [0, 1] }]);
  });

  it('gives the blinds to the last seat when everybody folds to its raise, its raise back but the call', () => {
    const { pots, returned } = buildPots([folded(1, 5n), folded(2, 10n), live(3, 30n)]);
    expect(returned).toEqual([{ seat: 3, amount: 20n }]);
    expect(pots).toEqual([{ amount: 25n, eligible: [3] }]);
  });

  it('returns nothing when the largest contribution is shared or belongs to a folded seat', () => {
    expect(buildPots([live(0, 100n), live(1, 100n), folded(2, 40n)])).toEqual({
      pots: [{ amount: 240n, eligible: [0, 1] }],
      returned: [],
    });
    // Seat 2 raised to 300 and was folded by a timeout: its chips above the live seats' go to the last pot.
    expect(buildPots([live(0, 50n), live(1, 100n), folded(2, 300n)])).toEqual({
      pots: [
        { amount: 150n, eligible: [0, 1] },
        { amount: 300n, eligible: [1] },
      ],
      returned: [],
    });
  });

  it('makes one pot of equal all-ins', () => {
    expect(buildPots([live(4, 75n), live(7, 75n), live(1, 75n)]).pots).toEqual([
      { amount: 225n, eligible: [1, 4, 7] },
    ]);
  });

  it('puts chips from a folded seat short of the first level in the main pot only', () => {
    expect(buildPots([folded(0, 10n), live(1, 40n), live(2, 100n), live(3, 100n)]).pots).toEqual([
      { amount: 130n, eligible: [1, 2, 3] },
      { amount: 120n, eligible: [2, 3] },
    ]);
  });

  it('refuses a seat twice, a negative amount or a hand without a live seat', () => {
    expect(() => buildPots([live(1, 10n), live(1, 10n)])).toThrow(RangeError);
    expect(() => buildPots([live(1, -1n), live(2, 10n)])).toThrow(RangeError);
    expect(() => buildPots([folded(1, 10n), folded(2, 10n)])).toThrow(RangeError);
    expect(() => buildPots([live(-1, 10n), live(2, 10n)])).toThrow(RangeError);
  });

  it('keeps every chip and lets every pot be won by fewer seats than the one before (random hands)', () => {
    const next = createFairIntegerStream({ serverSeed: 'pots', clientSeed: 'property', nonce: 0 });
    for (let hand = 0; hand < 2_000; hand += 1) {
      const seats = 2 + next(8);
      const contributions = Array.from({ length: seats }, (_, seat) => ({
        seat,
        amount: BigInt(next(6) * 25 + next(3)),
        folded: next(3) === 0,
      }));
      const first = contributions[0];
      if (first && contributions.every((contribution) => contribution.folded)) first.folded = false;
      const { pots, returned } = buildPots(contributions);
      expect(total([...pots.map((pot) => pot.amount), ...returned.map((back) => back.amount)])).toBe(
        total(contributions.map((contribution) => contribution.amount)),
      );
      expect(returned.length).toBeLessThanOrEqual(1);
      pots.forEach((pot, index) => {
        expect(pot.amount).toBeGreaterThan(0n);
        for (const seat of pot.eligible) expect(contributions[seat]?.folded).toBe(false);
        const before = pots[index - 1];
        if (before) {
          expect(pot.eligible.length).toBeLessThan(before.eligible.length);
          expect(pot.eligible.every((seat) => before.eligible.includes(seat))).toBe(true);
        }
      });
      // A live seat that put in the most (after any return) can win every pot.
      const putIn = new Map(contributions.map((contribution) => [contribution.seat, contribution.amount]));
      for (const back of returned) putIn.set(back.seat, (putIn.get(back.seat) ?? 0n) - back.amount);
      const liveAmounts = contributions.filter((contribution) => !contribution.folded);
      const most = liveAmounts.reduce((best, contribution) => {
        const amount = putIn.get(contribution.seat) ?? 0n;
        return amount > best ? amount : best;
      }, 0n);
      for (const contribution of liveAmounts) {
        if ((putIn.get(contribution.seat) ?? 0n) === most && most > 0n) {
          expect(pots.every((pot) => pot.eligible.includes(contribution.seat))).toBe(true);
        }
      }
    }
  });
});

describe('the order round the table', () => {
  it('starts left of the button, wraps round and ends with the button', () => {
    expect(clockwiseFromButton([0, 2, 5, 7, 8], 5, 9)).toEqual([7, 8, 0, 2, 5]);
    expect(clockwiseFromButton([0, 1], 1, 2)).toEqual([0, 1]);
    expect(clockwiseFromButton([3], 8, 9)).toEqual([3]);
  });

  it('refuses seats that are not at the table', () => {
    expect(() => clockwiseFromButton([9], 0, 9)).toThrow(RangeError);
    expect(() => clockwiseFromButton([1], 9, 9)).toThrow(RangeError);
    expect(() => clockwiseFromButton([1], 0, 1)).toThrow(RangeError);
  });
});

describe('awarding the pots', () => {
  const pots = buildPots([
    live(0, 20n),
    live(1, 50n),
    live(2, 120n),
    live(3, 200n),
    live(4, 200n),
    folded(5, 80n),
  ]).pots;

  it('gives each pot to its best eligible hand: the short stack wins only the main pot', () => {
    const scores = new Map([
      [0, 900],
      [1, 500],
      [2, 700],
      [3, 100],
      [4, 200],
    ]);
    const { awards, won } = awardPots(pots, scores, 5, 9);
    expect(awards.map((award) => award.winners)).toEqual([[0], [2], [2], [4]]);
    expect(won).toEqual(
      new Map([
        [0, 120n],
        [2, 390n],
        [4, 160n],
      ]),
    );
  });

  it('never gives a folded seat anything, even with the best score', () => {
    const { won } = awardPots(
      pots,
      new Map([
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 1],
        [4, 9],
        [5, 99],
      ]),
      0,
      9,
    );
    expect(won.has(5)).toBe(false);
    expect(won).toEqual(new Map([[4, 670n]]));
  });

  it('splits a tie, the odd chip to the first winner left of the button', () => {
    const pot = [{ amount: 101n, eligible: [2, 5, 7] }];
    const tie = new Map([
      [2, 50],
      [5, 10],
      [7, 50],
    ]);
    // Button 5 at a 9-seat table: seat 7 is nearer its left than seat 2.
    expect(awardPots(pot, tie, 5, 9).awards[0]?.shares).toEqual([
      { seat: 7, amount: 51n },
      { seat: 2, amount: 50n },
    ]);
    // Button 0: seat 2 comes first.
    expect(awardPots(pot, tie, 0, 9).awards[0]?.shares).toEqual([
      { seat: 2, amount: 51n },
      { seat: 7, amount: 50n },
    ]);
    // The button itself comes last.
    expect(awardPots(pot, tie, 7, 9).awards[0]?.shares).toEqual([
      { seat: 2, amount: 51n },
      { seat: 7, amount: 50n },
    ]);
  });

  it('gives all the odd chips of a three-way split to the first winner (Poker TDA rule 20)', () => {
    const pot = [{ amount: 101n, eligible: [1, 3, 6] }];
    const tie = new Map([
      [1, 7],
      [3, 7],
      [6, 7],
    ]);
    expect(awardPots(pot, tie, 4, 9).awards[0]?.shares).toEqual([
      { seat: 6, amount: 35n },
      { seat: 1, amount: 33n },
      { seat: 3, amount: 33n },
    ]);
    expect(awardPots([{ amount: 99n, eligible: [1, 3, 6] }], tie, 4, 9).awards[0]?.shares).toEqual([
      { seat: 6, amount: 33n },
      { seat: 1, amount: 33n },
      { seat: 3, amount: 33n },
    ]);
  });

  it('splits a side pot while the main pot goes to one hand', () => {
    const { awards, won } = awardPots(
      [
        { amount: 90n, eligible: [0, 1, 2] },
        { amount: 61n, eligible: [1, 2] },
      ],
      new Map([
        [0, 10],
        [1, 5],
        [2, 5],
      ]),
      0,
      3,
    );
    expect(awards.map((award) => award.winners)).toEqual([[0], [1, 2]]);
    expect(won).toEqual(
      new Map([
        [0, 90n],
        [1, 31n],
        [2, 30n],
      ]),
    );
  });

  it('leaves a winner whose share of a tiny pot is nothing out of the totals', () => {
    const { awards, won } = awardPots(
      [{ amount: 1n, eligible: [1, 2] }],
      new Map([
        [1, 3],
        [2, 3],
      ]),
      0,
      9,
    );
    expect(awards[0]?.shares).toEqual([
      { seat: 1, amount: 1n },
      { seat: 2, amount: 0n },
    ]);
    expect(won).toEqual(new Map([[1, 1n]]));
  });

  it('refuses a pot nobody can win or a seat without a hand', () => {
    expect(() => awardPots([{ amount: 10n, eligible: [] }], new Map(), 0, 9)).toThrow(RangeError);
    expect(() => awardPots([{ amount: 10n, eligible: [1, 2] }], new Map([[1, 5]]), 0, 9)).toThrow(RangeError);
  });
});
