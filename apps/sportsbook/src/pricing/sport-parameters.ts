import type { Score } from '../domain';

/**
 * How ratings turn into play, shared by the simulator (which plays by these numbers) and the pricing model
 * (which prices by them), so the book's fair prices are fair for the simulated matches.
 */

export const minuteMs = 60_000;

/** Football: a side's goals per 90 minutes is the league average times its rating over the opponent's. */
const averageGoalsPer90 = 1.35;
export const footballRedCardsPer90 = 0.1;
/** Each red card leaves a side weaker (fewer goals) and its opponent stronger. */
const redCardOwnFactor = 0.75;
const redCardOpponentFactor = 1.2;

export const footballGoalsPer90 = (ratings: Score, redCards: Score): Score => {
  const perSide = (rating: number, opponent: number, ownCards: number, opponentCards: number): number =>
    ((averageGoalsPer90 * rating) / opponent) *
    redCardOwnFactor ** ownCards *
    redCardOpponentFactor ** opponentCards;
  return {
    home: perSide(ratings.home, ratings.away, redCards.home, redCards.away),
    away: perSide(ratings.away, ratings.home, redCards.away, redCards.home),
  };
};

/**
 * Basketball: each side has 2 possessions a game minute; a possession scores 2 with 0.38·f and 3 with 0.12·f,
 * f = √(rating / opponent's rating) (so 1.12·f points a possession).
 */
export const basketballPossessionsPerMinute = 2;

export const basketballShotChances = (rating: number, opponent: number): { two: number; three: number } => {
  const factor = Math.sqrt(rating / opponent);
  return { two: 0.38 * factor, three: 0.12 * factor };
};

/** Mean and variance of a side's points in one game minute. */
export const basketballPointsPerMinute = (
  rating: number,
  opponent: number,
): { mean: number; variance: number } => {
  const { two, three } = basketballShotChances(rating, opponent);
  const mean = 2 * two + 3 * three;
  const variance = 4 * two + 9 * three - mean ** 2;
  return { mean: basketballPossessionsPerMinute * mean, variance: basketballPossessionsPerMinute * variance };
};

/** Tennis: home wins any game (tie-break included) with r_h / (r_h + r_a); serve is not modelled. */
export const tennisGameWinProbability = (ratings: Score): number =>
  ratings.home / (ratings.home + ratings.away);

/** E-sports: home wins a map with r_h^1.5 / (r_h^1.5 + r_a^1.5) (Dota 2, LoL). */
export const mapWinProbability = (ratings: Score): number =>
  ratings.home ** 1.5 / (ratings.home ** 1.5 + ratings.away ** 1.5);

/** CS2, Valorant: home wins a round with r_h^0.7 / (r_h^0.7 + r_a^0.7); a map is first to 13 rounds. */
export const roundWinProbability = (ratings: Score): number =>
  ratings.home ** 0.7 / (ratings.home ** 0.7 + ratings.away ** 0.7);

export const roundsToWinMap = 13;

/** A tennis set ends at 6 games with a two-game lead, or at 7 (7–5, or 7–6 after the 6–6 tie-break). */
export const isTennisSetOver = (games: Score): boolean => {
  const high = Math.max(games.home, games.away);
  return high === 7 || (high === 6 && Math.abs(games.home - games.away) >= 2);
};

export const tennisSetsToWin = 2;
