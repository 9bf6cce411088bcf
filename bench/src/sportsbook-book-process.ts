import { performance } from 'node:perf_hooks';
import type { BookSession } from '@wps/sportsbook/book/book.service';
import { MatchSimulator } from '@wps/sportsbook/feed/simulator';
import { buildSportsbook } from '@wps/sportsbook/sportsbook';

/**
 * The book's side of the sportsbook bench, in a process of its own as the sportsbook runs beside the platform
 * (apps/sportsbook/src/main.ts, started by the platform's sportsbook-runner.ts): the book on its own PostgreSQL
 * database, sending its signed wallet calls over HTTP to the platform in the parent process. The parent asks
 * for each phase and meters the machine meanwhile; this process answers what it did and the CPU it took.
 */

export type BookSetup = {
  platformUrl: string;
  privateKeyPem: string;
  storeUrl: string;
  players: ReadonlyArray<{ id: string; token: string }>;
};

export type ParentMessage =
  | ({ type: 'start' } & BookSetup)
  | { type: 'place'; count: number; concurrency: number }
  | { type: 'prepare-settlement'; slips: number }
  | { type: 'settle' }
  | { type: 'close' };

export type BookMessage =
  | { type: 'ready'; offers: number }
  | {
      type: 'placed';
      accepted: number;
      refusals: Array<[string, number]>;
      seconds: number;
      /** Sorted latencies' p50 and p99, ms. */
      p50: number;
      p99: number;
      cpuMs: number;
    }
  | { type: 'settlement-ready' }
  | { type: 'settled'; settled: number; seconds: number; cpuMs: number }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

const send = (message: BookMessage): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send) throw new Error('the book process runs under the sportsbook bench (fork, with IPC)');
    process.send(message, undefined, undefined, () => {
      resolve();
    });
  });

const cpuMsSince = (before: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

const percentileOf = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

const fixtureId = 'bench-match';

const open = async (setup: BookSetup) => {
  const feed = new MatchSimulator({ seed: 'bench', startAt: Date.parse('2026-11-27T12:00:00Z') });
  const book = await buildSportsbook({
    platformUrl: setup.platformUrl,
    privateKeyPem: setup.privateKeyPem,
    store: { url: setup.storeUrl },
    feed,
    limits: { maxLiabilityPerMarket: 10n ** 15n, maxStakePerPlayerPerMarket: 10n ** 15n },
  });
  await book.app.ready();
  const sessions: BookSession[] = setup.players.map((player) => ({
    user: player.id,
    token: player.token,
    vendorCode: 'BENCHV',
    gameCode: 'bench-slot',
    currency: 'USD',
  }));
  const offers = feed
    .fixtures()
    .filter((fixture) => fixture.status === 'scheduled')
    .flatMap((fixture) => {
      const market = book.markets.marketsOf(fixture.id).find((candidate) => candidate.status === 'open');
      const selection = market?.selections[0];
      return market && selection
        ? [{ marketId: market.id, selection: selection.key, odds: selection.odds }]
        : [];
    });
  if (offers.length === 0) throw new Error('nothing to bet on');

  /** Singles of one unit, `concurrency` players at a time, each awaited (the book's own pace). */
  const place = async (count: number, concurrency: number): Promise<BookMessage> => {
    const latencies: number[] = [];
    const refusals = new Map<string, number>();
    let next = 0;
    let accepted = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let index = next++; index < count; index = next++) {
          const session = sessions[index % sessions.length];
          const offer = offers[index % offers.length];
          if (!session || !offer) continue;
          const at = performance.now();
          const placed = await book.book.place(session, {
            kind: 'single',
            legs: [offer],
            stakePerLine: '1',
            acceptOdds: 'any',
          });
          latencies.push(performance.now() - at);
          if (placed.isAccepted) accepted += 1;
          else refusals.set(placed.refusal, (refusals.get(placed.refusal) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      type: 'placed',
      accepted,
      refusals: [...refusals],
      seconds,
      p50: percentileOf(latencies, 0.5),
      p99: percentileOf(latencies, 0.99),
      cpuMs: cpuMsSince(cpu),
    };
  };

  /** `slips` open singles on one match, written straight into the store as placed slips are, with their exposure. */
  const prepareSettlement = async (slips: number): Promise<BookMessage> => {
    await book.store.query(
      `insert into sb_fixtures (id, sport, league, home, away, kickoff_at, status)
       values ($1, 'football', 'Bench League', 'Home', 'Away', now(), 'live')`,
      [fixtureId],
    );
    await book.store.query(
      `with slips as (
         insert into sb_slips (player, currency, vendor_code, game_code, kind, line_count, stake_per_line,
           total_stake, potential_return, status)
         select ($3::text[])[1 + g % cardinality($3::text[])], 'USD', 'BENCHV', 'bench-slot', 'single', 1, 100, 100, 195, 'open'
         from generate_series(1, $2) g returning id
       ), legs as (
         insert into sb_legs (slip_id, leg, fixture_id, market_id, market, selection, odds)
         select id, 0, $1, $1 || ':match_result', '{"kind":"match_result"}'::jsonb,
           (array['home', 'draw', 'away'])[1 + id % 3], 1950 from slips
       )
       insert into sb_wallet_calls (slip_id, method, transaction_uuid, amount, vendor_code, request_uuid, body,
         signature, status, answer_status)
       select id, 'transaction/bet', gen_random_uuid(), 10000000, 'BENCHV', gen_random_uuid()::text, '{}', '',
         'done', 'RS_OK' from slips`,
      [fixtureId, slips, setup.players.map((player) => player.id)],
    );
    // Their exposure, as placing them would have left it: the market's liability and each player's stake.
    await book.store.query(
      `insert into sb_exposure (market_id, player, amount)
       select l.market_id, '', sum(s.potential_return) from sb_legs l join sb_slips s on s.id = l.slip_id
       where l.fixture_id = $1 group by l.market_id
       union all
       select l.market_id, s.player, sum(s.total_stake) from sb_legs l join sb_slips s on s.id = l.slip_id
       where l.fixture_id = $1 group by l.market_id, s.player`,
      [fixtureId],
    );
    return { type: 'settlement-ready' };
  };

  const settle = async (): Promise<BookMessage> => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const settled = await book.book.settleFixture(fixtureId, {
      status: 'final',
      score: { home: 2, away: 1 },
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = cpuMsSince(cpu);
    const [left] = await book.store.query<{ amount: string }>(
      `select coalesce(sum(amount), 0)::text as amount from sb_exposure where market_id = $1`,
      [`${fixtureId}:match_result`],
    );
    if (left?.amount !== '0')
      throw new Error(`the settled match still holds ${left?.amount ?? '?'} of exposure`);
    return { type: 'settled', settled, seconds, cpuMs };
  };

  return { offers: offers.length, place, prepareSettlement, settle, close: () => book.app.close() };
};

let opened: Awaited<ReturnType<typeof open>> | undefined;

const handle = async (message: ParentMessage): Promise<BookMessage> => {
  if (message.type === 'start') {
    opened = await open(message);
    return { type: 'ready', offers: opened.offers };
  }
  if (!opened) throw new Error('the book is not open');
  switch (message.type) {
    case 'place':
      return opened.place(message.count, message.concurrency);
    case 'prepare-settlement':
      return opened.prepareSettlement(message.slips);
    case 'settle':
      return opened.settle();
    case 'close':
      await opened.close();
      opened = undefined;
      return { type: 'closed' };
  }
};

process.on('message', (message: ParentMessage) => {
  void handle(message)
    .catch((error: unknown): BookMessage => ({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }))
    .then(async (answer) => {
      await send(answer);
      if (answer.type === 'closed') process.disconnect();
    });
});
// The bench went away: so does the book.
process.once('disconnect', () => {
  void (opened?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
