import type { ServerResponse } from 'node:http';
import type { FeedSource } from '../feed/feed-source';
import type { MarketBook, OfferedMarket } from '../pricing/market-book';
import { fixtureView, mainMarkets, marketView } from './views';

/**
 * Live prices to the pages over server-sent events. Once a tick, every fixture in play or starting within the
 * hour is priced once, and a fixture whose view changed since the last tick is sent to every page as one
 * pre-serialised frame (so a thousand pages cost one pricing and one JSON text); a page that opened a fixture
 * gets all its markets when they change. `bets` tells a player's pages to read their bets again.
 *
 * `fixture` and `markets` data carry `at`, the server's time (epoch ms) when their prices were read, so a page
 * (or a bench) can tell how old they are; a tick's frames are encoded once into one buffer per kind of page and
 * that buffer is written to each page in one write: the cost per page is the socket's.
 */

type Connection = { response: ServerResponse; player: string; fixture: string | undefined };

const soonMs = 60 * 60 * 1000;
const betsFrame = Buffer.from('event: bets\ndata: {}\n\n');

/** An SSE frame of a JSON object with `at` first (the view's own JSON, compared between ticks, has no time). */
const stampedFrame = (event: string, at: number, data: string): string =>
  `event: ${event}\ndata: {"at":${String(at)},${data.slice(1)}\n\n`;

export const createOddsStream = ({
  feed,
  markets,
  intervalMs,
}: {
  feed: FeedSource;
  markets: MarketBook;
  intervalMs: number;
}) => {
  const connections = new Set<Connection>();
  /** Fixture id → its last view's JSON and its frame as sent. */
  const lastFixtureFrames = new Map<string, { data: string; frame: string }>();
  const lastMarketFrames = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;

  const write = (connection: Connection, frame: string | Buffer) => {
    if (!connection.response.writableEnded) connection.response.write(frame);
  };

  const marketsData = (fixtureId: string, offered = markets.marketsOf(fixtureId)): string =>
    JSON.stringify({ fixtureId, markets: offered.map(marketView) });

  const tick = () => {
    const at = Date.now();
    const now = feed.now();
    const frames: string[] = [];
    const seen = new Set<string>();
    // Prices read once a tick: a fixture's page reuses those of the list.
    const offered = new Map<string, OfferedMarket[]>();
    for (const fixture of feed.fixtures()) {
      const isShown =
        fixture.status === 'live' || (fixture.status === 'scheduled' && fixture.kickOffAt - now < soonMs);
      const wasShown = lastFixtureFrames.has(fixture.id);
      if (!isShown && !wasShown) continue;
      seen.add(fixture.id);
      const fixtureMarkets = markets.marketsOf(fixture.id);
      offered.set(fixture.id, fixtureMarkets);
      const data = JSON.stringify(fixtureView(feed, fixture, mainMarkets(fixtureMarkets)));
      if (lastFixtureFrames.get(fixture.id)?.data === data) continue;
      const frame = stampedFrame('fixture', at, data);
      frames.push(frame);
      if (isShown) lastFixtureFrames.set(fixture.id, { data, frame });
      else lastFixtureFrames.delete(fixture.id);
    }
    for (const id of lastFixtureFrames.keys()) if (!seen.has(id)) lastFixtureFrames.delete(id);
    const batch = frames.join('');
    const listFrame = batch === '' ? undefined : Buffer.from(batch);
    // A fixture's page: the batch, then the fixture's markets when they changed (one buffer per fixture).
    const pageFrames = new Map<string, Buffer | undefined>();
    const pageFrameOf = (fixtureId: string): Buffer | undefined => {
      if (pageFrames.has(fixtureId)) return pageFrames.get(fixtureId);
      const data = marketsData(fixtureId, offered.get(fixtureId));
      const frame =
        lastMarketFrames.get(fixtureId) === data
          ? listFrame
          : Buffer.from(batch + stampedFrame('markets', at, data));
      lastMarketFrames.set(fixtureId, data);
      pageFrames.set(fixtureId, frame);
      return frame;
    };
    for (const connection of connections) {
      const frame = connection.fixture === undefined ? listFrame : pageFrameOf(connection.fixture);
      if (frame !== undefined) write(connection, frame);
    }
    // Only fixtures a page has open are remembered.
    for (const id of lastMarketFrames.keys()) if (!pageFrames.has(id)) lastMarketFrames.delete(id);
  };

  return {
    connect: (response: ServerResponse, player: string, fixture: string | undefined) => {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const connection = { response, player, fixture };
      connections.add(connection);
      // A new page starts from the current prices of everything shown, and of its fixture.
      const current = [...lastFixtureFrames.values()].map(({ frame }) => frame);
      if (fixture !== undefined) current.push(stampedFrame('markets', Date.now(), marketsData(fixture)));
      response.write(`retry: 2000\n\n${current.join('')}`);
      response.on('close', () => connections.delete(connection));
    },
    /** Tells a player's pages (or every page) that bets changed. */
    notifyBets: (player?: string) => {
      for (const connection of connections) {
        if (player === undefined || connection.player === player) write(connection, betsFrame);
      }
    },
    start: () => {
      timer ??= setInterval(tick, intervalMs);
    },
    stop: () => {
      clearInterval(timer);
      timer = undefined;
      for (const connection of connections) connection.response.end();
      connections.clear();
    },
    tick,
    size: () => connections.size,
  };
};
