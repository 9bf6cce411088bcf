import { describe, expect, it } from 'vitest';
import { createFairIntegerStream } from '../fairness';
import {
  type FightBet,
  type FightResult,
  fightReturn,
  isContested,
  livePayouts,
  netPool,
  type PariMutuelRules,
  poolsOf,
  settleFight,
} from './pari-mutuel';

const rules: PariMutuelRules = { commissionBasisPoints: 500, drawMultiplier: 8n };
const returnsOf = (bets: FightBet[], result: FightResult, fightRules = rules) =>
  settleFight(bets, result, fightRules).map((bet) => bet.returned);

/** Meron 300 + 700 = 1,000, wala 100 + 500 = 600, draw 50: both pools 1,600, less 5 % = 1,520. */
const book: FightBet[] = [
  { kind: 'meron', stake: 300n },
  { kind: 'meron', stake: 700n },
  { kind: 'wala', stake: 100n },
  { kind: 'wala', stake: 500n },
  { kind: 'draw', stake: 50n },
];

describe('the pools', () => {
  it('sum the meron and wala stakes, not the draw bets', () => {
    expect(poolsOf(book)).toEqual({ meron: 1000n, wala: 600n });
    expect(netPool(poolsOf(book), rules)).toBe(1520n);
    expect(isContested(poolsOf(book))).toBe(true);
    expect(isContested({ meron: 10n, wala: 0n })).toBe(false);
  });

  it('show each side’s payout per unit in hundredths, floored, while both sides hold bets', () => {
    // 1,520 / 1,000 = 1.52; 1,520 / 600 = 2.5333…
    expect(livePayouts(poolsOf(book), rules)).toEqual({ meron: 152n, wala: 253n });
    expect(livePayouts({ meron: 1000n, wala: 1000n }, { ...rules, commissionBasisPoints: 0 })).toEqual({
      meron: 200n,
      wala: 200n,
    });
    // A lopsided book: net 1,010 × 0.95 = 959.5 → 959, so the favourite returns less than its stake.
    expect(livePayouts({ meron: 1000n, wala: 10n }, rules)).toEqual({ meron: 95n, wala: 9590n });
    expect(livePayouts({ meron: 0n, wala: 500n }, rules)).toEqual({ meron: null, wala: null });
  });
});

describe('settlement', () => {
  it('shares the net pool among the winning side, each return floored', () => {
    // Meron wins: 300 × 1,520 / 1,000 = 456 and 700 × 1,520 / 1,000 = 1,064, exactly the net pool.
    expect(returnsOf(book, 'meron')).toEqual([456n, 1064n, 0n, 0n, 0n]);
    // Wala wins: 100 × 1,520 / 600 = 253.33 → 253 and 500 × 1,520 / 600 = 1,266.67 → 1,266; 1 stays.
    expect(returnsOf(book, 'wala')).toEqual([0n, 0n, 253n, 1266n, 0n]);
  });

  it('returns meron and wala bets on a draw and pays draw bets 8× from the house', () => {
    expect(returnsOf(book, 'draw')).toEqual([300n, 700n, 100n, 500n, 400n]);
    expect(returnsOf(book, 'draw', { ...rules, drawMultiplier: 9n })).toEqual([300n, 700n, 100n, 500n, 450n]);
  });

  it('returns everything when the fight is cancelled', () => {
    expect(returnsOf(book, 'cancelled')).toEqual([300n, 700n, 100n, 500n, 50n]);
  });

  it('returns meron and wala bets when one side is empty; draw bets win only on a draw', () => {
    const oneSided: FightBet[] = [
      { kind: 'meron', stake: 500n },
      { kind: 'draw', stake: 10n },
    ];
    expect(returnsOf(oneSided, 'meron')).toEqual([500n, 0n]);
    expect(returnsOf(oneSided, 'wala')).toEqual([500n, 0n]);
    expect(returnsOf(oneSided, 'draw')).toEqual([500n, 80n]);
    expect(returnsOf(oneSided, 'cancelled')).toEqual([500n, 10n]);
  });

  it('handles the tiniest pools in the house’s favour', () => {
    // 1 + 1 = 2, less 5 % = 1.9 → 1: the winner gets its stake back and the house keeps 1.
    const pair: FightBet[] = [
      { kind: 'meron', stake: 1n },
      { kind: 'wala', stake: 1n },
    ];
    expect(returnsOf(pair, 'meron')).toEqual([1n, 0n]);
    expect(returnsOf(pair, 'wala')).toEqual([0n, 1n]);
    expect(returnsOf(pair, 'meron', { ...rules, commissionBasisPoints: 0 })).toEqual([2n, 0n]);
    // 1 + 2 = 3 → 2.85 → 2: meron's single unit returns 2; wala's two bets of 1 return 1 each.
    const three: FightBet[] = [
      { kind: 'meron', stake: 1n },
      { kind: 'wala', stake: 1n },
      { kind: 'wala', stake: 1n },
    ];
    expect(returnsOf(three, 'meron')).toEqual([2n, 0n, 0n]);
    expect(returnsOf(three, 'wala')).toEqual([0n, 1n, 1n]);
  });

  it('keeps what the caller attached to each bet', () => {
    const settled = settleFight(
      [
        { id: 'm1', kind: 'meron', stake: 10n },
        { id: 'w1', kind: 'wala', stake: 10n },
      ],
      'wala',
      rules,
    );
    expect(settled).toEqual([
      { id: 'm1', kind: 'meron', stake: 10n, returned: 0n },
      { id: 'w1', kind: 'wala', stake: 10n, returned: 19n },
    ]);
  });

  it('refuses bad stakes, bad rules and pools that are not the fight’s', () => {
    expect(() => poolsOf([{ kind: 'meron', stake: 0n }])).toThrow(RangeError);
    expect(() => settleFight(book, 'meron', { ...rules, commissionBasisPoints: 10_000 })).toThrow(RangeError);
    expect(() => settleFight(book, 'meron', { ...rules, commissionBasisPoints: -1 })).toThrow(RangeError);
    expect(() => settleFight(book, 'meron', { ...rules, commissionBasisPoints: 2.5 })).toThrow(RangeError);
    expect(() => settleFight(book, 'draw', { ...rules, drawMultiplier: 0n })).toThrow(RangeError);
    expect(() =>
      fightReturn({ kind: 'meron', stake: 11n }, 'meron', { meron: 10n, wala: 10n }, rules),
    ).toThrow(RangeError);
  });
});

describe('the house', () => {
  it('never pays a winning side more than the pools less the exact commission', () => {
    // 500 books drawn from a fixed fair stream: 1–40 bets of 1 to 1,000,000 minor units (some of 1 to 9),
    // sides at random, commission 0 to 20 %.
    const next = createFairIntegerStream({ serverSeed: 'pari-mutuel', clientSeed: 'books', nonce: 1 });
    let checked = 0;
    for (let book = 0; book < 500; book += 1) {
      const commissionBasisPoints = next(2001);
      const fightRules = { commissionBasisPoints, drawMultiplier: 8n };
      const bets: FightBet[] = Array.from({ length: 1 + next(40) }, () => ({
        kind: (['meron', 'wala', 'draw'] as const)[next(3)] ?? 'draw',
        stake: BigInt(1 + next(next(2) === 0 ? 9 : 1_000_000)),
      }));
      const pools = poolsOf(bets);
      for (const result of ['meron', 'wala'] as const) {
        const settled = settleFight(bets, result, fightRules);
        const paid = settled.reduce((sum, bet) => sum + bet.returned, 0n);
        const total = pools.meron + pools.wala;
        if (!isContested(pools)) {
          // Uncontested: the pooled stakes come back, nothing more.
          expect(paid).toBe(total);
          continue;
        }
        const winners = settled.filter((bet) => bet.kind === result);
        const net = netPool(pools, fightRules);
        expect(paid * 10_000n).toBeLessThanOrEqual(total * (10_000n - BigInt(commissionBasisPoints)));
        expect(paid).toBeLessThanOrEqual(net);
        // Flooring keeps under one minor unit per winning bet.
        expect(paid).toBeGreaterThan(net - BigInt(winners.length));
        // Every winner gets at least what the live payout promised.
        const shown = livePayouts(pools, fightRules)[result] ?? 0n;
        for (const bet of winners) expect(bet.returned).toBeGreaterThanOrEqual((bet.stake * shown) / 100n);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(800);
  });
});
