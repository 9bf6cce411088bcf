import type { Score, Sport } from '../domain';
import {
  basketballShotChances,
  footballGoalsPer90,
  footballRedCardsPer90,
  isTennisSetOver,
  mapWinProbability,
  minuteMs,
  roundWinProbability,
  roundsToWinMap,
  tennisGameWinProbability,
  tennisSetsToWin,
} from '../pricing/sport-parameters';
import type { FinalResult, InPlayEvent, LiveState, Side } from './feed-source';
import type { SeededRandom } from './seeded-random';

/**
 * Each sport's match as a script: a generator that yields the game ms until its next happening, mutates the
 * state and emits events when resumed, and returns the final result. The simulator resumes it on time and
 * advances `state.clockMs` by each wait taken outside a break.
 */
export type MatchScript = Generator<number, FinalResult, void>;

export type MatchPlay = {
  sport: Sport;
  ratings: Score;
  bestOf: 1 | 3 | 5;
  state: LiveState;
  random: SeededRandom;
  emit: (event: InPlayEvent) => void;
};

const sides = ['home', 'away'] as const;
const sideFor = (isHome: boolean): Side => (isHome ? 'home' : 'away');

const currentPeriodScore = (state: LiveState): Score => {
  const score = state.periods.at(-1);
  if (!score) throw new Error('No period in play');
  return score;
};

const startPeriod = (state: LiveState, period: number): void => {
  state.period = period;
  state.isBreak = false;
  state.periods.push({ home: 0, away: 0 });
};

const endPeriod = (play: MatchPlay): void => {
  play.state.isBreak = true;
  play.emit({ type: 'period_end', period: play.state.period });
};

function* takeBreak(play: MatchPlay, breakMs: number): Generator<number, void, void> {
  play.state.isBreak = true;
  yield breakMs;
  startPeriod(play.state, play.state.period + 1);
  play.emit({ type: 'period_start', period: play.state.period });
}

const finalResult = (state: LiveState): FinalResult => ({
  status: 'final',
  score: { ...state.score },
  periods: state.periods.map((period) => ({ ...period })),
  ...(state.rounds ? { rounds: state.rounds.map((rounds) => [...rounds]) } : {}),
});

const halfMs = 45 * minuteMs;

/** An index drawn with chances proportional to `weights`. */
const drawIndex = (random: SeededRandom, weights: readonly number[]): number => {
  let remaining = random.next() * weights.reduce((sum, weight) => sum + weight, 0);
  const index = weights.findIndex((weight) => (remaining -= weight) < 0);
  return index === -1 ? weights.length - 1 : index;
};

/** Goals and red cards arrive as Poisson processes at the rates of the ratings and the cards shown so far. */
function* playFootballHalf(play: MatchPlay, endMs: number): Generator<number, void, void> {
  const { state, random } = play;
  for (;;) {
    const goals = footballGoalsPer90(play.ratings, state.redCards);
    const rates = [goals.home, goals.away, footballRedCardsPer90, footballRedCardsPer90];
    const totalRate = rates.reduce((sum, rate) => sum + rate, 0);
    const waitMs = random.exponential(totalRate / (90 * minuteMs));
    if (state.clockMs + waitMs >= endMs) {
      yield endMs - state.clockMs;
      state.clockMs = endMs;
      return;
    }
    yield waitMs;
    const index = drawIndex(random, rates);
    const team = sideFor(index % 2 === 0);
    if (index < 2) {
      state.score[team] += 1;
      currentPeriodScore(state)[team] += 1;
      play.emit({ type: 'goal', team });
    } else {
      state.redCards[team] += 1;
      play.emit({ type: 'red_card', team });
    }
  }
}

function* playFootball(play: MatchPlay): MatchScript {
  startPeriod(play.state, 1);
  play.emit({ type: 'kick_off' });
  yield* playFootballHalf(play, halfMs);
  endPeriod(play);
  yield* takeBreak(play, 15 * minuteMs);
  yield* playFootballHalf(play, 2 * halfMs);
  endPeriod(play);
  return finalResult(play.state);
}

const scorePossession = (random: SeededRandom, chances: { two: number; three: number }): number =>
  [0, 2, 3][drawIndex(random, [1 - chances.two - chances.three, chances.two, chances.three])] ?? 0;

/** Each game minute both sides have two possessions; a tie after four quarters goes to 5-minute overtimes. */
function* playBasketball(play: MatchPlay): MatchScript {
  const { state, random, ratings } = play;
  const chances = {
    home: basketballShotChances(ratings.home, ratings.away),
    away: basketballShotChances(ratings.away, ratings.home),
  };
  startPeriod(state, 1);
  play.emit({ type: 'kick_off' });
  for (;;) {
    const minutes = state.period <= 4 ? 12 : 5;
    for (let minute = 0; minute < minutes; minute += 1) {
      yield minuteMs;
      for (const team of sides) {
        const points = scorePossession(random, chances[team]) + scorePossession(random, chances[team]);
        if (points === 0) continue;
        state.score[team] += points;
        currentPeriodScore(state)[team] += points;
        play.emit({ type: 'point_run', team, points });
      }
    }
    endPeriod(play);
    if (state.period >= 4 && state.score.home !== state.score.away) return finalResult(state);
    yield* takeBreak(play, state.period === 2 ? 15 * minuteMs : 2 * minuteMs);
  }
}

/** Best of three sets; every game (the tie-break too) goes to home with one probability. */
function* playTennis(play: MatchPlay): MatchScript {
  const { state, random } = play;
  const homeGameChance = tennisGameWinProbability(play.ratings);
  startPeriod(state, 1);
  play.emit({ type: 'kick_off' });
  for (;;) {
    const games = currentPeriodScore(state);
    const isTieBreak = games.home === 6 && games.away === 6;
    yield random.between(3, 6) * minuteMs * (isTieBreak ? 2.5 : 1);
    const team = sideFor(random.chance(homeGameChance));
    games[team] += 1;
    play.emit({ type: 'game_won', team });
    if (!isTennisSetOver(games)) continue;
    state.score[team] += 1;
    play.emit({ type: 'period_end', period: state.period });
    if (state.score[team] === tennisSetsToWin) return finalResult(state);
    startPeriod(state, state.period + 1);
    play.emit({ type: 'period_start', period: state.period });
  }
}

/** CS2, Valorant: rounds of about two minutes until one side has 13. */
function* playRounds(play: MatchPlay): Generator<number, Side, void> {
  const { state, random } = play;
  const homeRoundChance = roundWinProbability(play.ratings);
  const mapScore = currentPeriodScore(state);
  const mapRounds = state.rounds?.at(-1) ?? [];
  for (let round = 1; ; round += 1) {
    state.round = round;
    yield random.between(1.5, 2.5) * minuteMs;
    const winner = sideFor(random.chance(homeRoundChance));
    mapScore[winner] += 1;
    mapRounds.push(winner);
    play.emit({ type: 'round_end', map: state.period, round, winner });
    if (mapScore[winner] === roundsToWinMap) return winner;
  }
}

/** Dota 2, LoL: a map of 25–45 minutes, won as a whole. */
function* playWholeMap(play: MatchPlay): Generator<number, Side, void> {
  yield play.random.between(25, 45) * minuteMs;
  const winner = sideFor(play.random.chance(mapWinProbability(play.ratings)));
  currentPeriodScore(play.state)[winner] = 1;
  return winner;
}

function* playEsport(play: MatchPlay): MatchScript {
  const { state } = play;
  const isRoundBased = play.sport === 'cs2' || play.sport === 'valorant';
  const mapsToWin = (play.bestOf + 1) / 2;
  startPeriod(state, 1);
  if (isRoundBased) state.rounds = [[]];
  play.emit({ type: 'kick_off' });
  for (;;) {
    const winner = isRoundBased ? yield* playRounds(play) : yield* playWholeMap(play);
    state.score[winner] += 1;
    state.isBreak = true;
    play.emit({ type: 'map_end', map: state.period, winner });
    if (state.score[winner] === mapsToWin) return finalResult(state);
    yield 10 * minuteMs;
    startPeriod(state, state.period + 1);
    state.rounds?.push([]);
    play.emit({ type: 'period_start', period: state.period });
  }
}

export const playMatch = (play: MatchPlay): MatchScript => {
  switch (play.sport) {
    case 'football':
      return playFootball(play);
    case 'basketball':
      return playBasketball(play);
    case 'tennis':
      return playTennis(play);
    default:
      return playEsport(play);
  }
};

/** A match's usual length in game minutes, breaks included: what the schedule spaces kick-offs by. */
export const typicalMatchMinutes = (sport: Sport, bestOf: 1 | 3 | 5): number => {
  const mapsPlayed = { 1: 1, 3: 2.5, 5: 4 }[bestOf];
  switch (sport) {
    case 'football':
      return 105;
    case 'basketball':
      return 70;
    case 'tennis':
      return 100;
    case 'cs2':
    case 'valorant':
      return mapsPlayed * 55;
    default:
      return mapsPlayed * 45;
  }
};

/**
 * A later correction of a final result, or nothing where the sport has none: football disallows a goal of a
 * side that scored (in the last half it scored in), basketball adds a point the scorers missed to the winner's
 * last period.
 */
export const correctResult = (
  sport: Sport,
  result: FinalResult,
  random: SeededRandom,
): FinalResult | undefined => {
  const score = { ...result.score };
  const periods = (result.periods ?? []).map((period) => ({ ...period }));
  if (sport === 'football') {
    const scorers = sides.filter((side) => score[side] > 0);
    const team = scorers[Math.floor(random.next() * scorers.length)];
    const half = periods.findLast((period) => team !== undefined && period[team] > 0);
    if (team === undefined || !half) return undefined;
    score[team] -= 1;
    half[team] -= 1;
    return { ...result, score, periods };
  }
  const lastPeriod = periods.at(-1);
  if (sport !== 'basketball' || !lastPeriod) return undefined;
  const winner = sideFor(score.home > score.away);
  score[winner] += 1;
  lastPeriod[winner] += 1;
  return { ...result, score, periods };
};
