import {
  elevenFivePaytable,
  kenoPaytable,
  type LotteryKind,
  pick10Paytable,
} from '@wps/contracts/lottery-rules';
import {
  type VnRegion,
  type VnStation,
  vnDrawTimes,
  vnStationsByWeekday,
} from '@wps/contracts/vn-lottery-rules';
import { DateTime, type Zone } from 'luxon';
import type { PoolShape } from './lottery-pool';
import type { RaceShape } from './lottery-race';

/**
 * The house lottery games: their catalogue codes (games.seed.ts creates the catalogue rows), kinds and
 * schedules. Schedules are in the brand's time zone; tests and journeys shorten them through config.
 */
type GameBase = { gameCode: string; vendor: string; name: string; cutoffSeconds: number };
export type SpeedGame = GameBase & { kind: 'speed'; balls: 3 | 5; intervalSeconds: number };
export type VnGame = GameBase & {
  kind: 'vn';
  region: VnRegion;
  /** A game that draws every few minutes on a station of its own instead of the official calendar. */
  intervalSeconds: number | null;
  fixedStations: readonly VnStation[] | null;
};
export type Sea4dGame = GameBase & {
  kind: 'sea4d';
  /** Weekdays (0 = Sunday) and local time of the draw. */
  weekdays: readonly number[];
  time: string;
};
/** Keno, Pick 10, 11 of 5: rules in lottery-pool.ts. */
export type PoolGame = GameBase & { kind: 'pool'; intervalSeconds: number } & PoolShape;
/** The speed race: rules in lottery-race.ts. */
export type RaceGame = GameBase & { kind: 'race'; intervalSeconds: number } & RaceShape;
export type LotteryGameDefinition = SpeedGame | VnGame | Sea4dGame | PoolGame | RaceGame;

const speed = (gameCode: string, name: string, balls: 3 | 5, intervalSeconds: number): SpeedGame => ({
  kind: 'speed',
  gameCode,
  vendor: gameCode.split('-')[0] ?? gameCode,
  name,
  balls,
  intervalSeconds,
  cutoffSeconds: 10,
});

const pool = (gameCode: string, name: string, shape: PoolShape, intervalSeconds: number): PoolGame => ({
  kind: 'pool',
  gameCode,
  vendor: gameCode.split('-')[0] ?? gameCode,
  name,
  ...shape,
  intervalSeconds,
  cutoffSeconds: 10,
});

const keno: PoolShape = { poolSize: 80, drawn: 20, paytable: kenoPaytable };

const vn = (
  gameCode: string,
  name: string,
  region: VnRegion,
  fast: { intervalSeconds: number; station: VnStation } | null = null,
): VnGame => ({
  kind: 'vn',
  gameCode,
  vendor: 'TCG_LOTTO_VN',
  name,
  region,
  intervalSeconds: fast?.intervalSeconds ?? null,
  fixedStations: fast ? [fast.station] : null,
  cutoffSeconds: fast ? 30 : 15 * 60,
});

export const lotteryGames: readonly LotteryGameDefinition[] = [
  vn('TCG_LOTTO_VN-O0001', 'North Lotto', 'north'),
  vn('TCG_LOTTO_VN-O0002', 'Central Lotto', 'central'),
  vn('TCG_LOTTO_VN-O0003', 'South Lotto', 'south'),
  vn('TCG_LOTTO_VN-O0004', 'Fast Lotto 5 Minutes', 'south', {
    intervalSeconds: 300,
    station: { code: 'SIEUTOC', name: 'Siêu tốc 5 phút' },
  }),
  {
    kind: 'sea4d',
    gameCode: 'TCG_SEA-O0001',
    vendor: 'TCG_SEA',
    name: 'SEA 4D',
    weekdays: [0, 3, 6],
    time: '19:00',
    cutoffSeconds: 30 * 60,
  },
  speed('TCG_SEA-O0002', 'SEA 5D', 5, 300),
  pool('TCG_SEA-O0003', 'SEA Keno', keno, 300),
  speed('TCG_SEA-O0004', 'SEA Quick 3', 3, 60),
  speed('LOTT-O0001', 'Lott 3D', 3, 180),
  speed('LOTT-O0002', 'Lott 5D', 5, 300),
  pool('LOTT-O0003', 'Lott Pick 10', { ...keno, paytable: pick10Paytable }, 300),
  speed('LOTT-O0004', 'Lott Fast 3', 3, 60),
  pool('LOTT-O0005', 'Lott Keno', keno, 180),
  speed('LOTT-O0006', 'Lott Lucky 28', 3, 120),
  pool('ELOTT-E0001', 'ELott Keno', keno, 120),
  pool('ELOTT-E0002', 'ELott 11 of 5', { poolSize: 11, drawn: 5, paytable: elevenFivePaytable }, 120),
  speed('ELOTT-E0003', 'ELott Fast 3', 3, 60),
  speed('ELOTT-E0004', 'ELott 3D', 3, 180),
  speed('ELOTT-E0005', 'ELott Lucky 28', 3, 120),
  {
    kind: 'race',
    gameCode: 'ELOTT-E0006',
    vendor: 'ELOTT',
    name: 'ELott Speed 10',
    cars: 10,
    intervalSeconds: 120,
    cutoffSeconds: 10,
  },
];

const byCode = new Map(lotteryGames.map((game) => [game.gameCode, game]));
export const findLotteryGame = (gameCode: string): LotteryGameDefinition | undefined => byCode.get(gameCode);

/** Schedule overrides from config (seconds); undefined keeps the game's own schedule. */
export type ScheduleOverrides = {
  speedDrawSeconds?: number | undefined;
  vnDrawEverySeconds?: number | undefined;
  seaDrawEverySeconds?: number | undefined;
  cutoffSeconds?: number | undefined;
};

/** Seconds between draws when the game draws on an interval (after overrides); null for calendar games. */
export const intervalOf = (game: LotteryGameDefinition, overrides: ScheduleOverrides): number | null => {
  if (game.kind === 'speed' || game.kind === 'pool' || game.kind === 'race') {
    return overrides.speedDrawSeconds ?? game.intervalSeconds;
  }
  if (game.kind === 'vn') return overrides.vnDrawEverySeconds ?? game.intervalSeconds;
  return overrides.seaDrawEverySeconds ?? null;
};

export const cutoffOf = (game: LotteryGameDefinition, overrides: ScheduleOverrides): number => {
  const cutoff = overrides.cutoffSeconds ?? game.cutoffSeconds;
  const interval = intervalOf(game, overrides);
  // A cut-off at or beyond the interval would leave no time to bet.
  return interval === null ? cutoff : Math.min(cutoff, Math.max(0, interval - 1));
};

export const kindOf = (game: LotteryGameDefinition): LotteryKind => game.kind;

/** The wall clock of `instant` in the IANA zone `timeZone`. */
const localTime = (instant: Date, timeZone: string): DateTime => {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  if (!local.isValid) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return local;
};

const minuteMs = 60_000;

/**
 * The instant a wall-clock time of `zone` names (given as that wall time read as UTC): the wall time less the
 * zone's offset where a first guess lands. In an hour a clock change repeats that is the instant
 * `setZone(zone, { keepLocalTime: true })` picks too; a skipped wall time moves by the change (on east of UTC,
 * back west of it). Two offset lookups where `setZone` needs three and a copy, for the scheduling job; no draw
 * time falls in a clock change of any zone since 1995.
 */
const instantOfWallTime = (wallAsUtc: number, zone: Zone): Date =>
  new Date(wallAsUtc - zone.offset(wallAsUtc - zone.offset(wallAsUtc) * minuteMs) * minuteMs);

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `<gameCode>-<yyyymmdd>-<hhmmss>` in the brand's time zone: unique per game and draw time. */
export const publicDrawId = (gameCode: string, drawAt: Date, timeZone: string): string => {
  const local = localTime(drawAt, timeZone);
  return `${gameCode}-${local.year}${pad(local.month)}${pad(local.day)}-${pad(local.hour)}${pad(local.minute)}${pad(local.second)}`;
};

/** The next `count` draw instants strictly after `from`. */
export const nextDrawTimes = (
  game: LotteryGameDefinition,
  from: Date,
  timeZone: string,
  overrides: ScheduleOverrides,
  count: number,
): Date[] => {
  const interval = intervalOf(game, overrides);
  if (interval !== null) {
    const step = interval * 1000;
    const first = Math.floor(from.getTime() / step) * step + step;
    return Array.from({ length: count }, (_, i) => new Date(first + i * step));
  }
  const [hour = 0, minute = 0] = (
    game.kind === 'vn' ? vnDrawTimes[game.region] : game.kind === 'sea4d' ? game.time : '00:00'
  )
    .split(':')
    .map(Number);
  const times: Date[] = [];
  const today = localTime(from, timeZone);
  for (let offset = 0; times.length < count && offset < 60; offset += 1) {
    // The brand's calendar day counted as a date (a day the zone skips is still a day), weekday included.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, hour, minute));
    if (game.kind === 'sea4d' && !game.weekdays.includes(day.getUTCDay())) continue;
    const candidate = instantOfWallTime(day.getTime(), today.zone);
    if (candidate <= from) continue;
    times.push(candidate);
  }
  return times;
};

/** The stations of a VN draw: the game's own, else the region's stations on the draw's local weekday. */
export const stationsOf = (game: LotteryGameDefinition, drawAt: Date, timeZone: string): VnStation[] => {
  if (game.kind !== 'vn') return [];
  if (game.fixedStations) return [...game.fixedStations];
  // Luxon numbers weekdays 1 (Monday) to 7 (Sunday); the station tables 0 (Sunday) to 6.
  return [...(vnStationsByWeekday[game.region][localTime(drawAt, timeZone).weekday % 7] ?? [])];
};
