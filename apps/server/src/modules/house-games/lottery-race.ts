import { type RaceBetType, raceBetTypes, raceOddsHundredths } from '@wps/contracts/lottery-rules';
import { distinctIntegers, drawDistinct, hundredthsText, type LotteryKindRules } from './lottery-kind';

/**
 * The speed race: `cars` cars (numbered from 1) finish in a fair random order. `position` numbers
 * `<position>:<car>` pay 9.7× when that car finishes there; `first_two` numbers `<car>-<car>` pay 87.3× when
 * they are first and second in that order. One unit per number.
 */
export type RaceShape = { cars: number };

const typeOf = (code: string): RaceBetType | undefined => raceBetTypes.find((type) => type === code);

const orderOf = (result: Record<string, unknown>): number[] =>
  Array.isArray(result.order) ? result.order.filter((car): car is number => typeof car === 'number') : [];

/** The canonical number, or null when it does not fit the type: "3:7", "2-9". */
const readNumber = (game: RaceShape, type: RaceBetType, number: string): string | null => {
  const match = (type === 'position' ? /^(\d{1,2}):(\d{1,2})$/ : /^(\d{1,2})-(\d{1,2})$/).exec(number);
  if (!match) return null;
  const [a, b] = [Number(match[1]), Number(match[2])];
  if (a < 1 || b < 1 || a > game.cars || b > game.cars) return null;
  if (type === 'first_two' && a === b) return null;
  return `${String(a)}${type === 'position' ? ':' : '-'}${String(b)}`;
};

const wins = (type: RaceBetType, number: string, order: readonly number[]): boolean => {
  const [a, b] = number.split(/[:-]/).map(Number);
  return type === 'position' ? order[(a ?? 0) - 1] === b : order[0] === a && order[1] === b;
};

export const raceRules: LotteryKindRules<RaceShape> = {
  betTypes: (game) =>
    raceBetTypes.map((code) => ({
      code,
      digits: [],
      odds: { '1': hundredthsText(BigInt(raceOddsHundredths[code])) },
      minNumbers: 1,
      maxNumbers: code === 'position' ? game.cars * game.cars : 100,
    })),
  priceLine: (game, line) => {
    const type = typeOf(line.betType);
    if (!type) return { message: `Unknown bet type ${line.betType}` };
    const numbers = line.numbers.map((number) => readNumber(game, type, number));
    const valid = numbers.filter((number): number is string => number !== null);
    if (valid.length !== numbers.length) return { message: `Numbers do not fit bet type ${type}` };
    if (new Set(valid).size !== valid.length) return { message: 'A number appears twice in one bet' };
    const potential = (line.unitStake * BigInt(raceOddsHundredths[type])) / 100n;
    return {
      betType: type,
      numbers: valid,
      stake: BigInt(valid.length) * line.unitStake,
      exposure: new Map(valid.map((number) => [number, potential])),
    };
  },
  fairResult: (game, draw) => ({ order: drawDistinct(draw, game.cars, game.cars) }),
  checkResult: (game, result) => {
    const order = distinctIntegers(result.order, game.cars, game.cars);
    return order ? { order } : null;
  },
  payout: (_game, result, line) => {
    const type = typeOf(line.betType);
    if (!type) return 0n;
    const order = orderOf(result);
    const won = line.numbers.filter((number) => wins(type, number, order)).length;
    return BigInt(won) * ((line.unitStake * BigInt(raceOddsHundredths[type])) / 100n);
  },
};
