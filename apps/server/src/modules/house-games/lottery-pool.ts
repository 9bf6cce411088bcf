import { type PoolPaytable, poolBetType, poolPicksOf } from '@wps/contracts/lottery-rules';
import { distinctIntegers, drawDistinct, hundredthsText, type LotteryKindRules } from './lottery-kind';

/**
 * Pool games (Keno, Pick 10, 11 of 5): `drawn` distinct numbers out of 1..poolSize; a `pick<n>` line is one
 * ticket of n distinct numbers staked once, paid unit × the paytable's entry for its hits (hundredths,
 * rounded down). Numbers are written with two digits ("07").
 */
export type PoolShape = { poolSize: number; drawn: number; paytable: PoolPaytable };

const numberText = (value: number): string => String(value).padStart(2, '0');

/** The drawn numbers of a recorded result. */
const drawnOf = (result: Record<string, unknown>): Set<number> =>
  new Set(
    Array.isArray(result.numbers) ? result.numbers.filter((n): n is number => typeof n === 'number') : [],
  );

/** The paytable row of a pool bet type, or undefined when the game does not offer it. */
const rowOf = (game: PoolShape, betType: string) => {
  const picks = poolPicksOf(betType);
  return picks === null ? undefined : game.paytable[picks];
};

/** The payout per unit (hundredths) for `hits` on a line of the given type. */
export const poolMultiplier = (game: PoolShape, betType: string, hits: number): bigint =>
  BigInt(rowOf(game, betType)?.[hits] ?? 0);

export const poolRules: LotteryKindRules<PoolShape> = {
  betTypes: (game) =>
    Object.entries(game.paytable).map(([picks, row]) => ({
      code: poolBetType(Number(picks)),
      digits: [2],
      odds: Object.fromEntries(
        Object.entries(row).map(([hits, value]) => [hits, hundredthsText(BigInt(value))]),
      ),
      minNumbers: Number(picks),
      maxNumbers: Number(picks),
    })),
  priceLine: (game, line) => {
    const row = rowOf(game, line.betType);
    if (!row) return { message: `Unknown bet type ${line.betType}` };
    const picks = poolPicksOf(line.betType) ?? 0;
    if (line.numbers.length !== picks) return { message: `${line.betType} takes ${String(picks)} numbers` };
    const values = line.numbers.map((number) => (/^\d{1,2}$/.test(number) ? Number(number) : 0));
    if (!values.every((value) => value >= 1 && value <= game.poolSize)) {
      return { message: `Numbers are 1 to ${String(game.poolSize)}` };
    }
    if (new Set(values).size !== values.length) return { message: 'A number appears twice in one bet' };
    const numbers = [...values].sort((a, b) => a - b).map(numberText);
    const top = BigInt(Math.max(0, ...Object.values(row)));
    const potential = (line.unitStake * top) / 100n;
    return {
      betType: line.betType,
      numbers,
      stake: line.unitStake,
      exposure: new Map(numbers.map((number) => [number, potential])),
    };
  },
  fairResult: (game, draw) => ({
    numbers: drawDistinct(draw, game.poolSize, game.drawn).sort((a, b) => a - b),
  }),
  checkResult: (game, result) => {
    const numbers = distinctIntegers(result.numbers, game.drawn, game.poolSize);
    return numbers ? { numbers: [...numbers].sort((a, b) => a - b) } : null;
  },
  payout: (game, result, line) => {
    const drawn = drawnOf(result);
    const hits = line.numbers.filter((number) => drawn.has(Number(number))).length;
    return (line.unitStake * poolMultiplier(game, line.betType, hits)) / 100n;
  },
};
