import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { type Database, selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { createSessionToken } from '@wps/server/lib/session-token';
import { memberSessions } from '@wps/server/modules/auth/auth.tables';
import { brands } from '@wps/server/modules/site/site.tables';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { openTestDatabase } from '@wps/server/testing/test-database';
import { type CpuReading, cpuBetween, readCpu } from './cpu';
import type { PlayersResult } from './fishing-players';
import { percentile } from './vendor-wallet.bench';
import type { BenchResult } from './run';

/** The issue's load: 200 players at 5 shots a second each for about 20 s (env overrides for a quick look). */
const playerCount = Number(process.env.FISHING_LOAD_PLAYERS ?? 200);
const shotsPerSecond = Number(process.env.FISHING_LOAD_SHOTS_PER_SECOND ?? 5);
const seconds = Number(process.env.FISHING_LOAD_SECONDS ?? 20);
/** The site sends what was hit every 250 ms, one batch in flight per player (FISHING_LOAD_FLUSH_MS to compare). */
const flushEveryMs = Number(process.env.FISHING_LOAD_FLUSH_MS ?? 250);
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

/** The machine's own speed: the server's CPU and the wall time of one trivial query round trip, one at a time. */
const roundTripCost = async (db: Database) => {
  const count = 2_000;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await db.execute(sql`select ${index}::int4 as n`);
  const used = process.cpuUsage(cpuBefore);
  return {
    serverMicros: Math.round((used.user + used.system) / count),
    wallMicros: Math.round(((performance.now() - started) * 1_000) / count),
  };
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
  const directory = mkdtempSync(path.join(tmpdir(), 'fishing-players-'));
  const file = path.join(directory, 'tokens.json');
  writeFileSync(file, JSON.stringify(tokens));
  try {
    const script = fileURLToPath(new URL('./fishing-players.ts', import.meta.url));
    const args = [url, file, String(shotsPerSecond), String(flushEveryMs), String(seconds)];
    const players = spawn(process.execPath, [...process.execArgv, script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let cpuBefore: CpuReading = null;
    let result: PlayersResult | undefined;
    for await (const line of createInterface({ input: players.stdout })) {
      if (line === 'measuring') cpuBefore = await readCpu(database.db);
      else if (line.startsWith('{')) result = JSON.parse(line) as PlayersResult;
    }
    const cpu = cpuBetween(cpuBefore, await readCpu(database.db));
    if (!result) throw new Error('the players process gave no figures');
    const roundTrip = await roundTripCost(database.db);
    const elapsed = result.elapsedSeconds;
    const tally = result;
    const shotLatencies = [...result.shotLatencies].sort((a, b) => a - b);
    const batchLatencies = [...result.batchLatencies].sort((a, b) => a - b);
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
            Object.keys(tally.failed).length === 0
              ? 'none'
              : Object.entries(tally.failed)
                  .map(([code, count]) => `${code} ${count}`)
                  .join(', '),
        },
        {
          figure: 'CPU per shot: server / database / players',
          value: cpu
            ? [cpu.server, cpu.database, result.cpuMs]
                .map((used) => `${((used / Math.max(1, tally.shots)) * 1_000).toFixed(0)} µs`)
                .join(' / ')
            : 'not readable',
        },
      ],
      notes: [
        `This machine's speed: a trivial query round trip (select $1 through Drizzle and node-postgres, one at a time, after the load) costs ${roundTrip.serverMicros} µs of the server's CPU and ${roundTrip.wallMicros} µs of wall time.`,
        'The players run in a process of their own (bench/src/fishing-players.ts; HTTP over 127.0.0.1, a kept-alive connection each), as players are browsers elsewhere; they, the server and PostgreSQL share the machine’s cores.',
        'A batch is one transaction: session row lock, batch id check, balance, the shot allowance (token bucket upsert), seed pair lock and nonces, bet posting, win posting when a fish died, batch row, session totals.',
        'Shot latency is the latency of the request that carried the shot; one batch of a player in flight at a time, as the site sends them.',
      ],
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
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
