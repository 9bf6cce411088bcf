/**
 * What a bet slip sends and costs, worked out in the browser with the same shared rules the server applies
 * (packages/contracts lottery-rules.ts and vn-lottery-rules.ts), so the total shown is the total debited.
 * Pure functions: the slips call them on every keystroke and the tests call them directly.
 */
import type { BetLine, LotteryGame } from '@wps/contracts/lottery';
import {
  lotteryStake,
  poolBetType,
  poolPicksOf,
  type RaceBetType,
  speedSumChoices,
} from '@wps/contracts/lottery-rules';
import { formatMinorUnits, toMinorUnits } from '@wps/contracts/money';
import {
  checkVnBet,
  expandVnNumbers,
  vnBetTypes,
  vnOdds,
  type VnBetProblem,
  type VnBetType,
  type VnRegion,
} from '@wps/contracts/vn-lottery-rules';

/** The site's amounts have two decimals (the server checks the currency's real exponent again). */
export const stakeExponent = 2;
/** The server takes at most this many numbers in one bet line. */
export const maxNumbersPerLine = 100;

export type SlipProblem =
  | VnBetProblem
  | 'numbers_required'
  | 'numbers_unreadable'
  | 'too_many_numbers'
  | 'stations_required'
  | 'stake_required'
  | 'stake_invalid'
  | 'sea_stake_required';

export type SlipField = 'numbers' | 'stations' | 'stake';

/** A slip read from what the player entered: the lines to send and their total, or what is wrong. */
export type SlipReading = {
  lines: BetLine[];
  /** Minor units; 0 while the slip cannot be sent. */
  total: bigint;
  /** How many numbers (after expanding sets and ranges) the slip holds. */
  numberCount: number;
  problems: Partial<Record<SlipField, SlipProblem>>;
};

export const formatStake = (minorUnits: bigint): string => formatMinorUnits(minorUnits, stakeExponent);

/** A unit stake typed by the player, in minor units, or the problem with it (sent as typed once good). */
export const readUnitStake = (text: string): bigint | 'stake_required' | 'stake_invalid' => {
  const trimmed = text.trim();
  if (trimmed === '') return 'stake_required';
  try {
    return toMinorUnits(trimmed, stakeExponent);
  } catch {
    return 'stake_invalid';
  }
};

const isProblem = (value: bigint | SlipProblem): value is SlipProblem => typeof value === 'string';

const hasProblems = (problems: SlipReading['problems']): boolean => Object.keys(problems).length > 0;

const emptyReading = (problems: SlipReading['problems'], numberCount = 0): SlipReading => ({
  lines: [],
  total: 0n,
  numberCount,
  problems,
});

/* ---- Vietnamese lottery ---- */

export const isVnBetType = (code: string): code is VnBetType => vnBetTypes.some((type) => type === code);

/** The bet types a VN game's server offers, in the shared rules' order. */
export const vnBetTypesOf = (game: Pick<LotteryGame, 'betTypes'>): VnBetType[] =>
  vnBetTypes.filter((type) => game.betTypes.some((offered) => offered.code === type));

export type VnSlip = {
  betType: VnBetType;
  /** Numbers as typed: "12 34 56", "00/01 keo 99", or a named set such as "tai". */
  numbersText: string;
  /** Station codes chosen among the draw's (South and Central; North has its one station). */
  stations: readonly string[];
  unitStake: string;
};

/** The numbers a VN slip's text stands for, or null when it cannot be read. */
export const readVnNumbers = (text: string): string[] | null =>
  text.trim() === '' ? [] : expandVnNumbers(text);

export const readVnSlip = (region: VnRegion, slip: VnSlip): SlipReading => {
  const problems: SlipReading['problems'] = {};
  const numbers = readVnNumbers(slip.numbersText);
  const isNorth = region === 'north';
  const stationCount = isNorth ? 1 : slip.stations.length;
  if (numbers === null) problems.numbers = 'numbers_unreadable';
  else if (numbers.length === 0) problems.numbers = 'numbers_required';
  else if (numbers.length > maxNumbersPerLine) problems.numbers = 'too_many_numbers';
  if (!isNorth && stationCount === 0) problems.stations = 'stations_required';
  const unitStake = readUnitStake(slip.unitStake);
  if (isProblem(unitStake)) problems.stake = unitStake;
  if (numbers !== null && problems.numbers === undefined && problems.stations === undefined) {
    const problem = checkVnBet(region, slip.betType, numbers, stationCount);
    if (problem !== null) problems[problem === 'station_count' ? 'stations' : 'numbers'] = problem;
  }
  const numberCount = numbers?.length ?? 0;
  if (hasProblems(problems) || numbers === null || isProblem(unitStake))
    return emptyReading(problems, numberCount);
  const line: BetLine = {
    betType: slip.betType,
    numbers,
    ...(isNorth ? {} : { stations: [...slip.stations] }),
    unitStake: slip.unitStake.trim(),
  };
  const total = lotteryStake({
    kind: 'vn',
    betType: slip.betType,
    numbers,
    unitStake,
    region,
    stationCount,
  });
  return { lines: [line], total, numberCount, problems };
};

/** "1 : 75" odds of what the slip holds, or null while the numbers are not readable. */
export const vnOddsOf = (region: VnRegion, slip: VnSlip): number | null => {
  const numbers = readVnNumbers(slip.numbersText);
  if (numbers === null || numbers.length === 0) return null;
  const odds = vnOdds(
    slip.betType,
    region,
    numbers,
    region === 'north' ? 1 : Math.max(1, slip.stations.length),
  );
  return odds > 0 ? odds : null;
};

/* ---- SEA 4D ---- */

export type SeaSlip = {
  numbersText: string;
  /** Big forecast amount per number; empty for none. */
  big: string;
  /** Small forecast amount per number; empty for none. */
  small: string;
  /** i-Box: every distinct permutation, the prize divided by their count. */
  isBox: boolean;
};

/** "1234 5678, 0001" → the 4-digit numbers, or null when any part is not one. */
export const readSeaNumbers = (text: string): string[] | null => {
  const parts = text
    .trim()
    .split(/[\s,;.-]+/)
    .filter((part) => part.length > 0);
  return parts.every((part) => /^\d{4}$/.test(part)) ? parts : null;
};

const readOptionalStake = (text: string): bigint | 'stake_invalid' | null => {
  const reading = readUnitStake(text);
  return reading === 'stake_required' ? null : reading;
};

export const readSeaSlip = (slip: SeaSlip): SlipReading => {
  const problems: SlipReading['problems'] = {};
  const numbers = readSeaNumbers(slip.numbersText);
  if (numbers === null) problems.numbers = 'numbers_unreadable';
  else if (numbers.length === 0) problems.numbers = 'numbers_required';
  else if (numbers.length > maxNumbersPerLine) problems.numbers = 'too_many_numbers';
  else if (new Set(numbers).size !== numbers.length) problems.numbers = 'duplicate_number';
  const big = readOptionalStake(slip.big);
  const small = readOptionalStake(slip.small);
  if (big === 'stake_invalid' || small === 'stake_invalid') problems.stake = 'stake_invalid';
  else if (big === null && small === null) problems.stake = 'sea_stake_required';
  const numberCount = numbers?.length ?? 0;
  if (hasProblems(problems) || numbers === null) return emptyReading(problems, numberCount);
  const lines: BetLine[] = [];
  let total = 0n;
  for (const [forecast, amount, text] of [
    ['big', big, slip.big],
    ['small', small, slip.small],
  ] as const) {
    if (typeof amount !== 'bigint') continue;
    const betType = slip.isBox ? `ibox_${forecast}` : forecast;
    lines.push({ betType, numbers, unitStake: text.trim() });
    total += lotteryStake({ kind: 'sea4d', betType, numbers, unitStake: amount });
  }
  return { lines, total, numberCount, problems };
};

/* ---- Speed games (LOTT, ELOTT) ---- */

export type SpeedBetType = 'sum' | 'position' | 'straight';
export type SpeedSlip = {
  betType: SpeedBetType;
  /** sum: BIG/SMALL/ODD/EVEN; position: "<position>:<digit>"; straight: typed below. */
  picks: readonly string[];
  /** straight: three-digit numbers as typed. */
  straightText: string;
  unitStake: string;
};

export const speedSumPicks: readonly string[] = speedSumChoices;

export const readSpeedSlip = (slip: SpeedSlip): SlipReading => {
  const problems: SlipReading['problems'] = {};
  let numbers: string[] | null;
  if (slip.betType === 'straight') {
    const parts = slip.straightText
      .trim()
      .split(/[\s,;.-]+/)
      .filter((part) => part.length > 0);
    numbers = parts.every((part) => /^\d{3}$/.test(part)) ? parts : null;
  } else {
    numbers = [...slip.picks];
  }
  if (numbers === null) problems.numbers = 'numbers_unreadable';
  else if (numbers.length === 0) problems.numbers = 'numbers_required';
  else if (numbers.length > maxNumbersPerLine) problems.numbers = 'too_many_numbers';
  else if (new Set(numbers).size !== numbers.length) problems.numbers = 'duplicate_number';
  const unitStake = readUnitStake(slip.unitStake);
  if (isProblem(unitStake)) problems.stake = unitStake;
  const numberCount = numbers?.length ?? 0;
  if (hasProblems(problems) || numbers === null || isProblem(unitStake))
    return emptyReading(problems, numberCount);
  return {
    lines: [{ betType: slip.betType, numbers, unitStake: slip.unitStake.trim() }],
    total: lotteryStake({ kind: 'speed', betType: slip.betType, numbers, unitStake }),
    numberCount,
    problems,
  };
};

/* ---- Pool games (Keno, Pick 10, 11 of 5) ---- */

/** The pick counts a pool game offers (`pick1` … `pick10`), ascending. */
export const poolPickCountsOf = (game: Pick<LotteryGame, 'betTypes'>): number[] =>
  game.betTypes
    .map((type) => poolPicksOf(type.code))
    .filter((picks): picks is number => picks !== null)
    .sort((a, b) => a - b);

export type PoolSlip = { picks: readonly number[]; unitStake: string };

/** One ticket of the picked numbers (`pick<n>`), staked once; the count must be one the game offers. */
export const readPoolSlip = (slip: PoolSlip, offeredCounts: readonly number[]): SlipReading => {
  const problems: SlipReading['problems'] = {};
  const count = slip.picks.length;
  if (count === 0) problems.numbers = 'numbers_required';
  else if (!offeredCounts.includes(count)) problems.numbers = 'number_count';
  const unitStake = readUnitStake(slip.unitStake);
  if (isProblem(unitStake)) problems.stake = unitStake;
  if (hasProblems(problems) || isProblem(unitStake)) return emptyReading(problems, count);
  const numbers = [...slip.picks].sort((a, b) => a - b).map((value) => String(value).padStart(2, '0'));
  return {
    lines: [{ betType: poolBetType(count), numbers, unitStake: slip.unitStake.trim() }],
    total: lotteryStake({ kind: 'pool', betType: poolBetType(count), numbers, unitStake }),
    numberCount: count,
    problems,
  };
};

/* ---- Race (Speed 10) ---- */

export type RaceSlip = { betType: RaceBetType; picks: readonly string[]; unitStake: string };

/** `position` picks `<position>:<car>`, `first_two` picks `<car>-<car>`; one unit per pick. */
export const readRaceSlip = (slip: RaceSlip): SlipReading => {
  const problems: SlipReading['problems'] = {};
  const numbers = [...slip.picks];
  if (numbers.length === 0) problems.numbers = 'numbers_required';
  else if (numbers.length > maxNumbersPerLine) problems.numbers = 'too_many_numbers';
  const unitStake = readUnitStake(slip.unitStake);
  if (isProblem(unitStake)) problems.stake = unitStake;
  if (hasProblems(problems) || isProblem(unitStake)) return emptyReading(problems, numbers.length);
  return {
    lines: [{ betType: slip.betType, numbers, unitStake: slip.unitStake.trim() }],
    total: lotteryStake({ kind: 'race', betType: slip.betType, numbers, unitStake }),
    numberCount: numbers.length,
    problems,
  };
};
