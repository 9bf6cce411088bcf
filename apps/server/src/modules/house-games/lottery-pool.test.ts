import {
  elevenFivePaytable,
  kenoPaytable,
  lotteryStake,
  type PoolPaytable,
  raceOddsHundredths,
} from '@wps/contracts/lottery-rules';
import { describe, expect, it } from 'vitest';
import { createServerSeed } from './fairness';
import { findLotteryGame, type LotteryGameDefinition, lotteryGames } from './lottery.games';
import { betTypesOf, checkOperatorResult, fairResult, payoutOf, priceLine } from './lottery.rules';
import { verifyLotteryDraw } from './lottery.service';

/**
 * Keno, Pick 10, 11 of 5 (pool) and Speed 10 (race): exact returns from the paytables (the figures in
 * docs/house-games.md), lines priced and settled, fair draws.
 */

const gameOf = (code: string): LotteryGameDefinition => {
  const game = findLotteryGame(code);
  if (!game) throw new Error(code);
  return game;
};

const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
};

/**
 * The exact return of `pick<n>` as a fraction: Σ over hits k of C(drawn,k)·C(pool−drawn,n−k)/C(pool,n) ×
 * pay(k), pay in hundredths.
 */
const exactReturn = (pool: number, drawn: number, paytable: PoolPaytable, picks: number) => {
  let numerator = 0n;
  for (const [hits, pay] of Object.entries(paytable[picks] ?? {})) {
    const k = Number(hits);
    numerator += choose(drawn, k) * choose(pool - drawn, picks - k) * BigInt(pay);
  }
  return { numerator, denominator: choose(pool, picks) * 100n };
};

/** A fraction as a percentage rounded down to four decimals. */
const percent = ({ numerator, denominator }: { numerator: bigint; denominator: bigint }): string => {
  const tenThousandths = (numerator * 1_000_000n) / denominator;
  return `${String(tenThousandths / 10_000n)}.${String(tenThousandths % 10_000n).padStart(4, '0')}`;
};

const seeds = (n: number) => ({ serverSeed: createServerSeed(), clientSeed: `draw-${String(n)}` });

describe('pool games: exact return per pick count (docs/house-games.md)', () => {
  it('Keno (80 numbers, 20 drawn): pick 1 to 10', () => {
    const returns = Object.keys(kenoPaytable).map((picks) =>
      percent(exactReturn(80, 20, kenoPaytable, Number(picks))),
    );
    expect(returns).toEqual([
      '95.0000',
      '93.2911',
      '94.3524',
      '94.6948',
      '94.9129',
      '93.9228',
      '94.1355',
      '93.7297',
      '94.3497',
      '94.9220',
    ]);
  });

  it('11 of 5 (5 drawn from 11): pick 1 to 5, all picked numbers drawn', () => {
    const returns = Object.keys(elevenFivePaytable).map((picks) =>
      percent(exactReturn(11, 5, elevenFivePaytable, Number(picks))),
    );
    expect(returns).toEqual(['95.4545', '94.5454', '93.9393', '93.9393', '93.0735']);
  });

  it('the engine pays what the paytable says: every one of the 462 draws of 11 of 5, summed', () => {
    const game = gameOf('ELOTT-E0002');
    const draws: number[][] = [];
    const walk = (from: number, chosen: number[]) => {
      if (chosen.length === 5) draws.push(chosen);
      else for (let n = from; n <= 11; n += 1) walk(n + 1, [...chosen, n]);
    };
    walk(1, []);
    expect(draws).toHaveLength(462);
    for (const picks of [1, 2, 3, 4, 5]) {
      const line = {
        betType: `pick${String(picks)}`,
        numbers: ['03', '07', '08', '10', '11'].slice(0, picks),
        stations: [],
        unitStake: 100n,
      };
      const total = draws.reduce((sum, numbers) => sum + payoutOf(game, { numbers }, line), 0n);
      // Total over all draws ÷ (draws × stake) is the return: the same fraction as from the paytable.
      expect(percent({ numerator: total, denominator: 462n * 100n })).toBe(
        percent(exactReturn(11, 5, elevenFivePaytable, picks)),
      );
    }
  });

  it('race: both bet types return exactly 97%', () => {
    expect((raceOddsHundredths.position * 100) / 10 / 100).toBe(97); // 1 in 10 at 9.7×
    expect((raceOddsHundredths.first_two * 100) / 90 / 100).toBe(97); // 1 in 90 at 87.3×
  });
});

describe('pool and race lines', () => {
  const keno = gameOf('LOTT-O0005');
  const pick10 = gameOf('LOTT-O0003');
  const race = gameOf('ELOTT-E0006');

  it('prices a Keno ticket once whatever its pick count, and refuses what does not fit', () => {
    const line = priceLine(keno, [], { betType: 'pick3', numbers: ['80', '1', '07'], unitStake: 200n });
    expect(line).toMatchObject({ betType: 'pick3', numbers: ['01', '07', '80'], stake: 200n });
    expect(lotteryStake({ kind: 'pool', betType: 'pick3', numbers: ['1', '2', '3'], unitStake: 200n })).toBe(
      200n,
    );
    const bad = (betType: string, numbers: string[]) =>
      priceLine(keno, [], { betType, numbers, unitStake: 1n });
    expect(bad('pick3', ['01', '02'])).toHaveProperty('message');
    expect(bad('pick2', ['01', '81'])).toHaveProperty('message');
    expect(bad('pick2', ['5', '05'])).toHaveProperty('message');
    expect(
      bad(
        'pick11',
        Array.from({ length: 11 }, (_, i) => String(i + 1)),
      ),
    ).toHaveProperty('message');
    expect(
      priceLine(pick10, [], { betType: 'pick3', numbers: ['1', '2', '3'], unitStake: 1n }),
    ).toHaveProperty('message');
    expect(betTypesOf(pick10).map((type) => type.code)).toEqual(['pick10']);
    expect(betTypesOf(keno)[2]).toEqual({
      code: 'pick3',
      digits: [2],
      odds: { '2': '3', '3': '38' },
      minNumbers: 3,
      maxNumbers: 3,
    });
  });

  it('pays a Keno line by its hits (pick 10 with no hit pays too)', () => {
    const result = { numbers: Array.from({ length: 20 }, (_, i) => i + 1) };
    const pay = (betType: string, numbers: string[]) =>
      payoutOf(keno, result, { betType, numbers, stations: [], unitStake: 1000n });
    expect(pay('pick1', ['20'])).toBe(3800n);
    expect(pay('pick1', ['21'])).toBe(0n);
    expect(pay('pick3', ['01', '02', '50'])).toBe(3000n);
    expect(pay('pick4', ['01', '41', '42', '43'])).toBe(0n);
    const none = Array.from({ length: 10 }, (_, i) => String(41 + i));
    expect(pay('pick10', none)).toBe(3000n);
    const all = Array.from({ length: 10 }, (_, i) => String(1 + i).padStart(2, '0'));
    expect(pay('pick10', all)).toBe(100_000_000n);
  });

  it('prices and pays race lines per number', () => {
    const line = priceLine(race, [], { betType: 'position', numbers: ['1:3', '10:10'], unitStake: 100n });
    expect(line).toMatchObject({ numbers: ['1:3', '10:10'], stake: 200n });
    expect(priceLine(race, [], { betType: 'position', numbers: ['11:1'], unitStake: 1n })).toHaveProperty(
      'message',
    );
    expect(priceLine(race, [], { betType: 'first_two', numbers: ['4-4'], unitStake: 1n })).toHaveProperty(
      'message',
    );
    const result = { order: [3, 7, 1, 2, 4, 5, 6, 8, 9, 10] };
    const pay = (betType: string, numbers: string[]) =>
      payoutOf(race, result, { betType, numbers, stations: [], unitStake: 100n });
    expect(pay('position', ['1:3', '10:10', '2:3'])).toBe(1940n);
    expect(pay('first_two', ['3-7', '7-3'])).toBe(8730n);
  });
});

describe('fair draws of the new kinds', () => {
  it('draws distinct numbers and whole orders, that an operator result check and the verifier accept', () => {
    for (const game of lotteryGames.filter((candidate) => ['pool', 'race'].includes(candidate.kind))) {
      for (let n = 0; n < 20; n += 1) {
        const fair = seeds(n);
        const result = fairResult(game, [], fair);
        const values = (game.kind === 'race' ? result.order : result.numbers) as number[];
        const [size, count] =
          game.kind === 'pool'
            ? [game.poolSize, game.drawn]
            : game.kind === 'race'
              ? [game.cars, game.cars]
              : [0, 0];
        expect(values).toHaveLength(count);
        expect(new Set(values).size).toBe(count);
        expect(values.every((value) => value >= 1 && value <= size)).toBe(true);
        expect(checkOperatorResult(game, [], result)).toEqual(result);
        expect(verifyLotteryDraw({ ...fair, nonce: 0, params: { gameCode: game.gameCode } })).toEqual(result);
      }
    }
    const keno = gameOf('ELOTT-E0001');
    expect(checkOperatorResult(keno, [], { numbers: [1, 1, 2] })).toBeNull();
    expect(checkOperatorResult(gameOf('ELOTT-E0006'), [], { order: [1, 2, 3] })).toBeNull();
  });

  it('spreads Keno draws evenly: every number about a quarter of 2,000 draws', () => {
    const counts = new Map<number, number>();
    const game = gameOf('TCG_SEA-O0003');
    for (let n = 0; n < 2000; n += 1) {
      for (const value of fairResult(game, [], seeds(n)).numbers as number[]) {
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
    // Expected 500 each (σ ≈ 19): a bias of a tenth would show.
    expect(counts.size).toBe(80);
    for (const count of counts.values()) expect(Math.abs(count - 500)).toBeLessThan(110);
  });
});
