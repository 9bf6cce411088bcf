/**
 * The sportsbook's shared vocabulary: sports, markets, selections, prices, results and outcomes. The feed and
 * pricing (`feed/`, `pricing/`), the slip and settlement (`slip/`, `settlement/`) and the service build on it.
 */

export const sports = ['football', 'basketball', 'tennis', 'cs2', 'dota2', 'lol', 'valorant'] as const;
export type Sport = (typeof sports)[number];

/** E-sports: settled by maps; CS2 and Valorant maps are played in rounds. */
export const esports: readonly Sport[] = ['cs2', 'dota2', 'lol', 'valorant'];
export const isEsport = (sport: Sport): boolean => esports.includes(sport);

/**
 * Decimal odds in thousandths (1.950 is 1950): every price the book shows, accepts and settles is one, so
 * combined odds and payouts are exact integer arithmetic (bigint where they multiply).
 */
export type MilliOdds = number;

/**
 * - match_result: 1X2 (football): home, draw, away.
 * - moneyline: two-way winner (basketball incl. overtime, tennis, e-sports match).
 * - asian_handicap: home's handicap `line` (quarters); selections home, away.
 * - total: over/under `line` (quarters) of the match's total (goals, points, games, maps … per sport).
 * - btts: both teams to score (football): yes, no.
 * - correct_score: selections "h-a" (e.g. "2-1") and "other".
 * - map_winner: winner of map `map` (e-sports): home, away.
 * - round_winner: winner of round `round` of map `map` (CS2, Valorant): home, away.
 * - outright: winner of a league; selections are competitor ids.
 */
export const marketKinds = [
  'match_result',
  'moneyline',
  'asian_handicap',
  'total',
  'btts',
  'correct_score',
  'map_winner',
  'round_winner',
  'outright',
] as const;
export type MarketKind = (typeof marketKinds)[number];

/**
 * What a market is about. `line` is in quarters of a goal/point (−0.25 is −1, 2.5 is 10, −0.75 is −3): a line
 * that is a quarter (odd multiple of 0.25) splits the stake in two halves on the neighbouring half and whole lines.
 */
export type MarketSpec = {
  kind: MarketKind;
  line?: number;
  map?: number;
  round?: number;
};

/** home, draw, away, over, under, yes, no, "h-a" scores, "other", or a competitor id (outright). */
export type SelectionKey = string;

export type Score = { home: number; away: number };

/**
 * A fixture's final result, or why it has none. `periods`: e-sports maps (rounds won per map), tennis sets
 * (games per set), basketball quarters, football halves; `rounds[m]`: who won each round of map m+1 (CS2,
 * Valorant). `score` is what match markets settle on: football goals, basketball points, tennis sets,
 * e-sports maps won.
 */
export type FixtureResult =
  | { status: 'void'; reason: 'postponed' | 'abandoned' }
  | {
      status: 'final';
      score: Score;
      periods?: Score[];
      rounds?: Array<Array<'home' | 'away'>>;
    };

/** An outright's result: the winning competitor, or void. */
export type OutrightResult = { status: 'void' } | { status: 'final'; winner: string };

/** What settles the legs on one event: a fixture's result, or an outright's (legs store the outright id as their fixture). */
export type SettlementResult = FixtureResult | OutrightResult;

/**
 * A selection's outcome. Quarter lines give half_win / half_lose (half the stake wins or is returned); push and
 * void return the stake.
 */
export const outcomes = ['win', 'lose', 'push', 'half_win', 'half_lose', 'void'] as const;
export type Outcome = (typeof outcomes)[number];

export const oddsFormats = ['decimal', 'hongkong', 'malay', 'indonesian'] as const;
export type OddsFormat = (typeof oddsFormats)[number];
