import { describe, expect, it } from 'vitest';
import { sports, type Score } from '../domain';
import type { FeedEvent, FinalResult } from './feed-source';
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
