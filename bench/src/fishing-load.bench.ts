import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FishingBatchRequest } from '@wps/contracts/fishing';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { type Database, selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { createSessionToken } from '@wps/server/lib/session-token';
import { memberSessions } from '@wps/server/modules/auth/auth.tables';
import { defaultAim } from '@wps/server/modules/house-games/fishing/fish-rules';
import { brands } from '@wps/server/modules/site/site.tables';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { openTestDatabase } from '@wps/server/testing/test-database';
import { cpuBetween, readCpu } from './cpu';
import type { BenchResult } from './run';

/** The issue's load: 200 players at 5 shots a second each for about 20 s (env overrides for a quick look). */
const playerCount = Number(process.env.FISHING_LOAD_PLAYERS ?? 200);
const shotsPerSecond = Number(process.env.FISHING_LOAD_SHOTS_PER_SECOND ?? 5);
const seconds = Number(process.env.FISHING_LOAD_SECONDS ?? 20);
/** The site sends what was hit every 250 ms, one batch in flight per player (FISHING_LOAD_FLUSH_MS to compare). */
const flushEveryMs = Number(process.env.FISHING_LOAD_FLUSH_MS ?? 250);
const stake = '1.00';

type Player = { token: string; sessionId: string };

/** One connection per player, kept open, as a browser keeps its own. */
const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });

/** POSTs JSON with the player's token and answers the envelope's `success` and `value`. */
const postJson = (url: string, path: string, token: string, payload: object) =>
  new Promise<{ success: boolean; code?: string; value?: { sessionId?: string; shots?: unknown[] } }>(
    (resolve, reject) => {
      const body = JSON.stringify(payload);
      const outgoing = httpRequest(
        `${url}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success: boolean });
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    },
  );

const percentile = (sorted: readonly number[], share: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0);

/** Players of the demo brand, each with money, a session token and nothing else. */
const createPlayers = async (db: Database) => {
  const [brand] = await db
    .select({ id: brands.id, currency: brands.currency })
    .from(brands)
    .where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  const tag = randomUUID().slice(0, 6);
  await db.execute(sql`
    insert into members (brand_id, username, nickname, type)
    select ${brand.id}, ${`fl${tag}_`} || i, 'Fishing bench', 0 from generate_series(1, ${playerCount}) i`);
  const members = await selectRows<{ id: bigint }>(
    db,
    sql`select id from members where username like ${`fl${tag}_%`} order by id`,
  );
  const ledger = createLedgerService({ db });
  const promotion = await ledger.ensureSystemAccount(brand.id, 'promotion', brand.currency);
  const tokens: string[] = [];
  for (const member of members) {
    const cash = await ledger.ensureMemberAccount(brand.id, member.id, brand.currency);
    await ledger.post({
      brandId: brand.id,
      idempotencyKey: `bench:fishing-fund:${member.id}`,
      kind: 'bonus',
      legs: [
        { accountId: promotion.id, amount: -1_000_000n },
        { accountId: cash.id, amount: 1_000_000n },
      ],
    });
    const { token, tokenHash } = createSessionToken();
    await db.insert(memberSessions).values({
      tokenHash,
      memberId: member.id,
      loginMethod: 'password',
      ip: '203.0.113.10',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    tokens.push(token);
  }
  return tokens;
};

type Tally = {
  latencies: number[];
  shotLatencies: number[];
  shots: number;
  batches: number;
  failed: Map<string, number>;
};

/**
 * One player as the site plays: a hit every 1/shotsPerSecond s (at the fish a simulation aims at), and every
 * 250 ms the hits so far in one batch, unless the last batch has not been answered yet.
 */
const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

const play = async (url: string, player: Player, until: number, offset: number, tally: Tally) => {
  let queued: FishingBatchRequest['shots'] = [];
  let fired = 0;
  await sleep(offset);
  const started = performance.now();
  for (let tick = 1; performance.now() < until; tick += 1) {
    const due = Math.floor(((performance.now() - started) / 1_000) * shotsPerSecond);
    for (; fired < due; fired += 1) {
      const { fish, power } = defaultAim(fired + offset);
      queued.push({ shotId: randomUUID(), fish, power, stake });
    }
    if (queued.length > 0) {
      const shots = queued.slice(0, 20);
      queued = queued.slice(20);
      const sent = performance.now();
      const body = await postJson(url, `/wps/fishing/sessions/${player.sessionId}/shots`, player.token, {
        batchId: randomUUID(),
        shots,
      });
      const latency = performance.now() - sent;
      tally.batches += 1;
      tally.latencies.push(latency);
      const code = body.code ?? 'unknown';
      if (!body.success) tally.failed.set(code, (tally.failed.get(code) ?? 0) + 1);
      const answered = body.value?.shots?.length ?? 0;
      tally.shots += answered;
      for (let shot = 0; shot < answered; shot += 1) tally.shotLatencies.push(latency);
    }
    // The next flush is due on the player's own 250 ms clock; a late answer makes it come at once.
    const wait = started + tick * flushEveryMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
};

/**
 * The fishing game under load: `playerCount` players on one server instance, each hitting 5 fish a second and
 * sending them in batches every 250 ms as the site does (one batch in flight per player), for `seconds`. Each
 * batch is one transaction: the session's lock, the allowance, the seed pair and its nonces, the bet and win
 * postings, the batch row and the session's totals. Reports the request latency per shot and the throughput.
 */
export const fishingLoadBench = async (): Promise<BenchResult> => {
  const name = `Fishing: ${playerCount} players firing ${shotsPerSecond} shots a second on one instance`;
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const tokens = await createPlayers(database.db);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist' }),
    database,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const players: Player[] = [];
    for (const token of tokens) {
      const body = await postJson(url, '/wps/fishing/sessions', token, { room: 'deep' });
      const sessionId = body.value?.sessionId;
      if (!sessionId) throw new Error('no fishing session opened');
      players.push({ token, sessionId });
    }
    // A warm-up second, not counted: each player's first batch creates their seed pair and allowance.
    const warmUp: Tally = { latencies: [], shotLatencies: [], shots: 0, batches: 0, failed: new Map() };
    await Promise.all(
      players.map((player, index) => play(url, player, performance.now() + 1_000, index % 50, warmUp)),
    );
    const tally: Tally = { latencies: [], shotLatencies: [], shots: 0, batches: 0, failed: new Map() };
    const cpuBefore = await readCpu(database.db);
    const started = performance.now();
    const until = started + seconds * 1_000;
    // Players start spread over one flush interval, as real ones would.
    await Promise.all(
      players.map((player, index) =>
        play(url, player, until, Math.floor((index * flushEveryMs) / players.length), tally),
      ),
    );
    const elapsed = (performance.now() - started) / 1_000;
    const cpu = cpuBetween(cpuBefore, await readCpu(database.db));
    const shotLatencies = [...tally.shotLatencies].sort((a, b) => a - b);
    const batchLatencies = [...tally.latencies].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return {
      name,
      rows: [
        { figure: 'driver', value: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite' },
        {
          figure: 'players × target shots a second, seconds',
          value: `${playerCount} × ${shotsPerSecond}, ${elapsed.toFixed(1)} s`,
        },
        {
          figure: 'shots decided (per second)',
          value: `${tally.shots} (${Math.round(tally.shots / elapsed)}/s)`,
        },
        {
          figure: 'batches (per second)',
          value: `${tally.batches} (${Math.round(tally.batches / elapsed)}/s)`,
        },
        {
          figure: 'shot latency p50 / p95 / p99 (its batch request)',
          value: `${ms(percentile(shotLatencies, 0.5))} / ${ms(percentile(shotLatencies, 0.95))} / ${ms(percentile(shotLatencies, 0.99))}`,
        },
        {
          figure: 'batch latency p50 / p99 / max',
          value: `${ms(percentile(batchLatencies, 0.5))} / ${ms(percentile(batchLatencies, 0.99))} / ${ms(batchLatencies.at(-1) ?? 0)}`,
        },
        {
          figure: 'refused batches (by code)',
          value:
            tally.failed.size === 0
              ? 'none'
              : [...tally.failed].map(([code, count]) => `${code} ${count}`).join(', '),
        },
        {
          figure: 'CPU per shot: server / database',
          value: cpu
            ? `${((cpu.server / Math.max(1, tally.shots)) * 1_000).toFixed(0)} µs / ${((cpu.database / Math.max(1, tally.shots)) * 1_000).toFixed(0)} µs`
            : 'not readable',
        },
      ],
      notes: [
        'The players run in the server’s own process (HTTP over 127.0.0.1, a kept-alive connection each), so their CPU is counted as the server’s and competes with it.',
        'A batch is one transaction: session row lock, batch id check, balance, the shot allowance (token bucket upsert), seed pair lock and nonces, bet posting, win posting when a fish died, batch row, session totals.',
        'Shot latency is the latency of the request that carried the shot; one batch of a player in flight at a time, as the site sends them.',
      ],
    };
  } finally {
    agent.destroy();
    await app.close();
    await database.close();
  }
};

if (process.argv[1]?.endsWith('fishing-load.bench.ts')) {
  const result = await fishingLoadBench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  for (const note of result.notes) console.log(`  ${note}`);
}
