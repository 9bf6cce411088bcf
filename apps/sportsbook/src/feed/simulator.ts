import { performance } from 'node:perf_hooks';
import { isEsport, type FixtureResult, type OutrightResult } from '../domain';
import { minuteMs } from '../pricing/sport-parameters';
import { catalogue, competitorId, type LeagueEntry } from './catalogue';
import type {
  Competitor,
  FeedEvent,
  FeedListener,
  FeedSource,
  FinalResult,
  Fixture,
  InPlayEvent,
  LiveState,
  Outright,
  OutrightStatus,
  Standing,
} from './feed-source';
import { correctResult, playMatch, typicalMatchMinutes, type MatchScript } from './match-scripts';
import { createSeededRandom, type SeededRandom } from './seeded-random';
import { addResult, emptyStanding, rankStandings } from './standings';

export type SimulatorOptions = {
  /** Same seed (and start), same fixtures, events and results, however time is stepped. */
  seed?: string | number;
  /** Game time per feed time: 60 plays a 90-minute football match in 90 seconds. */
  speed?: number;
  /** The feed clock's start (epoch ms); the schedule is already under way then. */
  startAt?: number;
  /** Fixtures kept scheduled ahead in each league. */
  upcomingPerLeague?: number;
  postponeProbability?: number;
  abandonProbability?: number;
  correctionProbability?: number;
  /** How long ended fixtures stay listed (feed ms); by default three football matches. */
  keepEndedMs?: number;
  /** Prefixes fixture and outright ids; by default unique to the start second, so a restarted feed never reuses an id. */
  idPrefix?: string;
  /**
   * Fixtures in a league's season; its outright settles on the table after the last. By default 28: with 8 sides,
   * each meets every other once (about an hour of feed time at speed 30).
   */
  fixturesPerSeason?: number;
};

type LeagueRun = {
  entry: LeagueEntry;
  competitors: Competitor[];
  random: SeededRandom;
  nextKickOffAt: number;
  /** The seasons listed: the one being scheduled, those still being played, those settled a while ago. */
  seasons: SeasonRun[];
  seasonCount: number;
};

/**
 * A league's season: its pairings drawn when it opens (home, away, in kick-off order), a fixture scheduled for
 * each in turn, and every fixture's result (the corrected one, while the season runs) for the table.
 */
type SeasonRun = {
  league: LeagueRun;
  id: string;
  number: number;
  status: OutrightStatus;
  pairings: Array<[Competitor, Competitor]>;
  /** The fixture of each pairing scheduled so far, in pairing order. */
  fixtureIds: string[];
  results: Map<string, { sides: { home: string; away: string }; result: FixtureResult }>;
  startsAt: number;
  /** Set when it settles: the table then and its result. */
  standings?: Standing[];
  result?: OutrightResult;
  endedAt?: number;
};

type FixtureRun = {
  fixture: Fixture;
  league: LeagueRun;
  season: SeasonRun;
  state: LiveState;
  random: SeededRandom;
  plan: { postponeAt?: number; abandonAfterMs?: number; correctAfterMs?: number };
  script?: MatchScript;
  result?: FixtureResult;
  endedAt?: number;
  /** Feed time of the last resume, and how far the clock may run until the next one. */
  resumedAt: number;
  clockLimitMs: number;
};

type Timer = { at: number; order: number; run: () => void };

const freshState = (): LiveState => ({
  period: 0,
  isBreak: false,
  clockMs: 0,
  score: { home: 0, away: 0 },
  periods: [],
  redCards: { home: 0, away: 0 },
});

/** A copy for the outside, the clock in whole ms. */
const snapshot = (state: LiveState, clockMs = state.clockMs): LiveState => ({
  ...structuredClone(state),
  clockMs: Math.round(clockMs),
});

/**
 * A feed that plays invented leagues in accelerated time from a seeded random stream. Time moves only through
 * `tick(ms)` (tests) or `start()` (a real interval calling tick with the real time passed).
 */
export class MatchSimulator implements FeedSource {
  readonly #seed: string | number;
  readonly #speed: number;
  readonly #upcomingPerLeague: number;
  readonly #chances: { postpone: number; abandon: number; correction: number };
  readonly #keepEndedMs: number;
  readonly #idPrefix: string;
  readonly #fixturesPerSeason: number;
  readonly #leagues: LeagueRun[];
  readonly #runs = new Map<string, FixtureRun>();
  readonly #timers: Timer[] = [];
  readonly #listeners = new Set<FeedListener>();
  #time: number;
  #timerCount = 0;
  #fixtureCount = 0;
  #interval: NodeJS.Timeout | undefined;

  constructor(options: SimulatorOptions = {}) {
    const startAt = options.startAt ?? Date.now();
    this.#seed = options.seed ?? 1;
    this.#speed = options.speed ?? 60;
    this.#upcomingPerLeague = options.upcomingPerLeague ?? 4;
    this.#chances = {
      postpone: options.postponeProbability ?? 0.02,
      abandon: options.abandonProbability ?? 0.01,
      correction: options.correctionProbability ?? 0.02,
    };
    this.#keepEndedMs = options.keepEndedMs ?? (3 * 105 * minuteMs) / this.#speed;
    this.#idPrefix = options.idPrefix ?? `f${Math.floor(startAt / 1000).toString(36)}-`;
    this.#fixturesPerSeason = options.fixturesPerSeason ?? 28;
    if (!(Number.isSafeInteger(this.#fixturesPerSeason) && this.#fixturesPerSeason >= 1))
      throw new RangeError(`A season needs at least one fixture, not ${String(options.fixturesPerSeason)}`);
    this.#leagues = catalogue.map((entry) => this.#openLeague(entry, startAt));
    // Start a minute before the earliest first kick-off and play up to the start, so matches are under way.
    this.#time = Math.min(...this.#leagues.map((league) => league.nextKickOffAt)) - minuteMs;
    for (const league of this.#leagues) this.#fillSchedule(league);
    this.tick(startAt - this.#time);
  }

  now(): number {
    return this.#time;
  }

  fixtures(): Fixture[] {
    return [...this.#runs.values()]
      .map((run) => structuredClone(run.fixture))
      .sort((a, b) => a.kickOffAt - b.kickOffAt);
  }

  fixture(fixtureId: string): Fixture | undefined {
    const run = this.#runs.get(fixtureId);
    return run && structuredClone(run.fixture);
  }

  liveState(fixtureId: string): LiveState | undefined {
    const run = this.#runs.get(fixtureId);
    if (!run) return undefined;
    const isClockRunning = run.fixture.status === 'live' && !run.state.isBreak;
    if (!isClockRunning) return snapshot(run.state);
    const runningMs = (this.#time - run.resumedAt) * this.#speed;
    return snapshot(run.state, Math.min(run.clockLimitMs, run.state.clockMs + runningMs));
  }

  result(fixtureId: string): FixtureResult | undefined {
    const result = this.#runs.get(fixtureId)?.result;
    return result && structuredClone(result);
  }

  outrights(): Outright[] {
    return this.#leagues.flatMap((league) => league.seasons.map((season) => this.#outrightOf(season)));
  }

  outright(outrightId: string): Outright | undefined {
    for (const league of this.#leagues) {
      const season = league.seasons.find((candidate) => candidate.id === outrightId);
      if (season) return this.#outrightOf(season);
    }
    return undefined;
  }

  subscribe(listener: FeedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Moves the feed clock on by `ms`, playing everything due on the way in time order. */
  tick(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`Cannot tick by ${String(ms)} ms`);
    const until = this.#time + ms;
    for (let timer = this.#timers[0]; timer && timer.at <= until; timer = this.#timers[0]) {
      this.#timers.shift();
      this.#time = timer.at;
      timer.run();
    }
    this.#time = until;
    this.#forgetEnded();
  }

  /** Follows real time: every `intervalMs` it ticks by the real time passed. */
  start(intervalMs = 250): void {
    if (this.#interval) return;
    let last = performance.now();
    this.#interval = setInterval(() => {
      const now = performance.now();
      this.tick(now - last);
      last = now;
    }, intervalMs);
    this.#interval.unref();
  }

  stop(): void {
    clearInterval(this.#interval);
    this.#interval = undefined;
  }

  #openLeague(entry: LeagueEntry, startAt: number): LeagueRun {
    const random = createSeededRandom(this.#seed, `league/${entry.id}`);
    const competitors: Competitor[] = entry.competitors.map((name) => ({
      id: competitorId(name),
      name,
      rating: Math.round(random.between(...entry.ratingRange) * 100) / 100,
    }));
    const firstKickOffAt = startAt - this.#typicalFeedMs(entry) * random.between(0.1, 0.9);
    return { entry, competitors, random, nextKickOffAt: firstKickOffAt, seasons: [], seasonCount: 0 };
  }

  /** The next season of the league, its pairings drawn from a stream of its own. */
  #openSeason(league: LeagueRun, startsAt: number): SeasonRun {
    league.seasonCount += 1;
    const number = league.seasonCount;
    const random = createSeededRandom(this.#seed, `season/${league.entry.id}/${String(number)}`);
    const season: SeasonRun = {
      league,
      id: `${this.#idPrefix}${league.entry.id}-s${String(number)}`,
      number,
      status: 'open',
      pairings: drawSeason(league.competitors, this.#fixturesPerSeason, random),
      fixtureIds: [],
      results: new Map(),
      startsAt,
    };
    league.seasons.push(season);
    return season;
  }

  #outrightOf(season: SeasonRun): Outright {
    const { entry, competitors } = season.league;
    return {
      id: season.id,
      league: { id: entry.id, name: entry.name },
      sport: entry.sport,
      season: season.number,
      status: season.status,
      competitors: competitors.map((competitor) => ({ ...competitor })),
      standings: structuredClone(season.standings ?? this.#standingsOf(season)),
      fixtureCount: season.pairings.length,
      fixturesLeft: season.pairings.flatMap(([home, away], index) => {
        const fixtureId = season.fixtureIds[index];
        if (fixtureId !== undefined && season.results.has(fixtureId)) return [];
        return [{ home: home.id, away: away.id, ...(fixtureId === undefined ? {} : { fixtureId }) }];
      }),
      startsAt: season.startsAt,
      ...(season.result ? { result: structuredClone(season.result) } : {}),
    };
  }

  #standingsOf(season: SeasonRun): Standing[] {
    const table = new Map(
      season.league.competitors.map((competitor) => [competitor.id, emptyStanding(competitor.id)]),
    );
    for (const { sides, result } of season.results.values()) {
      if (result.status === 'final') addResult(table, season.league.entry.sport, sides, result.score);
    }
    return rankStandings(table.values());
  }

  /**
   * Closes the season's outright once its last fixture has kicked off (or ended unplayed), and settles it once
   * every fixture has a result: the winner tops the table; a season without a fixture played is void.
   */
  #updateSeason(season: SeasonRun): void {
    if (season.status === 'settled' || season.fixtureIds.length < season.pairings.length) return;
    const hasKickedOff = (fixtureId: string): boolean =>
      (this.#runs.get(fixtureId)?.fixture.status ?? 'finished') !== 'scheduled';
    if (season.status === 'open' && season.fixtureIds.every(hasKickedOff)) season.status = 'closed';
    if (!season.fixtureIds.every((fixtureId) => season.results.has(fixtureId))) return;
    const standings = this.#standingsOf(season);
    const isPlayed = [...season.results.values()].some(({ result }) => result.status === 'final');
    const winner = standings[0];
    season.status = 'settled';
    season.standings = standings;
    season.result =
      isPlayed && winner ? { status: 'final', winner: winner.competitorId } : { status: 'void' };
    season.endedAt = this.#time;
    this.#emit({
      type: 'outright_settled',
      fixtureId: season.id,
      at: this.#time,
      result: structuredClone(season.result),
    });
  }

  #typicalFeedMs(entry: LeagueEntry, bestOf: 1 | 3 | 5 = 3): number {
    return (typicalMatchMinutes(entry.sport, bestOf) * minuteMs) / this.#speed;
  }

  #fillSchedule(league: LeagueRun): void {
    const isUpcoming = (run: FixtureRun): boolean =>
      run.league === league && run.fixture.status === 'scheduled';
    let upcoming = [...this.#runs.values()].filter(isUpcoming).length;
    for (; upcoming < this.#upcomingPerLeague; upcoming += 1) this.#scheduleFixture(league);
  }

  #scheduleFixture(league: LeagueRun): void {
    this.#fixtureCount += 1;
    const number = this.#fixtureCount;
    const random = createSeededRandom(this.#seed, `fixture/${String(number)}`);
    const { sport } = league.entry;
    const bestOf = isEsport(sport) ? this.#drawBestOf(random) : undefined;
    const kickOffAt = Math.ceil(league.nextKickOffAt / 1000) * 1000;
    // Kick-offs come closer together than matches last, so each league always has one in play.
    league.nextKickOffAt += this.#typicalFeedMs(league.entry) * league.random.between(0.3, 0.8);
    // The next pairing of the season, or the first of the next season once this one's are all scheduled.
    const current = league.seasons.at(-1);
    const season =
      current && current.fixtureIds.length < current.pairings.length
        ? current
        : this.#openSeason(league, kickOffAt);
    const pairing = season.pairings[season.fixtureIds.length];
    if (!pairing) throw new Error(`Season ${season.id} has no pairing left`);
    const [home, away] = pairing;
    const fixture: Fixture = {
      id: `${this.#idPrefix}${String(number)}`,
      sport,
      league: { id: league.entry.id, name: league.entry.name },
      home,
      away,
      kickOffAt,
      ...(bestOf ? { bestOf } : {}),
      status: 'scheduled',
    };
    const matchFeedMs = this.#typicalFeedMs(league.entry, bestOf);
    const postponeAt = this.#time + (kickOffAt - this.#time) * random.between(0.3, 1);
    const abandonAfterMs = matchFeedMs * random.between(0.05, 0.9);
    const correctAfterMs = matchFeedMs * random.between(0.05, 0.3);
    season.fixtureIds.push(fixture.id);
    const run: FixtureRun = {
      fixture,
      league,
      season,
      state: freshState(),
      random,
      plan: {
        ...(random.chance(this.#chances.postpone) ? { postponeAt } : {}),
        ...(random.chance(this.#chances.abandon) ? { abandonAfterMs } : {}),
        ...(random.chance(this.#chances.correction) ? { correctAfterMs } : {}),
      },
      resumedAt: this.#time,
      clockLimitMs: 0,
    };
    this.#runs.set(fixture.id, run);
    this.#emit({
      type: 'fixture_added',
      fixtureId: fixture.id,
      at: this.#time,
      fixture: structuredClone(fixture),
    });
    if (run.plan.postponeAt !== undefined)
      this.#at(run.plan.postponeAt, () => {
        this.#postpone(run);
      });
    this.#at(kickOffAt, () => {
      this.#kickOff(run);
    });
  }

  #drawBestOf(random: SeededRandom): 1 | 3 | 5 {
    const draw = random.next();
    return draw < 0.2 ? 1 : draw < 0.85 ? 3 : 5;
  }

  #kickOff(run: FixtureRun): void {
    if (run.fixture.status !== 'scheduled') return;
    run.fixture.status = 'live';
    run.script = playMatch({
      sport: run.fixture.sport,
      ratings: { home: run.fixture.home.rating, away: run.fixture.away.rating },
      bestOf: run.fixture.bestOf ?? 1,
      state: run.state,
      random: run.random,
      emit: (event) => {
        this.#emitInPlay(run, event);
      },
    });
    this.#updateSeason(run.season);
    this.#fillSchedule(run.league);
    if (run.plan.abandonAfterMs !== undefined)
      this.#at(this.#time + run.plan.abandonAfterMs, () => {
        this.#abandon(run);
      });
    this.#resume(run);
  }

  #resume(run: FixtureRun): void {
    if (!run.script || run.fixture.status !== 'live') return;
    const step = run.script.next();
    run.resumedAt = this.#time;
    if (step.done) {
      this.#finish(run, step.value);
      return;
    }
    const waitMs = step.value;
    const isClockRunning = !run.state.isBreak;
    run.clockLimitMs = run.state.clockMs + (isClockRunning ? waitMs : 0);
    this.#at(this.#time + waitMs / this.#speed, () => {
      if (isClockRunning) run.state.clockMs += waitMs;
      this.#resume(run);
    });
  }

  #finish(run: FixtureRun, result: FinalResult): void {
    this.#end(run, 'finished', result);
    this.#emit({ type: 'finished', ...this.#stamp(run), result, state: snapshot(run.state) });
    this.#updateSeason(run.season);
    const { correctAfterMs } = run.plan;
    if (correctAfterMs === undefined) return;
    this.#at(this.#time + correctAfterMs, () => {
      const corrected = correctResult(run.fixture.sport, result, run.random);
      if (!corrected || !this.#runs.has(run.fixture.id)) return;
      run.result = corrected;
      this.#recordResult(run, corrected);
      this.#emit({ type: 'result_corrected', ...this.#stamp(run), result: corrected });
    });
  }

  #postpone(run: FixtureRun): void {
    if (run.fixture.status !== 'scheduled') return;
    this.#end(run, 'postponed', { status: 'void', reason: 'postponed' });
    this.#emit({ type: 'postponed', ...this.#stamp(run), result: { status: 'void', reason: 'postponed' } });
    this.#updateSeason(run.season);
    this.#fillSchedule(run.league);
  }

  #abandon(run: FixtureRun): void {
    if (run.fixture.status !== 'live') return;
    this.#end(run, 'abandoned', { status: 'void', reason: 'abandoned' });
    this.#emit({ type: 'abandoned', ...this.#stamp(run), result: { status: 'void', reason: 'abandoned' } });
    this.#updateSeason(run.season);
  }

  #end(run: FixtureRun, status: Fixture['status'], result: FixtureResult): void {
    run.fixture.status = status;
    run.result = result;
    run.endedAt = this.#time;
    run.script = undefined;
    this.#recordResult(run, result);
  }

  /** The season's table counts the result (a correction replaces it) until the season is settled. */
  #recordResult(run: FixtureRun, result: FixtureResult): void {
    if (run.season.status === 'settled') return;
    const sides = { home: run.fixture.home.id, away: run.fixture.away.id };
    run.season.results.set(run.fixture.id, { sides, result });
  }

  #forgetEnded(): void {
    for (const [fixtureId, run] of this.#runs) {
      if (run.endedAt !== undefined && run.endedAt < this.#time - this.#keepEndedMs)
        this.#runs.delete(fixtureId);
    }
    for (const league of this.#leagues) {
      league.seasons = league.seasons.filter(
        (season) => season.endedAt === undefined || season.endedAt >= this.#time - this.#keepEndedMs,
      );
    }
  }

  #at(at: number, run: () => void): void {
    this.#timerCount += 1;
    const timer = { at, order: this.#timerCount, run };
    const index = this.#timers.findIndex((other) => other.at > at);
    this.#timers.splice(index === -1 ? this.#timers.length : index, 0, timer);
  }

  #stamp(run: FixtureRun): { fixtureId: string; at: number } {
    return { fixtureId: run.fixture.id, at: this.#time };
  }

  #emitInPlay(run: FixtureRun, event: InPlayEvent): void {
    this.#emit({ ...event, ...this.#stamp(run), state: snapshot(run.state) });
  }

  #emit(event: FeedEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        // A failing listener must not stop the matches or the other listeners.
        console.error('Feed listener failed', error);
      }
    }
  }
}

/**
 * A season's pairings: rounds of a round robin (the circle method over the sides in a random order; every side
 * meets every other once a cycle, home and away swapped in the next cycle), each round's matches ordered so the
 * sides that played longest ago play first (no side plays twice in a row where a round allows), cut at `count`.
 */
export const drawSeason = (
  competitors: readonly Competitor[],
  count: number,
  random: SeededRandom,
): Array<[Competitor, Competitor]> => {
  if (competitors.length < 2) throw new Error('A season needs two competitors');
  const order: Array<Competitor | undefined> = [...competitors];
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random.next() * (index + 1));
    [order[index], order[other]] = [order[other], order[index]];
  }
  if (order.length % 2 === 1) order.push(undefined); // a bye
  const rounds: Array<Array<[Competitor, Competitor]>> = [];
  for (let round = 0; round < order.length - 1; round += 1) {
    const matches: Array<[Competitor, Competitor]> = [];
    for (let index = 0; index < order.length / 2; index += 1) {
      const [first, second] = [order[index], order[order.length - 1 - index]];
      if (first && second) matches.push(random.chance(0.5) ? [first, second] : [second, first]);
    }
    rounds.push(matches);
    // Every side but the first moves one place round the circle.
    order.splice(1, 0, order.pop());
  }
  const pairings: Array<[Competitor, Competitor]> = [];
  const lastPlayed = new Map<string, number>();
  const playedAt = (competitor: Competitor): number => lastPlayed.get(competitor.id) ?? -1;
  for (let cycle = 0; pairings.length < count; cycle += 1) {
    for (const round of rounds) {
      const left = round.map(([home, away]): [Competitor, Competitor] =>
        cycle % 2 === 0 ? [home, away] : [away, home],
      );
      while (left.length > 0 && pairings.length < count) {
        const recency = (pairing: [Competitor, Competitor]): number => Math.max(...pairing.map(playedAt));
        const next = left.reduce((best, pairing) => (recency(pairing) < recency(best) ? pairing : best));
        left.splice(left.indexOf(next), 1);
        for (const competitor of next) lastPlayed.set(competitor.id, pairings.length);
        pairings.push(next);
      }
    }
  }
  return pairings;
};
