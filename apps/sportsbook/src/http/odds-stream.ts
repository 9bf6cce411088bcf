import type { ServerResponse } from 'node:http';
import type { FeedSource } from '../feed/feed-source';
import type { MarketBook } from '../pricing/market-book';
import { fixtureView, mainMarkets, marketView } from './views';

/**
 * Live prices to the pages over server-sent events. Once a tick, every fixture in play or starting within the
 * hour is priced once, and a fixture whose view changed since the last tick is sent to every page as one
 * pre-serialised frame (so a thousand pages cost one pricing and one JSON text); a page that opened a fixture
 * gets all its markets when they change. `bets` tells a player's pages to read their bets again.
 */

type Connection = { response: ServerResponse; player: string; fixture: string | undefined };

const soonMs = 60 * 60 * 1000;

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
  const lastFixtureFrames = new Map<string, string>();
  const lastMarketFrames = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;

  const write = (connection: Connection, frame: string) => {
    if (!connection.response.writableEnded) connection.response.write(frame);
  };

  const tick = () => {
    const now = feed.now();
    const frames: string[] = [];
    const seen = new Set<string>();
    for (const fixture of feed.fixtures()) {
      const isShown =
        fixture.status === 'live' || (fixture.status === 'scheduled' && fixture.kickOffAt - now < soonMs);
      const wasShown = lastFixtureFrames.has(fixture.id);
      if (!isShown && !wasShown) continue;
      seen.add(fixture.id);
      const data = JSON.stringify(fixtureView(feed, fixture, mainMarkets(markets.marketsOf(fixture.id))));
      if (lastFixtureFrames.get(fixture.id) === data) continue;
      frames.push(`event: fixture\ndata: ${data}\n\n`);
      if (isShown) lastFixtureFrames.set(fixture.id, data);
      else lastFixtureFrames.delete(fixture.id);
    }
    for (const id of lastFixtureFrames.keys()) if (!seen.has(id)) lastFixtureFrames.delete(id);
    const batch = frames.join('');
    const opened = new Map<string, string | null>();
    for (const connection of connections) {
      if (batch !== '') write(connection, batch);
      if (connection.fixture === undefined) continue;
      let frame = opened.get(connection.fixture);
      if (frame === undefined) {
        const data = JSON.stringify({
          fixtureId: connection.fixture,
          markets: markets.marketsOf(connection.fixture).map(marketView),
        });
        frame =
          lastMarketFrames.get(connection.fixture) === data ? null : `event: markets\ndata: ${data}\n\n`;
        lastMarketFrames.set(connection.fixture, data);
        opened.set(connection.fixture, frame);
      }
      if (frame !== null) write(connection, frame);
    }
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
      const current = [...lastFixtureFrames.values()].map((data) => `event: fixture\ndata: ${data}\n\n`);
      if (fixture !== undefined) {
        const data = JSON.stringify({
          fixtureId: fixture,
          markets: markets.marketsOf(fixture).map(marketView),
        });
        current.push(`event: markets\ndata: ${data}\n\n`);
      }
      response.write(`retry: 2000\n\n${current.join('')}`);
      response.on('close', () => connections.delete(connection));
    },
    /** Tells a player's pages (or every page) that bets changed. */
    notifyBets: (player?: string) => {
      for (const connection of connections) {
        if (player === undefined || connection.player === player)
          write(connection, 'event: bets\ndata: {}\n\n');
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
