import type { MarketSpec, MilliOdds, SelectionKey } from '../domain';
import type { FeedEventType, FeedSource, Fixture, LiveState } from '../feed/feed-source';
import { priceWithMargin } from './margin';
import { currentMapOf, modelMatch, type FairSelection, type MatchModel } from './models';
import { createOutrightPricer, type OutrightMarket } from './outright-book';

export type PricedSelection = { key: SelectionKey; odds: MilliOdds };
export type MarketStatus = 'open' | 'suspended' | 'closed';
export type OfferedMarket = {
  id: string;
  spec: MarketSpec;
  status: MarketStatus;
  selections: PricedSelection[];
};
export type { OutrightMarket } from './outright-book';

type PriceMovingEvent = Extract<FeedEventType, 'goal' | 'red_card' | 'map_end' | 'round_end'>;

export type MarketBookOptions = {
  /** Overround of match markets, in basis points (500 is 5 %). */
  marginBasisPoints?: number;
  outrightMarginBasisPoints?: number;
  /**
   * How long a fixture's markets stay suspended after each price-moving event, in feed-clock ms (real time
   * outside tests: a bettor's head start is real seconds, however fast the simulation plays).
   */
  suspensionMs?: Partial<Record<PriceMovingEvent, number>>;
};

export type MarketBook = {
  /** A fixture's markets now; once it has ended, the last ones quoted, closed. */
  marketsOf(fixtureId: string): OfferedMarket[];
  /** Each season's outright (`pricing/outright-book.ts`): open ones priced, closed ones at their last prices. */
  outrightMarkets(): OutrightMarket[];
  outrightMarket(outrightId: string): OutrightMarket | undefined;
  /** Stops following the feed. */
  close(): void;
};

/** Stable across requests and restarts: `f12:asian_handicap:-3`, `f12:round_winner:m2:r7` (line in quarters). */
export const marketId = (ownerId: string, spec: MarketSpec): string =>
  [
    ownerId,
    spec.kind,
    spec.map === undefined ? undefined : `m${String(spec.map)}`,
    spec.round === undefined ? undefined : `r${String(spec.round)}`,
    spec.line === undefined ? undefined : String(spec.line),
  ]
    .filter((part) => part !== undefined)
    .join(':');

/** Selections less likely than this are not offered (their odds would be off the ladder). */
const minimumProbability = 0.001;

const defaultSuspensionMs: Record<PriceMovingEvent, number> = {
  goal: 5_000,
  red_card: 5_000,
  map_end: 5_000,
  round_end: 1_000,
};

const isPriceMoving = (type: FeedEventType): type is PriceMovingEvent => type in defaultSuspensionMs;

const range = (from: number, to: number, step = 1): number[] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

/**
 * The main line (its first side closest to even) and the alternatives `offsets` quarters away. The first side's
 * chance moves one way along the candidates, so a bisection finds where it crosses one half.
 */
const linesAround = (
  model: MatchModel,
  kind: 'asian_handicap' | 'total',
  candidates: number[],
  offsets: number[],
): MarketSpec[] => {
  const aboveEven = (index: number): number =>
    (model({ kind, line: candidates[index] })?.[0]?.probability ?? 0.5) - 0.5;
  let [low, high] = [0, candidates.length - 1];
  const isLowAbove = aboveEven(low) > 0;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (aboveEven(middle) > 0 === isLowAbove) low = middle;
    else high = middle;
  }
  const mainIndex = Math.abs(aboveEven(low)) <= Math.abs(aboveEven(high)) ? low : high;
  const main = candidates[mainIndex] ?? 0;
  return [main, ...offsets.map((offset) => main + offset)].map((line) => ({ kind, line }));
};

const halfLines = (from: number, to: number): number[] => range(4 * from + 2, 4 * to + 2, 4);

/**
 * What each sport offers, main lines first. Football: quarter-goal handicap and total lines, alternatives half
 * a goal either side; basketball: half-point lines, alternatives 5 points away; tennis: ±1.5 sets and 2.5 sets
 * (tennis settles on sets); e-sports: every map handicap and total-maps line, the map in play and the next, the
 * next round.
 */
const marketSpecs = (fixture: Fixture, state: LiveState, model: MatchModel): MarketSpec[] => {
  const total = state.score.home + state.score.away;
  switch (fixture.sport) {
    case 'football':
      return [
        { kind: 'match_result' },
        ...linesAround(model, 'asian_handicap', range(-24, 24), [-2, 2]),
        ...linesAround(model, 'total', range(4 * total + 2, 4 * total + 40), [-2, 2]),
        { kind: 'btts' },
        { kind: 'correct_score' },
      ];
    case 'basketball':
      return [
        { kind: 'moneyline' },
        ...linesAround(model, 'asian_handicap', halfLines(-60, 60), [-20, 20]),
        ...linesAround(model, 'total', halfLines(total, total + 300), [-20, 20]),
      ];
    case 'tennis':
      return [
        { kind: 'moneyline' },
        { kind: 'asian_handicap', line: -6 },
        { kind: 'asian_handicap', line: 6 },
        { kind: 'total', line: 10 },
      ];
    default: {
      const bestOf = fixture.bestOf ?? 1;
      const map = currentMapOf(state);
      return [
        { kind: 'moneyline' },
        { kind: 'map_winner', map },
        { kind: 'map_winner', map: map + 1 },
        // ±0.5 maps would only repeat the moneyline.
        ...halfLines(-bestOf, bestOf)
          .filter((line) => Math.abs(line) > 2)
          .map((line) => ({ kind: 'asian_handicap' as const, line })),
        ...halfLines(1, bestOf).map((line) => ({ kind: 'total' as const, line })),
        { kind: 'round_winner', map: state.period, round: state.round },
      ];
    }
  }
};

/** Prices a market, leaving out unlikely selections; nothing unless two selections remain. */
const priceMarket = (
  fair: FairSelection[] | undefined,
  marginBasisPoints: number,
): PricedSelection[] | undefined => {
  const offered = (fair ?? []).filter(({ probability }) => probability >= minimumProbability);
  if (offered.length < 2) return undefined;
  const odds = priceWithMargin(
    offered.map(({ probability }) => probability),
    marginBasisPoints,
  );
  return offered.map(({ key }, index) => ({ key, odds: odds[index] ?? 0 }));
};

const isEnded = (fixture: Fixture): boolean =>
  fixture.status === 'finished' || fixture.status === 'postponed' || fixture.status === 'abandoned';

/**
 * Prices every fixture of the feed on request, from its live state: markets are suspended for a while after an
 * event that moves prices and closed once the fixture has ended.
 */
export const createMarketBook = (feed: FeedSource, options: MarketBookOptions = {}): MarketBook => {
  const marginBasisPoints = options.marginBasisPoints ?? 500;
  const outrightMarginBasisPoints = options.outrightMarginBasisPoints ?? 2_000;
  const suspensionMs = { ...defaultSuspensionMs, ...options.suspensionMs };
  const suspendedUntil = new Map<string, number>();
  const lastQuoted = new Map<string, OfferedMarket[]>();
  /** What each last quote was priced from (see `marketsOf`). */
  const quoteKeys = new WeakMap<OfferedMarket[], string>();

  const unsubscribe = feed.subscribe((event) => {
    if (isPriceMoving(event.type)) {
      const until = event.at + suspensionMs[event.type];
      suspendedUntil.set(event.fixtureId, Math.max(until, suspendedUntil.get(event.fixtureId) ?? 0));
    }
    if (event.type !== 'fixture_added') return;
    // New fixtures come as old ones leave the feed: forget those.
    for (const fixtureId of [...lastQuoted.keys(), ...suspendedUntil.keys()]) {
      if (!feed.fixture(fixtureId)) {
        lastQuoted.delete(fixtureId);
        suspendedUntil.delete(fixtureId);
      }
    }
  });

  const marketsOf = (fixtureId: string): OfferedMarket[] => {
    const fixture = feed.fixture(fixtureId);
    const state = feed.liveState(fixtureId);
    if (!fixture || !state) return [];
    if (isEnded(fixture))
      return (lastQuoted.get(fixtureId) ?? []).map((market) => ({ ...market, status: 'closed' }));
    const status = feed.now() < (suspendedUntil.get(fixtureId) ?? 0) ? 'suspended' : 'open';
    // Prices change only with the fixture, its state or the suspension: the last quote stands while those do
    // (by value, so it is never stale), and is shared, frozen, by everyone who asks meanwhile.
    const quoteKey = `${status}\n${JSON.stringify(fixture)}\n${JSON.stringify(state)}`;
    const last = lastQuoted.get(fixtureId);
    if (last && quoteKeys.get(last) === quoteKey) return last;
    const model = modelMatch(fixture, state);
    const markets = marketSpecs(fixture, state, model).flatMap((spec): OfferedMarket[] => {
      const selections = priceMarket(model(spec), marginBasisPoints);
      return selections ? [{ id: marketId(fixtureId, spec), spec, status, selections }] : [];
    });
    for (const market of markets) {
      for (const selection of market.selections) Object.freeze(selection);
      Object.freeze(market.selections);
      Object.freeze(market.spec);
      Object.freeze(market);
    }
    Object.freeze(markets);
    quoteKeys.set(markets, quoteKey);
    lastQuoted.set(fixtureId, markets);
    return markets;
  };

  const outrights = createOutrightPricer(feed, outrightMarginBasisPoints);

  return {
    marketsOf,
    outrightMarkets: outrights.outrightMarkets,
    outrightMarket: outrights.outrightMarket,
    close: unsubscribe,
  };
};
