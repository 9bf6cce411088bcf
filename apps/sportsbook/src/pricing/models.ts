import type { MarketSpec, Score, SelectionKey, Sport } from '../domain';
import type { Fixture, LiveState, Standing } from '../feed/feed-source';
import { createSeededRandom } from '../feed/seeded-random';
import { compareIds, pointsFor } from '../feed/standings';
import {
  discretisedNormal,
  distributionOf,
  poissonProbabilities,
  twoWayLine,
  type Distribution,
} from './distributions';
import {
  basketballPointsPerMinute,
  footballGoalsPer90,
  isTennisSetOver,
  mapWinProbability,
  minuteMs,
  roundWinProbability,
  roundsToWinMap,
  tennisGameWinProbability,
  tennisSetsToWin,
} from './sport-parameters';

/**
 * Fair probabilities for every market of a match from the sides' ratings and the live state. For line markets
 * (asian handicap, over/under) the "probability" is 1 / fair odds, pushes and half stakes included (see
 * `twoWayLine`), so every market's probabilities sum to 1 and the margin is applied to all markets alike.
 */
export type FairSelection = { key: SelectionKey; probability: number };

/** Prices one market of the match; nothing when the sport has no such market or it is already decided. */
export type MatchModel = (spec: MarketSpec) => FairSelection[] | undefined;

type Final = { score: Score; probability: number };

const selections = (entries: Array<[SelectionKey, number]>): FairSelection[] =>
  entries.map(([key, probability]) => ({ key, probability }));

const lineMarket = (
  distribution: Distribution,
  offsetQuarters: number | undefined,
  keys: [SelectionKey, SelectionKey],
): FairSelection[] | undefined => {
  const pair = offsetQuarters === undefined ? undefined : twoWayLine(distribution, offsetQuarters);
  return (
    pair &&
    selections([
      [keys[0], pair[0]],
      [keys[1], pair[1]],
    ])
  );
};

/** Handicap on the home margin and over/under on the total, from the distribution of final scores. */
const scoreLineMarkets = (finals: readonly Final[]): ((spec: MarketSpec) => FairSelection[] | undefined) => {
  const margins = distributionOf(
    finals,
    ({ score }) => score.home - score.away,
    ({ probability }) => probability,
  );
  const totals = distributionOf(
    finals,
    ({ score }) => score.home + score.away,
    ({ probability }) => probability,
  );
  return (spec) => {
    if (spec.kind === 'asian_handicap') return lineMarket(margins, spec.line, ['home', 'away']);
    if (spec.kind === 'total')
      return lineMarket(totals, spec.line === undefined ? undefined : -spec.line, ['over', 'under']);
    return undefined;
  };
};

const chanceOf = (finals: readonly Final[], test: (score: Score) => boolean): number =>
  finals.reduce((sum, final) => (test(final.score) ? sum + final.probability : sum), 0);

const footballFullTimeMs = 90 * minuteMs;

/**
 * Football: each side's further goals are independent Poisson counts with mean rate × remaining share of the 90
 * minutes, the rates from the ratings and red cards (`footballGoalsPer90`); the final score is the current one
 * plus those. Every market is a sum over that joint distribution (correct score: 0-0 … 5-5, the rest "other").
 */
const footballFinals = (ratings: Score, state: LiveState): Final[] => {
  const remainingShare = Math.max(0, footballFullTimeMs - state.clockMs) / footballFullTimeMs;
  const rates = footballGoalsPer90(ratings, state.redCards);
  const homeGoals = poissonProbabilities(rates.home * remainingShare);
  const awayGoals = poissonProbabilities(rates.away * remainingShare);
  return homeGoals.flatMap((homeChance, home) =>
    awayGoals.map((awayChance, away) => ({
      score: { home: state.score.home + home, away: state.score.away + away },
      probability: homeChance * awayChance,
    })),
  );
};

const modelFootball = (ratings: Score, state: LiveState): MatchModel => {
  const finals = footballFinals(ratings, state);
  const lines = scoreLineMarkets(finals);
  return (spec) => {
    switch (spec.kind) {
      case 'match_result':
        return selections([
          ['home', chanceOf(finals, (score) => score.home > score.away)],
          ['draw', chanceOf(finals, (score) => score.home === score.away)],
          ['away', chanceOf(finals, (score) => score.home < score.away)],
        ]);
      case 'btts': {
        const yes = chanceOf(finals, (score) => score.home > 0 && score.away > 0);
        return selections([
          ['yes', yes],
          ['no', 1 - yes],
        ]);
      }
      case 'correct_score':
        return correctScore(finals);
      default:
        return lines(spec);
    }
  };
};

const correctScore = (finals: readonly Final[]): FairSelection[] => {
  const listed = finals.filter(({ score }) => score.home <= 5 && score.away <= 5);
  const other = 1 - listed.reduce((sum, { probability }) => sum + probability, 0);
  return [
    ...listed.map(({ score, probability }) => ({ key: `${score.home}-${score.away}`, probability })),
    { key: 'other', probability: Math.max(0, other) },
  ];
};

const basketballRegulationMs = 48 * minuteMs;
const basketballOvertimeMinutes = 5;

/**
 * Basketball: in the remaining minutes m each side scores with per-minute mean μ and variance σ²
 * (`basketballPointsPerMinute`); the final margin ≈ N(margin + m(μ_h − μ_a), m(σ²_h + σ²_a)) and the total ≈
 * N(total + m(μ_h + μ_a), same variance), both discretised. The moneyline includes overtime: a tie goes to home
 * with P(M₅ > 0) / (P(M₅ > 0) + P(M₅ < 0)) of a 5-minute margin M₅. Handicap and total ignore overtime.
 */
const basketballDistributions = (
  ratings: Score,
  state: LiveState,
): { margins: Distribution; totals: Distribution; overtime: [number, number] } => {
  const endMs = basketballRegulationMs + Math.max(0, state.period - 4) * basketballOvertimeMinutes * minuteMs;
  const remainingMinutes = Math.max(0, endMs - state.clockMs) / minuteMs;
  const home = basketballPointsPerMinute(ratings.home, ratings.away);
  const away = basketballPointsPerMinute(ratings.away, ratings.home);
  const spread = (minutes: number): number => Math.sqrt(minutes * (home.variance + away.variance));
  const margins = discretisedNormal(
    state.score.home - state.score.away + remainingMinutes * (home.mean - away.mean),
    spread(remainingMinutes),
  );
  const totals = discretisedNormal(
    state.score.home + state.score.away + remainingMinutes * (home.mean + away.mean),
    spread(remainingMinutes),
  );
  const overtime = twoWayLine(
    discretisedNormal(basketballOvertimeMinutes * (home.mean - away.mean), spread(basketballOvertimeMinutes)),
    0,
  ) ?? [0.5, 0.5];
  return { margins, totals, overtime };
};

const modelBasketball = (ratings: Score, state: LiveState): MatchModel => {
  const { margins, totals, overtime } = basketballDistributions(ratings, state);
  return (spec) => {
    switch (spec.kind) {
      case 'moneyline': {
        const tie = margins.get(0) ?? 0;
        const homeWins = [...margins].reduce((sum, [margin, chance]) => (margin > 0 ? sum + chance : sum), 0);
        return selections([
          ['home', homeWins + tie * overtime[0]],
          ['away', 1 - homeWins - tie * overtime[0]],
        ]);
      }
      case 'asian_handicap':
        return lineMarket(margins, spec.line, ['home', 'away']);
      case 'total':
        return lineMarket(totals, spec.line === undefined ? undefined : -spec.line, ['over', 'under']);
      default:
        return undefined;
    }
  };
};

/** The final games of a set from `games`, propagating the chance forward one game at a time. */
const finishSet = (homeGameChance: number, games: Score): Final[] => {
  let open: Final[] = [{ score: games, probability: 1 }];
  const finals: Final[] = [];
  while (open.length > 0) {
    const next = new Map<string, Final>();
    const add = (score: Score, probability: number): void => {
      const key = `${score.home}-${score.away}`;
      next.set(key, { score, probability: (next.get(key)?.probability ?? 0) + probability });
    };
    for (const { score, probability } of open) {
      if (isTennisSetOver(score)) {
        finals.push({ score, probability });
        continue;
      }
      add({ home: score.home + 1, away: score.away }, probability * homeGameChance);
      add({ home: score.home, away: score.away + 1 }, probability * (1 - homeGameChance));
    }
    open = [...next.values()];
  }
  return finals;
};

/**
 * The final sets of the match from `sets`, given the final games of the set in play (`setFinals`) and of a fresh
 * set (`freshSetFinals`).
 */
const finishTennisMatch = (
  setFinals: readonly Final[],
  freshSetFinals: readonly Final[],
  sets: Score,
): Final[] =>
  setFinals.flatMap(({ score, probability }) => {
    const isHomeSet = score.home > score.away;
    const newSets = { home: sets.home + (isHomeSet ? 1 : 0), away: sets.away + (isHomeSet ? 0 : 1) };
    if (Math.max(newSets.home, newSets.away) === tennisSetsToWin) return [{ score: newSets, probability }];
    return finishTennisMatch(freshSetFinals, freshSetFinals, newSets).map((final) => ({
      ...final,
      probability: final.probability * probability,
    }));
  });

/**
 * Tennis: every game goes to home with q (`tennisGameWinProbability`); set and match outcomes follow exactly by
 * propagating q through the scoring rules from the current score. Match markets settle on sets (the result's
 * score), so the total and handicap are in sets.
 */
const tennisFinals = (ratings: Score, state: LiveState): Final[] => {
  const homeGameChance = tennisGameWinProbability(ratings);
  return finishTennisMatch(
    finishSet(homeGameChance, state.periods.at(-1) ?? { home: 0, away: 0 }),
    finishSet(homeGameChance, { home: 0, away: 0 }),
    state.score,
  );
};

const modelTennis = (ratings: Score, state: LiveState): MatchModel => {
  const finals = tennisFinals(ratings, state);
  const lines = scoreLineMarkets(finals);
  return (spec) => {
    if (spec.kind !== 'moneyline') return lines(spec);
    const homeWins = chanceOf(finals, (score) => score.home > score.away);
    return selections([
      ['home', homeWins],
      ['away', 1 - homeWins],
    ]);
  };
};

/**
 * P(home takes a map first to 13 rounds) from `rounds` with round chance ρ: home needs a = 13 − h more, away
 * b = 13 − a; home wins when its a-th win comes before away's b-th: Σ_{k<b} C(a − 1 + k, k) ρ^a (1 − ρ)^k.
 */
const mapFromRounds = (roundChance: number, rounds: Score): number => {
  const homeNeeds = roundsToWinMap - rounds.home;
  const awayNeeds = roundsToWinMap - rounds.away;
  if (homeNeeds <= 0 || awayNeeds <= 0) return homeNeeds <= 0 ? 1 : 0;
  let ways = 1;
  let chance = 0;
  for (let awayWins = 0; awayWins < awayNeeds; awayWins += 1) {
    if (awayWins > 0) ways = (ways * (homeNeeds - 1 + awayWins)) / awayWins;
    chance += ways * roundChance ** homeNeeds * (1 - roundChance) ** awayWins;
  }
  return chance;
};

/** Final map scores of a series from `maps`: the next map goes home with `nextChance`, later ones with `laterChance`. */
const finishSeries = (maps: Score, mapsToWin: number, nextChance: number, laterChance: number): Final[] => {
  if (maps.home === mapsToWin || maps.away === mapsToWin) return [{ score: maps, probability: 1 }];
  const after = (score: Score, chance: number): Final[] =>
    finishSeries(score, mapsToWin, laterChance, laterChance).map((final) => ({
      ...final,
      probability: final.probability * chance,
    }));
  return [
    ...after({ home: maps.home + 1, away: maps.away }, nextChance),
    ...after({ home: maps.home, away: maps.away + 1 }, 1 - nextChance),
  ];
};

/** The map being played, or the next one up before kick-off and between maps. */
export const currentMapOf = (state: LiveState): number =>
  state.period > 0 && !state.isBreak ? state.period : state.period + 1;

/**
 * E-sports: maps are independent; Dota 2 and LoL maps go home with `mapWinProbability`, CS2 and Valorant maps
 * are first to 13 rounds at `roundWinProbability` a round (`mapFromRounds`, from the current rounds for the map in
 * play). Series markets sum over every final map score; a map-winner market prices the map as if it is played
 * (it is void otherwise).
 */
const esportSeries = (sport: Sport, ratings: Score, bestOf: number, state: LiveState) => {
  const isRoundBased = sport === 'cs2' || sport === 'valorant';
  const roundChance = roundWinProbability(ratings);
  const freshMapChance = isRoundBased
    ? mapFromRounds(roundChance, { home: 0, away: 0 })
    : mapWinProbability(ratings);
  const currentMap = currentMapOf(state);
  const isMapInPlay = currentMap === state.period;
  const mapScore = state.periods.at(-1) ?? { home: 0, away: 0 };
  const currentMapChance =
    isMapInPlay && isRoundBased ? mapFromRounds(roundChance, mapScore) : freshMapChance;
  const mapsToWin = (bestOf + 1) / 2;
  const finals = finishSeries(state.score, mapsToWin, currentMapChance, freshMapChance);
  return {
    isRoundBased,
    roundChance,
    freshMapChance,
    currentMap,
    isMapInPlay,
    currentMapChance,
    mapsToWin,
    finals,
  };
};

const modelEsport = (sport: Sport, ratings: Score, bestOf: number, state: LiveState): MatchModel => {
  const {
    isRoundBased,
    roundChance,
    freshMapChance,
    currentMap,
    isMapInPlay,
    currentMapChance,
    mapsToWin,
    finals,
  } = esportSeries(sport, ratings, bestOf, state);
  const lines = scoreLineMarkets(finals);
  const mapMayBePlayed = (map: number): boolean =>
    map >= currentMap && chanceOf(finals, (score) => score.home + score.away >= map) > 0;
  return (spec) => {
    switch (spec.kind) {
      case 'moneyline': {
        const homeWins = chanceOf(finals, (score) => score.home === mapsToWin);
        return selections([
          ['home', homeWins],
          ['away', 1 - homeWins],
        ]);
      }
      case 'map_winner': {
        if (spec.map === undefined || !mapMayBePlayed(spec.map)) return undefined;
        const chance = spec.map === currentMap ? currentMapChance : freshMapChance;
        return selections([
          ['home', chance],
          ['away', 1 - chance],
        ]);
      }
      case 'round_winner': {
        const isNextRound =
          isRoundBased && isMapInPlay && spec.map === state.period && spec.round === state.round;
        return isNextRound
          ? selections([
              ['home', roundChance],
              ['away', 1 - roundChance],
            ])
          : undefined;
      }
      default:
        return lines(spec);
    }
  };
};

export const modelMatch = (fixture: Fixture, state: LiveState): MatchModel => {
  const ratings = { home: fixture.home.rating, away: fixture.away.rating };
  switch (fixture.sport) {
    case 'football':
      return modelFootball(ratings, state);
    case 'basketball':
      return modelBasketball(ratings, state);
    case 'tennis':
      return modelTennis(ratings, state);
    default:
      return modelEsport(fixture.sport, ratings, fixture.bestOf ?? 1, state);
  }
};

/**
 * The chances of the match's final margin (home − away in the score match markets settle on: goals, points, sets,
 * maps), from the live state. Basketball's tie goes to overtime: counted as a one-point win, to home with the
 * moneyline's overtime chance.
 */
export const finalMargins = (fixture: Fixture, state: LiveState): Distribution => {
  const ratings = { home: fixture.home.rating, away: fixture.away.rating };
  const marginOf = ({ score }: Final): number => score.home - score.away;
  const chanceOfFinal = ({ probability }: Final): number => probability;
  switch (fixture.sport) {
    case 'football':
      return distributionOf(footballFinals(ratings, state), marginOf, chanceOfFinal);
    case 'basketball': {
      const { margins, overtime } = basketballDistributions(ratings, state);
      const tie = margins.get(0) ?? 0;
      const decided = new Map([...margins].filter(([margin]) => margin !== 0));
      decided.set(1, (decided.get(1) ?? 0) + tie * overtime[0]);
      decided.set(-1, (decided.get(-1) ?? 0) + tie * overtime[1]);
      return decided;
    }
    case 'tennis':
      return distributionOf(tennisFinals(ratings, state), marginOf, chanceOfFinal);
    default:
      return distributionOf(
        esportSeries(fixture.sport, ratings, fixture.bestOf ?? 1, state).finals,
        marginOf,
        chanceOfFinal,
      );
  }
};

/** A season to play out: its table now, and each fixture left with the chances of its final margin. */
export type SeasonToPlay = {
  sport: Sport;
  standings: readonly Standing[];
  fixturesLeft: ReadonlyArray<{ home: string; away: string; margins: Distribution }>;
};

export const outrightTrials = 4_000;

/**
 * Outright winner by Monte Carlo: the season's fixtures left are played `trials` times, each margin drawn from its
 * chances, points and score difference added to the table as the feed counts them (`feed/standings.ts`), and each
 * competitor's chance is how often it ends on top (points, then score difference, then competitor id, as the feed
 * breaks ties). Seeded: the same season and seed give the same chances. Keys in the table's order.
 */
export const outrightProbabilities = (
  season: SeasonToPlay,
  { seed, trials = outrightTrials }: { seed: string; trials?: number },
): FairSelection[] => {
  const ids = season.standings.map(({ competitorId }) => competitorId);
  const indexOf = new Map(ids.map((id, index) => [id, index]));
  const idRank = new Map([...ids].sort(compareIds).map((id, rank) => [id, rank]));
  const ranks = ids.map((id) => idRank.get(id) ?? 0);
  // A line as one number, points × 2^20 + score difference (a season's difference stays far within 2^19 either
  // way), so comparing two numbers compares points, then difference.
  const pointWeight = 2 ** 20;
  const base = Float64Array.from(
    season.standings,
    ({ points, scored, conceded }) => points * pointWeight + scored - conceded,
  );
  const fixtures = season.fixturesLeft.flatMap((fixture) => {
    const home = indexOf.get(fixture.home);
    const away = indexOf.get(fixture.away);
    if (home === undefined || away === undefined) return [];
    const margins = [...fixture.margins].filter(([, probability]) => probability > 0);
    let sum = 0;
    const cumulative = Float64Array.from(margins, ([, probability]) => (sum += probability));
    const homeGain = Float64Array.from(
      margins,
      ([margin]) => pointsFor(season.sport, margin, 0) * pointWeight + margin,
    );
    const awayGain = Float64Array.from(
      margins,
      ([margin]) => pointsFor(season.sport, -margin, 0) * pointWeight - margin,
    );
    return [{ home, away, cumulative, total: sum, homeGain, awayGain }];
  });
  const random = createSeededRandom(seed, 'outright');
  const wins = new Float64Array(ids.length);
  const table = new Float64Array(ids.length);
  const runs = fixtures.length === 0 ? 1 : trials;
  for (let trial = 0; trial < runs; trial += 1) {
    table.set(base);
    for (const fixture of fixtures) {
      // The first margin whose cumulative chance passes the draw (a binary search).
      const draw = random.next() * fixture.total;
      let [low, high] = [0, fixture.cumulative.length - 1];
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((fixture.cumulative[middle] ?? 0) > draw) high = middle;
        else low = middle + 1;
      }
      table[fixture.home] = (table[fixture.home] ?? 0) + (fixture.homeGain[low] ?? 0);
      table[fixture.away] = (table[fixture.away] ?? 0) + (fixture.awayGain[low] ?? 0);
    }
    let leader = 0;
    for (let index = 1; index < ids.length; index += 1) {
      const ahead = (table[index] ?? 0) - (table[leader] ?? 0);
      if (ahead > 0 || (ahead === 0 && (ranks[index] ?? 0) < (ranks[leader] ?? 0))) leader = index;
    }
    wins[leader] = (wins[leader] ?? 0) + 1;
  }
  return ids.map((key, index) => ({ key, probability: (wins[index] ?? 0) / runs }));
};
