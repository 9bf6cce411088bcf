import { performance } from 'node:perf_hooks';
import { isEsport, type FixtureResult } from '../domain';
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
} from './feed-source';
import { correctResult, playMatch, typicalMatchMinutes, type MatchScript } from './match-scripts';
import { createSeededRandom, type SeededRandom } from './seeded-random';

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
  /** Prefixes fixture ids; by default unique to the start second, so a restarted feed never reuses an id. */
  idPrefix?: string;
};

type LeagueRun = {
  entry: LeagueEntry;
  outright: Outright;
  random: SeededRandom;
  nextKickOffAt: number;
  /** Competitor id → the number of the fixture it was last drawn into: sides take turns. */
  lastDrawn: Map<string, number>;
};

type FixtureRun = {
  fixture: Fixture;
  league: LeagueRun;
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
    return this.#leagues.map((league) => structuredClone(league.outright));
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
    return {
      entry,
      outright: { league: { id: entry.id, name: entry.name }, sport: entry.sport, competitors },
      random,
      nextKickOffAt: firstKickOffAt,
      lastDrawn: new Map(),
    };
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
    const [home, away] = this.#drawOpponents(league, number);
    const kickOffAt = Math.ceil(league.nextKickOffAt / 1000) * 1000;
    // Kick-offs come closer together than matches last, so each league always has one in play.
    league.nextKickOffAt += this.#typicalFeedMs(league.entry) * league.random.between(0.3, 0.8);
    const fixture: Fixture = {
      id: `${this.#idPrefix}${String(number)}`,
      sport,
      league: { ...league.outright.league },
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
    const run: FixtureRun = {
      fixture,
      league,
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

  /** The two sides drawn longest ago (ties at random), home and away at random. */
  #drawOpponents(league: LeagueRun, fixtureNumber: number): [Competitor, Competitor] {
    const byTurn = league.outright.competitors
      .map((competitor) => ({
        competitor,
        turn: league.lastDrawn.get(competitor.id) ?? 0,
        tieBreak: league.random.next(),
      }))
      .sort((a, b) => a.turn - b.turn || a.tieBreak - b.tieBreak);
    const [first, second] = byTurn.map(({ competitor }) => competitor);
    if (!first || !second) throw new Error(`League ${league.entry.id} needs two competitors`);
    for (const competitor of [first, second]) league.lastDrawn.set(competitor.id, fixtureNumber);
    return league.random.chance(0.5) ? [first, second] : [second, first];
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
    const { correctAfterMs } = run.plan;
    if (correctAfterMs === undefined) return;
    this.#at(this.#time + correctAfterMs, () => {
      const corrected = correctResult(run.fixture.sport, result, run.random);
      if (!corrected || !this.#runs.has(run.fixture.id)) return;
      run.result = corrected;
      this.#emit({ type: 'result_corrected', ...this.#stamp(run), result: corrected });
    });
  }

  #postpone(run: FixtureRun): void {
    if (run.fixture.status !== 'scheduled') return;
    this.#end(run, 'postponed', { status: 'void', reason: 'postponed' });
    this.#emit({ type: 'postponed', ...this.#stamp(run), result: { status: 'void', reason: 'postponed' } });
    this.#fillSchedule(run.league);
  }

  #abandon(run: FixtureRun): void {
    if (run.fixture.status !== 'live') return;
    this.#end(run, 'abandoned', { status: 'void', reason: 'abandoned' });
    this.#emit({ type: 'abandoned', ...this.#stamp(run), result: { status: 'void', reason: 'abandoned' } });
  }

  #end(run: FixtureRun, status: Fixture['status'], result: FixtureResult): void {
    run.fixture.status = status;
    run.result = result;
    run.endedAt = this.#time;
    run.script = undefined;
  }

  #forgetEnded(): void {
    for (const [fixtureId, run] of this.#runs) {
      if (run.endedAt !== undefined && run.endedAt < this.#time - this.#keepEndedMs)
        this.#runs.delete(fixtureId);
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
