import type { FixtureResult, OutrightResult, Score, Sport } from '../domain';

/**
 * What the book needs from a sports data feed, whether the simulator or a real provider: fixtures, their live
 * state, a stream of what happens, and each league's outright competitors. Times are the feed clock's epoch ms.
 */

export type Side = 'home' | 'away';

/**
 * A team or player. `rating` is the feed's power rating (1 is an average side of the league; a side rated twice
 * its opponent dominates): the pricing model's only input about strength.
 */
export type Competitor = { id: string; name: string; rating: number };

export type FixtureStatus = 'scheduled' | 'live' | 'finished' | 'postponed' | 'abandoned';

export type Fixture = {
  id: string;
  sport: Sport;
  league: { id: string; name: string };
  home: Competitor;
  away: Competitor;
  kickOffAt: number;
  /** E-sports only: maps in the series. */
  bestOf?: 1 | 3 | 5;
  status: FixtureStatus;
};

/**
 * The scoreboard. `period`: the half, quarter (5 and on: overtime), set or map in play, or the last one played
 * while `isBreak` (half-time, between quarters or maps); 0 before kick-off. `clockMs`: game time played, which
 * stands still in breaks. `score` is what match markets settle on (goals, points, sets, maps won); `periods` holds
 * each period's score so far (football halves, basketball quarters, tennis games per set, e-sports rounds per
 * map or 1–0 per map won).
 */
export type LiveState = {
  period: number;
  isBreak: boolean;
  clockMs: number;
  score: Score;
  periods: Score[];
  redCards: Score;
  /** CS2, Valorant: the round now being played of map `period`, and who won each round of each map. */
  round?: number;
  rounds?: Array<Side[]>;
};

export type FinalResult = Extract<FixtureResult, { status: 'final' }>;
export type VoidResult = Extract<FixtureResult, { status: 'void' }>;

/** Something that happened on the field; the event carries the state right after it. */
export type InPlayEvent =
  | { type: 'kick_off' }
  | { type: 'goal'; team: Side }
  | { type: 'red_card'; team: Side }
  | { type: 'point_run'; team: Side; points: number }
  | { type: 'game_won'; team: Side }
  | { type: 'period_start'; period: number }
  | { type: 'period_end'; period: number }
  | { type: 'map_end'; map: number; winner: Side }
  | { type: 'round_end'; map: number; round: number; winner: Side };

export type FeedEvent = { fixtureId: string; at: number } & (
  | (InPlayEvent & { state: LiveState })
  | { type: 'fixture_added'; fixture: Fixture }
  | { type: 'finished'; result: FinalResult; state: LiveState }
  | { type: 'postponed' | 'abandoned'; result: VoidResult }
  | { type: 'result_corrected'; result: FixtureResult }
  // `fixtureId` is the outright's id: its season ended (the result's winner tops the standings).
  | { type: 'outright_settled'; result: OutrightResult }
);

export type FeedEventType = FeedEvent['type'];

/**
 * A season's outright (who wins the league): open for bets until its last fixture kicks off, closed until that
 * one has a result, then settled with the top of the standings.
 */
export type OutrightStatus = 'open' | 'closed' | 'settled';

/**
 * A competitor's line in the season's table. `scored` and `conceded` are in the score match markets settle on
 * (goals, points, sets, maps); points per `pointsFor` (feed/standings.ts).
 */
export type Standing = {
  competitorId: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  points: number;
};

/** A fixture of the season without a result yet (competitor ids); `fixtureId` once it is scheduled. */
export type SeasonFixture = { home: string; away: string; fixtureId?: string };

export type Outright = {
  /** Unique per league and season, never reused by a restarted feed; also the outright's settlement key. */
  id: string;
  league: { id: string; name: string };
  sport: Sport;
  season: number;
  status: OutrightStatus;
  competitors: Competitor[];
  /** Best first (`compareStandings`); every competitor has a line. */
  standings: Standing[];
  /** How many fixtures the season has, and those of them still without a result. */
  fixtureCount: number;
  fixturesLeft: SeasonFixture[];
  /** The first fixture's kick-off (feed clock). */
  startsAt: number;
  result?: OutrightResult;
};

export type FeedListener = (event: FeedEvent) => void;

export interface FeedSource {
  now(): number;
  /** Scheduled, live and recently ended fixtures, by kick-off. */
  fixtures(): Fixture[];
  fixture(fixtureId: string): Fixture | undefined;
  /** The scoreboard now (before kick-off: nil-nil at period 0). */
  liveState(fixtureId: string): LiveState | undefined;
  /** The result once finished, postponed or abandoned (the corrected one after a correction). */
  result(fixtureId: string): FixtureResult | undefined;
  /** The seasons' outrights open or closed now, and those settled a while ago (by league, then season). */
  outrights(): Outright[];
  outright(outrightId: string): Outright | undefined;
  /** Calls `listener` for every event from now on; returns the unsubscribe. */
  subscribe(listener: FeedListener): () => void;
}
