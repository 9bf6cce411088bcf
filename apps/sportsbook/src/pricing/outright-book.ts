import { isEsport, type MarketSpec, type MilliOdds, type SelectionKey } from '../domain';
import type { FeedSource, Fixture, LiveState, Outright } from '../feed/feed-source';
import type { Distribution } from './distributions';
import { priceWithMargin } from './margin';
import { finalMargins, outrightProbabilities } from './models';

/** A season's outright market (its id `${outrightId}:outright`): who wins the league, competitor ids as keys. */
export type OutrightMarket = {
  id: string;
  outrightId: string;
  league: { id: string; name: string };
  spec: MarketSpec;
  status: 'open' | 'closed';
  selections: Array<{ key: SelectionKey; odds: MilliOdds }>;
};

/** Competitors less likely than this to win are not offered (as match markets leave out their unlikely selections). */
const minimumProbability = 0.001;

const preMatch: LiveState = {
  period: 0,
  isBreak: false,
  clockMs: 0,
  score: { home: 0, away: 0 },
  periods: [],
  redCards: { home: 0, away: 0 },
};

/** The e-sports series of a season fixture not yet scheduled (the feed draws it then): the usual best of 3. */
const usualBestOf = 3;

/**
 * Prices each season's outright from its table and the fixtures it has left (`outrightProbabilities`): the
 * scheduled and unscheduled ones from the ratings, those in play from their live state. A Monte Carlo run is kept
 * until the table, the fixtures left or the score of one in play changes, so prices are stable between events and
 * the same for the same season. An outright no longer open shows its last prices, closed.
 */
export const createOutrightPricer = (feed: FeedSource, marginBasisPoints: number) => {
  const quoted = new Map<string, { key: string; selections: OutrightMarket['selections'] }>();
  const preMatchMargins = new Map<string, Distribution>();

  /** The season's fixtures left, each with what its chances depend on (`key`) and how to work them out. */
  const fixturesLeftOf = (outright: Outright) => {
    const competitors = new Map(outright.competitors.map((competitor) => [competitor.id, competitor]));
    return outright.fixturesLeft.flatMap((left) => {
      const home = competitors.get(left.home);
      const away = competitors.get(left.away);
      if (!home || !away) return [];
      const fixture = left.fixtureId === undefined ? undefined : feed.fixture(left.fixtureId);
      const state = fixture?.status === 'live' ? feed.liveState(fixture.id) : undefined;
      if (fixture && state) {
        const key = `${fixture.id}@${JSON.stringify([state.score, state.period, state.redCards])}`;
        return [{ home: home.id, away: away.id, key, margins: () => finalMargins(fixture, state) }];
      }
      const bestOf = fixture?.bestOf ?? (isEsport(outright.sport) ? usualBestOf : undefined);
      const key = `${home.id}/${away.id}/${String(home.rating)}/${String(away.rating)}/${String(bestOf ?? 0)}`;
      const margins = (): Distribution => {
        const known = preMatchMargins.get(key);
        if (known) return known;
        const subject: Fixture = {
          id: left.fixtureId ?? '',
          sport: outright.sport,
          league: outright.league,
          home,
          away,
          kickOffAt: outright.startsAt,
          ...(bestOf === undefined ? {} : { bestOf }),
          status: 'scheduled',
        };
        const computed = finalMargins(subject, preMatch);
        preMatchMargins.set(key, computed);
        return computed;
      };
      return [{ home: home.id, away: away.id, key, margins }];
    });
  };

  const pricesOf = (outright: Outright): OutrightMarket['selections'] => {
    const fixturesLeft = fixturesLeftOf(outright);
    const key = JSON.stringify([
      outright.standings.map((line) => [line.competitorId, line.points, line.scored - line.conceded]),
      fixturesLeft.map((left) => left.key),
    ]);
    const known = quoted.get(outright.id);
    if (known?.key === key) return known.selections;
    const season = {
      sport: outright.sport,
      standings: outright.standings,
      fixturesLeft: fixturesLeft.map((left) => ({
        home: left.home,
        away: left.away,
        margins: left.margins(),
      })),
    };
    const fair = outrightProbabilities(season, { seed: `${outright.id}|${key}` }).filter(
      ({ probability }) => probability >= minimumProbability,
    );
    const odds =
      fair.length < 2
        ? []
        : priceWithMargin(
            fair.map(({ probability }) => probability),
            marginBasisPoints,
          );
    const selections =
      odds.length === 0
        ? []
        : fair.map(({ key: competitor }, index) => ({
            key: competitor,
            odds: odds[index] ?? 0,
          }));
    quoted.set(outright.id, { key, selections });
    return selections;
  };

  const marketOf = (outright: Outright): OutrightMarket | undefined => {
    const isOpen = outright.status === 'open';
    const selections = isOpen ? pricesOf(outright) : (quoted.get(outright.id)?.selections ?? []);
    if (selections.length === 0) return undefined;
    return {
      id: `${outright.id}:outright`,
      outrightId: outright.id,
      league: outright.league,
      spec: { kind: 'outright' },
      status: isOpen ? 'open' : 'closed',
      selections,
    };
  };

  return {
    /** Every outright the feed lists with prices (the ones it stopped listing are forgotten). */
    outrightMarkets: (): OutrightMarket[] => {
      const outrights = feed.outrights();
      const listed = new Set(outrights.map(({ id }) => id));
      for (const outrightId of quoted.keys()) if (!listed.has(outrightId)) quoted.delete(outrightId);
      return outrights.flatMap((outright) => marketOf(outright) ?? []);
    },
    outrightMarket: (outrightId: string): OutrightMarket | undefined => {
      const outright = feed.outright(outrightId);
      return outright && marketOf(outright);
    },
  };
};
