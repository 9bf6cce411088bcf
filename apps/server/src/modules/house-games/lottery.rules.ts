import type { LotteryBetType } from '@wps/contracts/lottery';
import {
  type Sea4dBetType,
  sea4dBetTypes,
  sea4dPrizes,
  type SpeedBetType,
  speedBetTypes,
  speedSumChoices,
} from '@wps/contracts/lottery-rules';
import {
  checkVnBet,
  type VnBetType,
  vnBetTypeRules,
  vnBetTypes,
  vnOdds,
  vnStake,
} from '@wps/contracts/vn-lottery-rules';
import { drawFairIntegers } from './fairness';
import { hundredthsText, type LotteryKindRules } from './lottery-kind';
import { poolRules } from './lottery-pool';
import { raceRules } from './lottery-race';
import type { LotteryGameDefinition, PoolGame, RaceGame } from './lottery.games';
import { sea4dExposure, sea4dNumberCount, sea4dPayout } from './sea-4d';
import { isVnStationResult, vnPayout, vnPlayedNumbers, vnResultBounds, vnResultOf } from './vn-lottery';

/**
 * The rules of every lottery game in one place, free of the database: bet lines checked and priced, the
 * exposure a line adds per number, fair results, operator results checked, and payouts.
 */

/** Speed odds in hundredths: 1.95×, 9.7×, 970×. */
const speedOddsHundredths: Readonly<Record<SpeedBetType, bigint>> = {
  sum: 195n,
  position: 970n,
  straight: 97_000n,
};

export type PricedLine = {
  betType: string;
  numbers: string[];
  stations: string[];
  unitStake: bigint;
  stake: bigint;
  /** Potential payout added per number key (VN: `<station>:<number>`), for the per-number caps. */
  exposure: Map<string, bigint>;
  /** The numbers a block or a cap is looked up by (VN: the number without station). */
  limitNumbers: string[];
};

export type LineProblem = { message: string };

/** A plugged-in kind's rules bound to one game. */
type BoundKindRules = {
  [K in keyof LotteryKindRules<unknown>]: LotteryKindRules<unknown>[K] extends (
    game: unknown,
    ...rest: infer A
  ) => infer R
    ? (...rest: A) => R
    : never;
};

const bind = <G>(rules: LotteryKindRules<G>, game: G): BoundKindRules => ({
  betTypes: () => rules.betTypes(game),
  priceLine: (line) => rules.priceLine(game, line),
  fairResult: (draw) => rules.fairResult(game, draw),
  checkResult: (result) => rules.checkResult(game, result),
  payout: (result, line) => rules.payout(game, result, line),
});

/**
 * The rules of a plugged-in kind for its game (lottery-kind.ts); undefined for the kinds written out here
 * (speed, SEA 4D, VN: `isPlugged` false). A new kind is a `LotteryKindRules` module and one line below.
 */
const pluggedRules = (game: PoolGame | RaceGame): BoundKindRules =>
  game.kind === 'pool' ? bind(poolRules, game) : bind(raceRules, game);

const isPlugged = (game: LotteryGameDefinition): game is PoolGame | RaceGame =>
  game.kind === 'pool' || game.kind === 'race';

const problem = (message: string): LineProblem => ({ message });

const addTo = (map: Map<string, bigint>, key: string, amount: bigint): void => {
  map.set(key, (map.get(key) ?? 0n) + amount);
};

/** Checks one line against the game and the draw's stations and prices it; a problem when it is not valid. */
export const priceLine = (
  game: LotteryGameDefinition,
  drawStations: readonly string[],
  line: {
    betType: string;
    numbers: readonly string[];
    stations?: readonly string[] | undefined;
    unitStake: bigint;
  },
): PricedLine | LineProblem => {
  const numbers = line.numbers.map((number) => number.trim().toUpperCase());
  if (new Set(numbers).size !== numbers.length) return problem('A number appears twice in one bet');
  if (line.unitStake <= 0n) return problem('The unit stake must be positive');
  if (isPlugged(game)) {
    const priced = pluggedRules(game).priceLine({
      betType: line.betType,
      numbers,
      unitStake: line.unitStake,
    });
    if ('message' in priced) return priced;
    return {
      ...priced,
      stations: [],
      unitStake: line.unitStake,
      limitNumbers: [...priced.exposure.keys()],
    };
  }
  const exposure = new Map<string, bigint>();

  if (game.kind === 'speed') {
    const type = speedBetTypes.find((candidate) => candidate === line.betType);
    if (!type) return problem(`Unknown bet type ${line.betType}`);
    const valid = numbers.every((number) => {
      if (type === 'sum') return (speedSumChoices as readonly string[]).includes(number);
      if (type === 'position') {
        const match = /^([1-9]):(\d)$/.exec(number);
        return match !== null && Number(match[1]) <= game.balls;
      }
      return /^\d{3}$/.test(number);
    });
    if (!valid) return problem(`Numbers do not fit bet type ${type}`);
    for (const number of numbers)
      addTo(exposure, number, (line.unitStake * speedOddsHundredths[type]) / 100n);
    return {
      betType: type,
      numbers,
      stations: [],
      unitStake: line.unitStake,
      stake: BigInt(numbers.length) * line.unitStake,
      exposure,
      limitNumbers: numbers,
    };
  }

  if (game.kind === 'sea4d') {
    const type = sea4dBetTypes.find((candidate) => candidate === line.betType);
    if (!type) return problem(`Unknown bet type ${line.betType}`);
    if (!numbers.every((number) => /^\d{4}$/.test(number))) return problem('SEA 4D numbers have 4 digits');
    for (const number of numbers) {
      for (const [key, amount] of sea4dExposure(type, number, line.unitStake)) addTo(exposure, key, amount);
    }
    return {
      betType: type,
      numbers,
      stations: [],
      unitStake: line.unitStake,
      stake: BigInt(numbers.length) * line.unitStake,
      exposure,
      limitNumbers: [...exposure.keys()],
    };
  }

  const type = vnBetTypes.find((candidate) => candidate === line.betType);
  if (!type) return problem(`Unknown bet type ${line.betType}`);
  const stations =
    game.region === 'north' || game.fixedStations ? [...drawStations] : [...new Set(line.stations ?? [])];
  if (!stations.every((code) => drawStations.includes(code)))
    return problem('A station does not draw in this draw');
  const shape = checkVnBet(game.region, type, numbers, stations.length);
  if (shape) return problem(`Bet not valid: ${shape}`);
  const odds = BigInt(vnOdds(type, game.region, numbers, stations.length));
  const played = vnPlayedNumbers(type, numbers);
  for (const station of stations) {
    for (const number of played) addTo(exposure, `${station}:${number}`, line.unitStake * odds);
  }
  return {
    betType: type,
    numbers,
    stations,
    unitStake: line.unitStake,
    stake: vnStake({
      region: game.region,
      type,
      numbers,
      stationCount: stations.length,
      unitStake: line.unitStake,
    }),
    exposure,
    limitNumbers: played,
  };
};

/** The number a VN exposure key is capped by. */
export const limitNumberOfKey = (key: string): string => key.slice(key.indexOf(':') + 1);

export type DrawSeeds = { serverSeed: string; clientSeed: string };

/** The fair result of a draw: HMAC stream of (server seed, public id, nonce 0). */
export const fairResult = (
  game: LotteryGameDefinition,
  stationCodes: readonly string[],
  seeds: DrawSeeds,
): Record<string, unknown> => {
  const fairSeeds = { ...seeds, nonce: 0 };
  if (isPlugged(game)) return pluggedRules(game).fairResult((bounds) => drawFairIntegers(fairSeeds, bounds));
  if (game.kind === 'speed') {
    return {
      balls: drawFairIntegers(
        fairSeeds,
        Array.from({ length: game.balls }, () => 10),
      ),
    };
  }
  if (game.kind === 'sea4d') {
    const integers = drawFairIntegers(
      fairSeeds,
      Array.from({ length: sea4dNumberCount }, () => 10_000),
    );
    return { numbers: integers.map((value) => String(value).padStart(4, '0')) };
  }
  const integers = drawFairIntegers(fairSeeds, vnResultBounds(game.region, stationCodes.length));
  return { stations: vnResultOf(game.region, stationCodes, integers) };
};

/** An operator's result in canonical form, or null when it does not fit the game and the draw's stations. */
export const checkOperatorResult = (
  game: LotteryGameDefinition,
  stationCodes: readonly string[],
  result: Record<string, unknown>,
): Record<string, unknown> | null => {
  if (isPlugged(game)) return pluggedRules(game).checkResult(result);
  if (game.kind === 'speed') {
    const { balls } = result;
    if (!Array.isArray(balls) || balls.length !== game.balls) return null;
    if (
      !balls.every((ball) => Number.isInteger(ball) && typeof ball === 'number' && ball >= 0 && ball <= 9)
    ) {
      return null;
    }
    return { balls: balls.filter((ball): ball is number => typeof ball === 'number') };
  }
  if (game.kind === 'sea4d') {
    const { numbers } = result;
    if (!Array.isArray(numbers) || numbers.length !== sea4dNumberCount) return null;
    if (!numbers.every((number) => typeof number === 'string' && /^\d{4}$/.test(number))) return null;
    return { numbers: numbers.filter((number): number is string => typeof number === 'string') };
  }
  const { stations } = result;
  if (typeof stations !== 'object' || stations === null) return null;
  const entries = stations as Record<string, unknown>;
  if (Object.keys(entries).length !== stationCodes.length) return null;
  const canonical: Record<string, string[]> = {};
  for (const code of stationCodes) {
    const lots = entries[code];
    if (!isVnStationResult(game.region, lots)) return null;
    canonical[code] = [...lots];
  }
  return { stations: canonical };
};

export type SettlingLine = {
  betType: string;
  numbers: readonly string[];
  stations: readonly string[];
  unitStake: bigint;
};

/** What a line wins against a recorded result (minor units, rounded down). */
export const payoutOf = (
  game: LotteryGameDefinition,
  result: Record<string, unknown>,
  line: SettlingLine,
): bigint => {
  if (isPlugged(game)) return pluggedRules(game).payout(result, line);
  if (game.kind === 'speed') {
    const balls = (result.balls ?? []) as number[];
    const sum = balls.reduce((total, ball) => total + ball, 0);
    const max = 9 * balls.length;
    const type = line.betType as SpeedBetType;
    const odds = speedOddsHundredths[type];
    let wins = 0n;
    for (const number of line.numbers) {
      const won =
        type === 'sum'
          ? (number === 'BIG' && sum * 2 > max) ||
            (number === 'SMALL' && sum * 2 < max) ||
            (number === 'ODD' && sum % 2 === 1) ||
            (number === 'EVEN' && sum % 2 === 0)
          : type === 'position'
            ? balls[Number(number.split(':')[0]) - 1] === Number(number.split(':')[1])
            : balls.slice(0, 3).join('') === number;
      if (won) wins += (line.unitStake * odds) / 100n;
    }
    return wins;
  }
  if (game.kind === 'sea4d') {
    const numbers = (result.numbers ?? []) as string[];
    return line.numbers.reduce(
      (total, number) => total + sea4dPayout(line.betType as Sea4dBetType, number, numbers, line.unitStake),
      0n,
    );
  }
  const stations = (result.stations ?? {}) as Record<string, string[]>;
  return vnPayout({
    region: game.region,
    type: line.betType as VnBetType,
    numbers: line.numbers,
    stationResults: line.stations.map((code) => stations[code] ?? []),
    unitStake: line.unitStake,
  });
};

/** The bet types a game offers, as the API describes them. */
export const betTypesOf = (game: LotteryGameDefinition): LotteryBetType[] => {
  if (isPlugged(game)) return pluggedRules(game).betTypes();
  if (game.kind === 'speed') {
    return speedBetTypes.map((code) => ({
      code,
      digits: code === 'straight' ? [3] : [],
      odds: { '1': hundredthsText(speedOddsHundredths[code]) },
      minNumbers: 1,
      maxNumbers: code === 'sum' ? 4 : code === 'position' ? game.balls * 10 : 100,
    }));
  }
  if (game.kind === 'sea4d') {
    return sea4dBetTypes.map((code) => {
      const prizes = sea4dPrizes[code.endsWith('big') ? 'big' : 'small'];
      return {
        code,
        digits: [4],
        odds: {
          first: String(prizes[0]),
          second: String(prizes[1]),
          third: String(prizes[2]),
          special: String(prizes[3]),
          consolation: String(prizes[4]),
        },
        minNumbers: 1,
        maxNumbers: 100,
      };
    });
  }
  return vnBetTypes
    .filter((code) => vnBetTypeRules[code].regions.includes(game.region))
    .map((code) => {
      const rule = vnBetTypeRules[code];
      return {
        code,
        digits: [...rule.digits],
        odds: Object.fromEntries(Object.entries(rule.odds).map(([key, value]) => [key, String(value)])),
        minNumbers: rule.minNumbers,
        maxNumbers: rule.maxNumbers,
      };
    });
};
