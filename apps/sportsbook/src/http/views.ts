import { sports } from '../domain';
import type { FeedSource, Fixture, Outright } from '../feed/feed-source';
import type { OfferedMarket, OutrightMarket } from '../pricing/market-book';
import { formatCents } from '../book/money';
import type { SlipRow } from '../book/slips.repository';
import type { FixtureView, MarketView, OutrightView, SlipView } from './api-types';

/** The answers of the page's API, from the book's rows and the feed. */

export const marketView = (market: OfferedMarket): MarketView => ({
  id: market.id,
  kind: market.spec.kind,
  ...(market.spec.line === undefined ? {} : { line: market.spec.line }),
  ...(market.spec.map === undefined ? {} : { map: market.spec.map }),
  ...(market.spec.round === undefined ? {} : { round: market.spec.round }),
  status: market.status,
  selections: market.selections.map((selection) => ({ key: selection.key, odds: selection.odds })),
});

/** The markets a list shows: the winner market and the main handicap and total line (main lines come first). */
export const mainMarkets = (markets: readonly OfferedMarket[]): OfferedMarket[] =>
  ['match_result', 'moneyline', 'asian_handicap', 'total'].flatMap((kind) => {
    const market = markets.find((candidate) => candidate.spec.kind === kind);
    return market ? [market] : [];
  });

export const fixtureView = (
  feed: FeedSource,
  fixture: Fixture,
  markets: readonly OfferedMarket[],
): FixtureView => {
  const state = fixture.status === 'live' ? feed.liveState(fixture.id) : undefined;
  return {
    id: fixture.id,
    sport: fixture.sport,
    league: fixture.league,
    home: fixture.home.name,
    away: fixture.away.name,
    kickOffAt: new Date(fixture.kickOffAt).toISOString(),
    status: fixture.status,
    ...(fixture.bestOf === undefined ? {} : { bestOf: fixture.bestOf }),
    ...(state
      ? {
          live: {
            period: state.period,
            isBreak: state.isBreak,
            clockSeconds: Math.floor(state.clockMs / 1000),
            score: state.score,
            periods: state.periods,
            redCards: state.redCards,
            ...(state.round === undefined ? {} : { round: state.round }),
          },
        }
      : {}),
    markets: markets.map(marketView),
  };
};

export const outrightView = (outright: Outright, market: OutrightMarket | undefined): OutrightView => {
  const names = new Map(outright.competitors.map(({ id, name }) => [id, name]));
  return {
    id: outright.id,
    sport: outright.sport,
    league: outright.league,
    season: outright.season,
    status: outright.status,
    fixtureCount: outright.fixtureCount,
    fixturesLeft: outright.fixturesLeft.length,
    competitors: outright.competitors.map(({ id, name }) => ({ id, name })),
    market: market ? marketView(market) : null,
    standings: outright.standings.map((line) => ({
      ...line,
      name: names.get(line.competitorId) ?? line.competitorId,
    })),
    winner: outright.result?.status === 'final' ? outright.result.winner : null,
  };
};

/** Competitor names by id, from the outrights the feed lists (a league's sides are the same every season). */
export const competitorNamesOf = (feed: FeedSource): ((competitorId: string) => string | undefined) => {
  let names: Map<string, string> | undefined;
  return (competitorId) => {
    names ??= new Map(
      feed.outrights().flatMap(({ competitors }) => competitors.map(({ id, name }) => [id, name])),
    );
    return names.get(competitorId);
  };
};

/**
 * An outright leg's event is stored as league v season ("Aldmoor Premier League v Season 2"): shown as
 * "Aldmoor Premier League · Season 2".
 */
const outrightEventName = (stored: string): string => {
  const at = stored.lastIndexOf(' v ');
  return at < 0 ? stored : `${stored.slice(0, at)} · ${stored.slice(at + 3)}`;
};

/** `nameOf` names an outright leg's competitor. */
export const slipView = (
  slip: SlipRow,
  cashOut: bigint | null,
  nameOf: (competitorId: string) => string | undefined = () => undefined,
): SlipView => ({
  id: slip.id.toString(),
  kind: slip.kind,
  status: slip.status,
  lines: slip.lineCount,
  stakePerLine: formatCents(slip.stakePerLine),
  totalStake: formatCents(slip.totalStake),
  potentialReturn: formatCents(slip.potentialReturn),
  totalReturn: slip.totalReturn === null ? null : formatCents(slip.totalReturn),
  cashOut: cashOut === null ? null : formatCents(cashOut),
  cashedOut: formatCents(slip.cashedOut),
  placedAt: slip.placedAt.toISOString(),
  settledAt: slip.settledAt?.toISOString() ?? null,
  legs: slip.legs.map((leg) => {
    const sport = sports.find((candidate) => candidate === leg.sport);
    const isOutright = leg.market.kind === 'outright';
    const selectionName = isOutright ? nameOf(leg.selection) : undefined;
    return {
      fixtureId: leg.fixtureId,
      fixture: isOutright ? outrightEventName(leg.fixtureName) : leg.fixtureName,
      ...(sport ? { sport } : {}),
      marketId: leg.marketId,
      kind: leg.market.kind,
      ...(leg.market.line === undefined ? {} : { line: leg.market.line }),
      ...(leg.market.map === undefined ? {} : { map: leg.market.map }),
      ...(leg.market.round === undefined ? {} : { round: leg.market.round }),
      selection: leg.selection,
      ...(selectionName === undefined ? {} : { selectionName }),
      odds: leg.odds,
      outcome: leg.outcome,
    };
  }),
});
