import { describe, expect, it } from 'vitest';
import { sports, type Score } from '../domain';
import type { FeedEvent, FinalResult, Outright } from './feed-source';
import { MatchSimulator, type SimulatorOptions } from './simulator';

const startAt = Date.UTC(2026, 0, 1, 12);
const minute = 60_000;

const recordEvents = (simulator: MatchSimulator): FeedEvent[] => {
  const events: FeedEvent[] = [];
  simulator.subscribe((event) => events.push(event));
  return events;
};

const play = (options: SimulatorOptions, tickMs: number, totalMs: number): FeedEvent[] => {
  const simulator = new MatchSimulator({ startAt, ...options });
  const events = recordEvents(simulator);
  for (let played = 0; played < totalMs; played += tickMs) simulator.tick(tickMs);
  return events;
};

const eventsByFixture = (events: FeedEvent[]): Map<string, FeedEvent[]> => {
  const byFixture = new Map<string, FeedEvent[]>();
  for (const event of events)
    byFixture.set(event.fixtureId, [...(byFixture.get(event.fixtureId) ?? []), event]);
  return byFixture;
};

const sumScores = (scores: Score[]): Score =>
  scores.reduce((sum, score) => ({ home: sum.home + score.home, away: sum.away + score.away }), {
    home: 0,
    away: 0,
  });

describe('match simulator', () => {
  it('plays the same events for the same seed, however finely time is stepped', () => {
    const coarse = play({ seed: 'a' }, 3 * minute, 6 * minute);
    const fine = play({ seed: 'a' }, 7_000, 6 * minute);
    expect(fine.length).toBeGreaterThan(100);
    expect(fine.filter((event) => event.at <= startAt + 6 * minute)).toEqual(
      coarse.filter((event) => event.at <= startAt + 6 * minute),
    );
    expect(play({ seed: 'b' }, 3 * minute, 6 * minute)).not.toEqual(coarse);
  });

  it('always has matches in play and kick-offs ahead in every sport as time goes on', () => {
    const simulator = new MatchSimulator({ seed: 3, startAt });
    for (let step = 0; step < 30; step += 1) {
      const fixtures = simulator.fixtures();
      expect(fixtures.some((fixture) => fixture.status === 'live')).toBe(true);
      for (const sport of sports) {
        const upcoming = fixtures.filter(
          (fixture) => fixture.sport === sport && fixture.status === 'scheduled',
        );
        expect(upcoming.length, sport).toBeGreaterThan(0);
        expect(upcoming.every((fixture) => fixture.kickOffAt > simulator.now())).toBe(true);
      }
      simulator.tick(minute);
    }
  });

  it('runs the match clock between events at the chosen speed', () => {
    const simulator = new MatchSimulator({ seed: 4, startAt, speed: 60 });
    const running = simulator
      .fixtures()
      .filter((fixture) => fixture.status === 'live' && fixture.sport === 'football')
      .find((fixture) => simulator.liveState(fixture.id)?.isBreak === false);
    if (!running) throw new Error('Expected a football match in play');
    const before = simulator.liveState(running.id)?.clockMs ?? 0;
    simulator.tick(500);
    const after = simulator.liveState(running.id);
    expect(after?.clockMs).toBeCloseTo(before + 30_000, -1);
  });

  it('ends each match in a result that its events add up to', () => {
    const simulator = new MatchSimulator({ seed: 5, startAt, correctionProbability: 0 });
    const events = recordEvents(simulator);
    simulator.tick(25 * minute);
    const finishedSeen = new Set<string>();
    for (const [fixtureId, fixtureEvents] of eventsByFixture(events)) {
      const finished = fixtureEvents.find((event) => event.type === 'finished');
      // Only matches seen from their kick-off (the feed starts with some under way).
      if (finished?.type !== 'finished' || !fixtureEvents.some((event) => event.type === 'kick_off'))
        continue;
      const fixture = simulator.fixture(fixtureId);
      if (!fixture) continue;
      finishedSeen.add(fixture.sport);
      expect(simulator.result(fixtureId)).toEqual(finished.result);
      expectConsistent(fixture.sport, finished.result, fixtureEvents);
    }
    expect([...finishedSeen].sort()).toEqual([...sports].sort());
  });

  it('postpones, abandons and corrects with the configured chances, each with its result', () => {
    const postponed = play({ seed: 6, postponeProbability: 1 }, minute, 15 * minute);
    expect(postponed.some((event) => event.type === 'postponed')).toBe(true);
    for (const event of postponed.filter((event) => event.type === 'postponed')) {
      expect(event).toMatchObject({ result: { status: 'void', reason: 'postponed' } });
    }
    const abandoned = play({ seed: 6, postponeProbability: 0, abandonProbability: 1 }, minute, 15 * minute);
    const abandonedIds = new Set(
      abandoned.filter((event) => event.type === 'abandoned').map(({ fixtureId }) => fixtureId),
    );
    expect(abandonedIds.size).toBeGreaterThan(0);
    expect(abandoned.some((event) => event.type === 'finished' && abandonedIds.has(event.fixtureId))).toBe(
      false,
    );

    const simulator = new MatchSimulator({ seed: 6, startAt, correctionProbability: 1 });
    const events = recordEvents(simulator);
    const resultsOnCorrection = new Map<string, unknown>();
    simulator.subscribe((event) => {
      if (event.type === 'result_corrected')
        resultsOnCorrection.set(event.fixtureId, simulator.result(event.fixtureId));
    });
    simulator.tick(15 * minute);
    const corrections = events.filter((event) => event.type === 'result_corrected');
    expect(corrections.length).toBeGreaterThan(0);
    for (const correction of corrections) {
      const finished = events.find(
        (event) => event.type === 'finished' && event.fixtureId === correction.fixtureId,
      );
      if (finished?.type !== 'finished' || correction.result.status !== 'final')
        throw new Error('Expected a final result');
      const before = finished.result.score;
      const after = correction.result.score;
      expect(Math.abs(after.home + after.away - before.home - before.away)).toBe(1);
      expect(resultsOnCorrection.get(correction.fixtureId)).toEqual(correction.result);
    }
  });
});

/**
 * Follows a simulator's seasons: which outright each fixture belongs to (from the outrights' fixtures left when it
 * is added), the outright as it was right after each of its fixtures kicked off, and every settled outright with
 * the standings it had then.
 */
const followSeasons = (simulator: MatchSimulator) => {
  const seasonOf = new Map<string, string>();
  const fixturesOf = new Map<string, string[]>();
  const afterKickOff: Array<{ fixtureId: string; outright: Outright }> = [];
  const settled: Array<{
    event: Extract<FeedEvent, { type: 'outright_settled' }>;
    outright: Outright;
    isNextOpen: boolean;
  }> = [];
  const events = recordEvents(simulator);
  const note = (outright: Outright): void => {
    for (const { fixtureId } of outright.fixturesLeft) {
      if (fixtureId === undefined || seasonOf.has(fixtureId)) continue;
      seasonOf.set(fixtureId, outright.id);
      fixturesOf.set(outright.id, [...(fixturesOf.get(outright.id) ?? []), fixtureId]);
    }
  };
  simulator.outrights().forEach(note);
  // Seasons under way when the test starts listening: their first fixtures were added unseen.
  const seenFromStart = (outrightId: string): boolean => !startedBefore.has(outrightId);
  const startedBefore = new Set(simulator.outrights().map(({ id }) => id));
  simulator.subscribe((event) => {
    if (event.type === 'fixture_added') simulator.outrights().forEach(note);
    const outrightId = seasonOf.get(event.fixtureId);
    const outright =
      event.type === 'kick_off' && outrightId !== undefined ? simulator.outright(outrightId) : undefined;
    if (outright) afterKickOff.push({ fixtureId: event.fixtureId, outright });
    if (event.type === 'outright_settled') {
      const ended = simulator.outright(event.fixtureId);
      if (!ended) throw new Error(`The settled outright ${event.fixtureId} is not listed`);
      const isNextOpen = simulator
        .outrights()
        .some(
          (other) =>
            other.league.id === ended.league.id && other.season > ended.season && other.status === 'open',
        );
      settled.push({ event, outright: ended, isNextOpen });
    }
  });
  return { seasonOf, fixturesOf, afterKickOff, settled, events, seenFromStart };
};

describe('seasons and their outrights', () => {
  it('ends each season after its fixtures, its winner on top of a table of the fixtures’ results', () => {
    const simulator = new MatchSimulator({
      seed: 7,
      startAt,
      fixturesPerSeason: 4,
      correctionProbability: 0,
    });
    const seasons = followSeasons(simulator);
    simulator.tick(45 * minute);
    const checked = seasons.settled.filter(({ outright }) => seasons.seenFromStart(outright.id));
    expect(new Set(checked.map(({ outright }) => outright.sport))).toEqual(new Set(sports));
    for (const { event, outright } of checked) {
      const fixtureIds = seasons.fixturesOf.get(outright.id) ?? [];
      expect(fixtureIds).toHaveLength(4);
      expect(outright).toMatchObject({
        status: 'settled',
        fixtureCount: 4,
        fixturesLeft: [],
        result: event.result,
      });
      // The table again, from the fixtures' own events: football 3 a win and 1 a draw, the others 1 a win.
      const points = new Map<string, number>();
      for (const fixtureId of fixtureIds) {
        const added = seasons.events.find(
          (candidate) => candidate.type === 'fixture_added' && candidate.fixtureId === fixtureId,
        );
        const ended = seasons.events.find(
          (candidate) =>
            candidate.fixtureId === fixtureId &&
            (candidate.type === 'finished' ||
              candidate.type === 'postponed' ||
              candidate.type === 'abandoned'),
        );
        if (added?.type !== 'fixture_added' || !ended) throw new Error(`No events of ${fixtureId}`);
        expect(ended.at).toBeLessThanOrEqual(event.at);
        if (ended.type !== 'finished') continue;
        const { home, away } = ended.result.score;
        const win = outright.sport === 'football' ? 3 : 1;
        const award = (id: string, own: number, other: number): void => {
          const earned = own > other ? win : own === other && outright.sport === 'football' ? 1 : 0;
          points.set(id, (points.get(id) ?? 0) + earned);
        };
        award(added.fixture.home.id, home, away);
        award(added.fixture.away.id, away, home);
      }
      for (const line of outright.standings)
        expect(line.points, line.competitorId).toBe(points.get(line.competitorId) ?? 0);
      const [top, second] = outright.standings;
      if (!top || !second) throw new Error('No standings');
      expect(top.points).toBeGreaterThanOrEqual(second.points);
      if (event.result.status === 'final') expect(event.result.winner).toBe(top.competitorId);
    }
    // Meanwhile a later season of the league is open for bets.
    expect(checked.every(({ isNextOpen }) => isNextOpen)).toBe(true);
  });

  it('closes an outright to bets when its last fixture kicks off', () => {
    const simulator = new MatchSimulator({ seed: 8, startAt, fixturesPerSeason: 3 });
    const seasons = followSeasons(simulator);
    simulator.tick(30 * minute);
    let closings = 0;
    for (const { fixtureId, outright } of seasons.afterKickOff) {
      const isLast = seasons.fixturesOf.get(outright.id)?.at(-1) === fixtureId && outright.fixtureCount === 3;
      if (isLast) closings += 1;
      expect(outright.status, fixtureId).toBe(isLast ? 'closed' : 'open');
    }
    expect(closings).toBeGreaterThan(5);
  });

  it('draws a round robin by default: every side meets every other once a season', () => {
    const simulator = new MatchSimulator({ seed: 9, startAt, speed: 30 });
    const fresh = simulator
      .outrights()
      .find((outright) => outright.fixturesLeft.length === outright.fixtureCount);
    if (!fresh) throw new Error('No season without a result yet');
    expect(fresh.fixtureCount).toBe(28);
    expect(() => new MatchSimulator({ startAt, fixturesPerSeason: 0 })).toThrow(RangeError);
    const pairs = fresh.fixturesLeft.map(({ home, away }) => [home, away].sort().join(' v '));
    expect(new Set(pairs).size).toBe(28);
    for (const { competitorId } of fresh.standings)
      expect(
        fresh.fixturesLeft.filter(({ home, away }) => home === competitorId || away === competitorId),
      ).toHaveLength(7);
  });

  it('plays the same seasons for the same seed, with ids no season or restarted feed reuses', () => {
    const run = (options: SimulatorOptions) => {
      const simulator = new MatchSimulator({ startAt, fixturesPerSeason: 3, ...options });
      const events = recordEvents(simulator);
      simulator.tick(30 * minute);
      return {
        settled: events.filter((event) => event.type === 'outright_settled'),
        outrights: simulator.outrights(),
      };
    };
    const first = run({ seed: 'same' });
    expect(first.settled.length).toBeGreaterThan(8);
    expect(run({ seed: 'same' })).toEqual(first);
    expect(run({ seed: 'other' }).settled).not.toEqual(first.settled);
    const ids = [...first.settled.map(({ fixtureId }) => fixtureId), ...first.outrights.map(({ id }) => id)];
    const prefix = first.outrights[0]?.id.split('-')[0] ?? '';
    expect(ids.every((id) => id.startsWith(`${prefix}-`) && !id.includes(':'))).toBe(true);
    expect(new Set(first.settled.map(({ fixtureId }) => fixtureId)).size).toBe(first.settled.length);
    const restarted = run({ seed: 'same', startAt: startAt + 30 * minute });
    const restartedIds = new Set(restarted.outrights.map(({ id }) => id));
    expect(ids.some((id) => restartedIds.has(id))).toBe(false);
    expect(run({ seed: 'same', idPrefix: 'x-' }).outrights.every(({ id }) => id.startsWith('x-'))).toBe(true);
  });

  it('voids a season none of whose fixtures was played, and lists an ended season for a while only', () => {
    const simulator = new MatchSimulator({
      seed: 10,
      startAt,
      fixturesPerSeason: 2,
      postponeProbability: 1,
      keepEndedMs: 2 * minute,
    });
    const seasons = followSeasons(simulator);
    simulator.tick(20 * minute);
    const voided = seasons.settled.filter(({ event }) => event.result.status === 'void');
    expect(voided.length).toBeGreaterThan(0);
    for (const { outright } of voided)
      expect(outright.standings.every(({ played }) => played === 0)).toBe(true);
    const [latest] = seasons.settled.slice(-1);
    if (!latest) throw new Error('No season settled');
    expect(simulator.outright(latest.outright.id)?.status).toBe('settled');
    simulator.tick(3 * minute);
    expect(simulator.outright(latest.outright.id)).toBeUndefined();
  });
});

const countBy = (events: FeedEvent[], type: FeedEvent['type'], side: 'home' | 'away'): number =>
  events.filter((event) => event.type === type && 'team' in event && event.team === side).length;

const expectConsistent = (sport: string, result: FinalResult, events: FeedEvent[]): void => {
  const periods = result.periods ?? [];
  switch (sport) {
    case 'football':
      expect(result.score).toEqual({
        home: countBy(events, 'goal', 'home'),
        away: countBy(events, 'goal', 'away'),
      });
      expect(sumScores(periods)).toEqual(result.score);
      expect(periods).toHaveLength(2);
      return;
    case 'basketball': {
      const points = (side: 'home' | 'away'): number =>
        events.reduce(
          (sum, event) => (event.type === 'point_run' && event.team === side ? sum + event.points : sum),
          0,
        );
      expect(result.score).toEqual({ home: points('home'), away: points('away') });
      expect(sumScores(periods)).toEqual(result.score);
      expect(result.score.home).not.toBe(result.score.away);
      return;
    }
    case 'tennis':
      expect(sumScores(periods)).toEqual({
        home: countBy(events, 'game_won', 'home'),
        away: countBy(events, 'game_won', 'away'),
      });
      expect(Math.max(result.score.home, result.score.away)).toBe(2);
      expect(periods).toHaveLength(result.score.home + result.score.away);
      return;
    default: {
      const mapWinners = events.flatMap((event) => (event.type === 'map_end' ? [event.winner] : []));
      expect(result.score).toEqual({
        home: mapWinners.filter((winner) => winner === 'home').length,
        away: mapWinners.filter((winner) => winner === 'away').length,
      });
      if (!result.rounds) return;
      result.rounds.forEach((rounds, map) => {
        const roundEnds = events.flatMap((event) =>
          event.type === 'round_end' && event.map === map + 1 ? [event.winner] : [],
        );
        expect(rounds).toEqual(roundEnds);
        expect(Math.max(periods[map]?.home ?? 0, periods[map]?.away ?? 0)).toBe(13);
      });
    }
  }
};
