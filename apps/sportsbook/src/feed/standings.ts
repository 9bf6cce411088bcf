import type { Score, Sport } from '../domain';
import type { Standing } from './feed-source';

/**
 * A season's table, shared by the simulator (which settles outrights on it) and the outright pricing (which plays
 * the rest of the season on it), so the book prices what the feed settles. Void fixtures count nothing.
 */

/** Football: 3 points a win, 1 a draw; the other sports (no draws): 1 a win. */
export const pointsFor = (sport: Sport, own: number, other: number): number => {
  if (own > other) return sport === 'football' ? 3 : 1;
  return own === other && sport === 'football' ? 1 : 0;
};

export const emptyStanding = (competitorId: string): Standing => ({
  competitorId,
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  scored: 0,
  conceded: 0,
  points: 0,
});

const addSide = (standing: Standing, sport: Sport, own: number, other: number): void => {
  standing.played += 1;
  if (own > other) standing.won += 1;
  else if (own < other) standing.lost += 1;
  else standing.drawn += 1;
  standing.scored += own;
  standing.conceded += other;
  standing.points += pointsFor(sport, own, other);
};

/** Adds a final score to both sides' lines (created when missing). */
export const addResult = (
  table: Map<string, Standing>,
  sport: Sport,
  sides: { home: string; away: string },
  score: Score,
): void => {
  for (const [competitorId, own, other] of [
    [sides.home, score.home, score.away],
    [sides.away, score.away, score.home],
  ] as const) {
    const standing = table.get(competitorId) ?? emptyStanding(competitorId);
    addSide(standing, sport, own, other);
    table.set(competitorId, standing);
  }
};

/** Comparing competitor ids by code unit: the same order on every machine and locale. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Best first: more points, then the better score difference, then the competitor id (a fixed order). */
export const compareStandings = (a: Standing, b: Standing): number =>
  b.points - a.points ||
  b.scored - b.conceded - (a.scored - a.conceded) ||
  compareIds(a.competitorId, b.competitorId);

export const rankStandings = (standings: Iterable<Standing>): Standing[] =>
  [...standings].sort(compareStandings);
