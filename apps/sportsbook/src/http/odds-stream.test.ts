import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchSimulator } from '../feed/simulator';
import { createMarketBook } from '../pricing/market-book';
import { fixtureViewSchema, marketsEventSchema } from './api-types';
import { createOddsStream } from './odds-stream';
import { fixtureView, mainMarkets, marketView } from './views';

type StreamEvent = { event: string; data: Record<string, unknown> };
type Page = { events: () => StreamEvent[]; close: () => void };

const waitFor = async (isDone: () => boolean): Promise<void> => {
  for (let attempt = 0; !isDone(); attempt += 1) {
    if (attempt > 500) throw new Error('the stream did not send what was expected');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const parseEvents = (text: string): StreamEvent[] =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine = '', dataLine = ''] = block.split('\n');
      return {
        event: eventLine.slice('event: '.length),
        data: JSON.parse(dataLine.slice('data: '.length)) as Record<string, unknown>,
      };
    });

/** What the pages got until now: `bets` goes out after everything written before it, so it marks the end. */
const settle = async (notifyBets: () => void, pages: Page[]): Promise<StreamEvent[][]> => {
  const betsOf = (page: Page) => page.events().filter((event) => event.event === 'bets').length;
  const before = pages.map(betsOf);
  notifyBets();
  await waitFor(() => pages.every((page, index) => betsOf(page) > (before[index] ?? 0)));
  return pages.map((page) => page.events().slice(0, -1));
};

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The stream behind a plain HTTP server (ticked by the test), and pages reading it. */
const serveStream = async () => {
  const feed = new MatchSimulator({ seed: 'odds-stream', startAt: Date.UTC(2026, 0, 1, 12) });
  const markets = createMarketBook(feed);
  const stream = createOddsStream({ feed, markets, intervalMs: 60_000 });
  const server = http.createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    stream.connect(response, query.get('player') ?? 'p1', query.get('fixture') ?? undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    stream.stop();
    server.close();
    markets.close();
  });
  const { port } = server.address() as AddressInfo;
  const open = (query = ''): Promise<Page> =>
    new Promise((resolve, reject) => {
      let text = '';
      const request = http.get({ host: '127.0.0.1', port, path: `/?${query}`, agent: false }, (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        const page = { events: () => parseEvents(text), close: () => request.destroy() };
        cleanups.push(page.close);
        void waitFor(() => text.startsWith('retry: 2000\n\n')).then(() => {
          resolve(page);
        });
      });
      request.on('error', reject);
    });
  const live = feed.fixtures().find((fixture) => fixture.status === 'live');
  if (!live) throw new Error('the simulator has no match in play');
  return { feed, markets, stream, open, live };
};

describe('odds stream', () => {
  it('stamps fixture and markets frames with the time of their tick, which the page reads past', async () => {
    const { feed, markets, stream, open, live } = await serveStream();
    const list = await open();
    const matchPage = await open(`fixture=${live.id}`);
    const before = Date.now();
    stream.tick();
    const after = Date.now();
    const [fixtures = [], pageEvents = []] = await settle(() => {
      stream.notifyBets();
    }, [list, matchPage]);
    expect(fixtures.length).toBeGreaterThan(1);
    for (const { event, data } of fixtures) {
      expect(event).toBe('fixture');
      const { at, ...view } = data;
      expect(typeof at === 'number' && at >= before && at <= after).toBe(true);
      expect(at).toBe(fixtures[0]?.data.at);
      const fixture = feed.fixture(String(view.id));
      if (!fixture) throw new Error(`unknown fixture ${String(view.id)}`);
      expect(view).toEqual(
        JSON.parse(JSON.stringify(fixtureView(feed, fixture, mainMarkets(markets.marketsOf(fixture.id))))),
      );
      // The page's schema takes the frame and leaves the stamp out.
      expect(fixtureViewSchema.parse(data)).toEqual(view);
    }
    // A match's page (which got the match's markets on opening) gets the same frames, then all the match's
    // markets, stamped alike.
    expect(pageEvents.slice(1, -1)).toEqual(fixtures);
    const { at, ...marketsData } = pageEvents.at(-1)?.data ?? {};
    expect(at).toBe(fixtures[0]?.data.at);
    expect(marketsData).toEqual({ fixtureId: live.id, markets: markets.marketsOf(live.id).map(marketView) });
    expect(marketsEventSchema.parse(pageEvents.at(-1)?.data)).toEqual(marketsData);
  });

  it('sends nothing again when only the time moved, and a new page starts from the frames as sent', async () => {
    const { stream, open, live } = await serveStream();
    const list = await open();
    const matchPage = await open(`fixture=${live.id}`);
    stream.tick();
    const [first = [], page = []] = await settle(() => {
      stream.notifyBets();
    }, [list, matchPage]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.tick();
    const [second = [], pageSecond = []] = await settle(() => {
      stream.notifyBets();
    }, [list, matchPage]);
    expect(second).toEqual([...first, { event: 'bets', data: {} }]);
    expect(pageSecond).toEqual([...page, { event: 'bets', data: {} }]);

    const later = await open();
    const [fromStart = []] = await settle(() => {
      stream.notifyBets();
    }, [later]);
    expect(fromStart).toEqual(first);
  });

  it('tells only the player’s pages that bets changed', async () => {
    const { stream, open } = await serveStream();
    const own = await open('player=p1');
    const other = await open('player=p2');
    stream.notifyBets('p1');
    stream.notifyBets();
    await waitFor(() => other.events().length === 1 && own.events().length === 2);
    expect(own.events().map((event) => event.event)).toEqual(['bets', 'bets']);
  });
});
