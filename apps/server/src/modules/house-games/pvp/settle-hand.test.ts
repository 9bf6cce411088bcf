import { describe, expect, it } from 'vitest';
import { createFairIntegerStream } from '../fairness';
import { parseCard } from '../tables/shoe';
import { evaluateHand, handName } from './hand-evaluator';
import { settleHand } from './settle-hand';
import type { Contribution } from './side-pots';

const rake = { basisPoints: 500, cap: 300n };
const scoreOf = (hole: string, board: string) => evaluateHand(`${hole} ${board}`.split(' ').map(parseCard));

describe('settling a hand', () => {
  it('plays three all-ins, two callers and a folded seat to a showdown, raked and paid', () => {
    const board = 'KS QD 7H 7C 2S';
    const holes: Record<number, string> = {
      0: '7S 7D', // four sevens
      1: 'AS AH', // aces and sevens
      2: 'KH KD', // kings full of sevens
      3: '9C 8C', // a pair of sevens
      4: 'QH QC', // queens full of sevens
    };
    const values = new Map(Object.entries(holes).map(([seat, hole]) => [Number(seat), scoreOf(hole, board)]));
    expect([...values.values()].map(handName)).toEqual([
      'Four of a kind',
      'Two pair',
      'Full house',
      'One pair',
      'Full house',
    ]);
    const contributions: Contribution[] = [
      { seat: 0, amount: 20n, folded: false },
      { seat: 1, amount: 50n, folded: false },
      { seat: 2, amount: 120n, folded: false },
      { seat: 3, amount: 200n, folded: false },
      { seat: 4, amount: 200n, folded: false },
      // Seat 5 held 2D 2H (deuces full on this board) and folded on the turn: it wins nothing.
      { seat: 5, amount: 80n, folded: true },
    ];
    const result = settleHand({
      contributions,
      scores: new Map([...values].map(([seat, value]) => [seat, value.score])),
      button: 5,
      tableSize: 9,
      rake,
      flopDealt: true,
    });
    expect(result.pots.map((pot) => pot.amount)).toEqual([120n, 150n, 240n, 160n]);
    // 5 % of each pot, floored: 6, 7 (7.5), 12, 8.
    expect(result.rakes).toEqual([6n, 7n, 12n, 8n]);
    expect(result.rake).toBe(33n);
    expect(result.awards.map((award) => award.winners)).toEqual([[0], [2], [2], [4]]);
    expect(result.payouts).toEqual(
      new Map([
        [0, 114n],
        [2, 371n],
        [4, 152n],
      ]),
    );
    expect(result.returned).toEqual([]);
  });

  it('rakes nothing and hands back the raise when everybody folds before the flop', () => {
    const result = settleHand({
      contributions: [
        { seat: 1, amount: 5n, folded: true },
        { seat: 2, amount: 10n, folded: true },
        { seat: 3, amount: 30n, folded: false },
      ],
      scores: new Map([[3, 0]]),
      button: 0,
      tableSize: 6,
      rake,
      flopDealt: false,
    });
    expect(result.rake).toBe(0n);
    expect(result.returned).toEqual([{ seat: 3, amount: 20n }]);
    expect(result.payouts).toEqual(new Map([[3, 45n]]));
  });

  it('splits a board that plays after the rake, the odd chip left of the button', () => {
    const board = 'TS JH QD KC AS';
    const result = settleHand({
      contributions: [
        { seat: 2, amount: 101n, folded: false },
        { seat: 4, amount: 101n, folded: false },
        { seat: 6, amount: 5n, folded: true },
      ],
      scores: new Map([
        [2, scoreOf('2C 3D', board).score],
        [4, scoreOf('4H 5H', board).score],
      ]),
      button: 3,
      tableSize: 9,
      rake,
      flopDealt: true,
    });
    // 207 raked 10 (10.35 floored): 197 split, the odd unit to seat 4, first left of the button at seat 3.
    expect(result.rake).toBe(10n);
    expect(result.payouts).toEqual(
      new Map([
        [4, 99n],
        [2, 98n],
      ]),
    );
  });

  it('pays out exactly what was put in, less the rake (random hands)', () => {
    const next = createFairIntegerStream({ serverSeed: 'settle', clientSeed: 'property', nonce: 0 });
    for (let hand = 0; hand < 2_000; hand += 1) {
      const seats = 2 + next(8);
      const contributions = Array.from({ length: seats }, (_, seat) => ({
        seat,
        amount: BigInt(next(5) * 100 + next(7)),
        folded: next(4) === 0,
      }));
      const first = contributions[0];
      if (first && contributions.every((contribution) => contribution.folded)) first.folded = false;
      const scores = new Map(
        contributions.filter((contribution) => !contribution.folded).map(({ seat }) => [seat, next(4)]),
      );
      const result = settleHand({
        contributions,
        scores,
        button: next(seats),
        tableSize: 9,
        rake: { basisPoints: next(1_001), cap: BigInt(next(100)) },
        flopDealt: next(2) === 0,
      });
      const paidIn = contributions.reduce((sum, contribution) => sum + contribution.amount, 0n);
      const paidOut = [...result.payouts.values()].reduce((sum, amount) => sum + amount, 0n);
      expect(paidOut + result.rake).toBe(paidIn);
      for (const [seat, amount] of result.payouts) {
        expect(amount).toBeGreaterThan(0n);
        expect(contributions[seat]?.folded).toBe(false);
      }
    }
  });
});
