import { performance } from 'node:perf_hooks';
import { createScratchDatabase } from '@wps/server/testing/test-database';
import type { BookSession } from '@wps/sportsbook/book/book.service';
import { MatchSimulator } from '@wps/sportsbook/feed/simulator';
import { buildSportsbook } from '@wps/sportsbook/sportsbook';
import type { BenchResult } from './run';
import { percentile, startBenchPlatform } from './vendor-wallet.bench';

const placements = 3_000;
const concurrency = 32;
const settledSlips = 100_000;

/**
 * The sportsbook on PostgreSQL (its own database) against the platform on PostgreSQL: slips placed through the
 * book's service (pricing, limits under the market lock, the slip and its wallet call written, the signed bet
 * sent over HTTP to the platform's wallet and answered), and a match with 100,000 open slips settled (each slip's
 * outcome, status and closing wallet call written; delivering those calls is the wallet's rate, measured above).
 */
export const sportsbookBench = async (): Promise<BenchResult> => {
  const name = 'Sportsbook: slips placed through the wallet, and a match with 100,000 open slips settled';
  if (!process.env.DATABASE_URL) {
    const note = 'DATABASE_URL is unset: the sportsbook bench runs on PostgreSQL only and was skipped.';
    console.log(note);
    return { name, rows: [], notes: [note] };
  }
  const { database, players, privateKey, app, url: platformUrl } = await startBenchPlatform();
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'wps_sportsbook_bench');
  const feed = new MatchSimulator({ seed: 'bench', startAt: Date.parse('2026-11-27T12:00:00Z') });
  const book = await buildSportsbook({
    platformUrl,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    store: { url: scratch.url },
    feed,
    limits: { maxLiabilityPerMarket: 10n ** 15n, maxStakePerPlayerPerMarket: 10n ** 15n },
  });
  await book.app.ready();
  const rows: BenchResult['rows'] = [];
  const notes: string[] = [];
  try {
    const sessions: BookSession[] = players.map((player) => ({
      user: player.id.toString(),
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
    // Smaller runs while developing: SPORTSBOOK_BENCH_PLACEMENTS, SPORTSBOOK_BENCH_SETTLED.
    const placementCount = Number(process.env.SPORTSBOOK_BENCH_PLACEMENTS ?? placements);
    const slipCount = Number(process.env.SPORTSBOOK_BENCH_SETTLED ?? settledSlips);
    const latencies: number[] = [];
    let next = 0;
    let accepted = 0;
    const refusals = new Map<string, number>();
    const placing = await cpuMeter();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let index = next++; index < placementCount; index = next++) {
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
    const placingCpu = await placing.read();
    latencies.sort((a, b) => a - b);
    rows.push({
      scenario: `place ${placementCount} singles, ${concurrency} at a time (each a signed wallet bet over HTTP)`,
      'per second': Math.round(accepted / seconds),
      'p50 / p99 ms': `${percentile(latencies, 0.5).toFixed(0)} / ${percentile(latencies, 0.99).toFixed(0)}`,
    });
    const refused = [...refusals].map(([refusal, count]) => `${count} ${refusal}`).join(', ');
    notes.push(
      `${accepted} of ${placementCount} slips accepted${refused ? ` (refused: ${refused})` : ''} (target ≥ 500 slips/s); ${placingCpu}.`,
    );

    // 100,000 open slips on one match, written straight into the book's store as placed slips are.
    const fixtureId = 'bench-match';
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
      [fixtureId, slipCount, players.map((player) => player.id.toString())],
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
    const settling = await cpuMeter();
    const settleStarted = performance.now();
    const settled = await book.book.settleFixture(fixtureId, {
      status: 'final',
      score: { home: 2, away: 1 },
    });
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const settlingCpu = await settling.read();
    const [left] = await book.store.query<{ amount: string }>(
      `select coalesce(sum(amount), 0)::text as amount from sb_exposure where market_id = $1`,
      [`${fixtureId}:match_result`],
    );
    if (left?.amount !== '0')
      throw new Error(`the settled match still holds ${left?.amount ?? '?'} of exposure`);
    rows.push({
      scenario: `settle a match with ${slipCount.toLocaleString('en')} open singles (outcomes, statuses, wallet calls written)`,
      'per second': Math.round(settled / settleSeconds),
      'p50 / p99 ms': `${(settleSeconds * 1000).toFixed(0)} in all`,
    });
    notes.push(
      `Settled ${settled.toLocaleString('en')} slips in ${settleSeconds.toFixed(1)} s (target < 30 s); ${settlingCpu}; their wins then go out at the wallet's rate.`,
      `${players.length} members with a launch token each (the vendor-wallet bench's), the book, the platform and PostgreSQL in one machine's cores.`,
    );
  } finally {
    await book.app.close();
    await scratch.drop();
    await app.close();
    await database.close();
  }
  return { name, rows, notes };
};

/** The machine's busy and total time over all cores (ticks of /proc/stat), or undefined where there is none. */
const machineTicks = async (): Promise<{ busy: number; total: number } | undefined> => {
  const { readFile } = await import('node:fs/promises');
  const fields = (await readFile('/proc/stat', 'utf8').catch(() => ''))
    .split('\n', 1)[0]
    ?.trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  if (!fields || fields.length < 5) return undefined;
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
};

/**
 * What a phase cost: the cores this process (book, platform and bench) kept busy, all the machine's busy cores
 * (PostgreSQL and any other work included), and the load average before it.
 */
const cpuMeter = async () => {
  const { cpus, loadavg } = await import('node:os');
  const cores = cpus().length;
  const load = loadavg()[0] ?? 0;
  const ownBefore = process.cpuUsage();
  const machineBefore = await machineTicks();
  const startedAt = performance.now();
  return {
    read: async (): Promise<string> => {
      const elapsedMs = performance.now() - startedAt;
      const own = process.cpuUsage(ownBefore);
      const machine = await machineTicks();
      const machineBusy =
        machine && machineBefore
          ? ((machine.busy - machineBefore.busy) / (machine.total - machineBefore.total)) * cores
          : undefined;
      return [
        `this process kept ${((own.user + own.system) / 1000 / elapsedMs).toFixed(2)} cores busy`,
        ...(machineBusy === undefined ? [] : [`the machine ${machineBusy.toFixed(2)} of ${cores}`]),
        `load average ${load.toFixed(2)} before`,
      ].join(', ');
    },
  };
};
