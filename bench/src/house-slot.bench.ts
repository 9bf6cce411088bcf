import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { seedDemoData } from '@wps/server/db/seed';
import { createSessionToken } from '@wps/server/lib/session-token';
import { memberSessions } from '@wps/server/modules/auth/auth.tables';
import { createFairIntegerStream, createServerSeed } from '@wps/server/modules/house-games/fairness';
import { houseJackpotRules, houseSlot } from '@wps/server/modules/house-games/slot-definition';
import { playRound } from '@wps/server/modules/house-games/slot-engine';
import { computeSlotReturn, toNumber, toPercent } from '@wps/server/modules/house-games/slot-rtp';
import { insertMember } from '@wps/server/modules/members/members.repository';
import { brands } from '@wps/server/modules/site/site.tables';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

/** At least 10 million (the bar); HOUSE_SLOT_SPINS changes it for a quick look. */
const simulatedSpins = Number(process.env.HOUSE_SLOT_SPINS ?? 10_000_000);
/** Spins sent through HTTP (after a warm-up); a count rather than a duration, so a busy machine still answers. */
const httpSpins = Number(process.env.HOUSE_SLOT_HTTP_SPINS ?? 1_000);
const httpMembers = 32;
const httpConnections = 8;
/** Stake ÷ odds stake with the defaults (1.00 of 1,000,000.00): the jackpot draw's chance per spin. */
const jackpotBound = 100_000_000;
const stakeMinorUnits = 100;

const simulate = (count: number) => {
  const serverSeed = createServerSeed();
  const lineCount = houseSlot.paylines.length;
  // Welford's running mean and variance of the return per spin (in stakes).
  let mean = 0;
  let squares = 0;
  let jackpotHits = 0;
  let freeSpinRounds = 0;
  const started = performance.now();
  for (let nonce = 0; nonce < count; nonce += 1) {
    const next = createFairIntegerStream({ serverSeed, clientSeed: 'bench', nonce });
    const round = playRound(houseSlot, next);
    if (next(jackpotBound) < stakeMinorUnits) jackpotHits += 1;
    if (round.freeSpins.length > 0) freeSpinRounds += 1;
    const value = round.units / lineCount;
    const delta = value - mean;
    mean += delta / (nonce + 1);
    squares += delta * (value - mean);
  }
  const seconds = (performance.now() - started) / 1_000;
  const deviation = Math.sqrt(squares / (count - 1));
  return { mean, deviation, jackpotHits, freeSpinRounds, seconds };
};

/** Spins per second through POST /wps/house/slot/spins, members with money and a session each. */
const measureHttp = async () => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const { db } = database;
  const [brand] = await db
    .select({ id: brands.id, currency: brands.currency })
    .from(brands)
    .where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  const ledger = createLedgerService({ db });
  const promotion = await ledger.ensureSystemAccount(brand.id, 'promotion', brand.currency);
  const tokens: string[] = [];
  for (let index = 0; index < httpMembers; index += 1) {
    const member = await insertMember(db, {
      brandId: brand.id,
      username: `slotbench${index}`,
      nickname: 'Bench',
    });
    if (!member) throw new Error('bench member not created');
    const cash = await ledger.ensureMemberAccount(brand.id, member.id, brand.currency);
    await ledger.post({
      brandId: brand.id,
      idempotencyKey: `bench:slot-fund:${member.id}`,
      kind: 'bonus',
      legs: [
        { accountId: promotion.id, amount: -100_000_000n },
        { accountId: cash.id, amount: 100_000_000n },
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
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist' }),
    database,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    let next = 0;
    let failed = 0;
    const run = (amount: number) =>
      autocannon({
        url,
        connections: httpConnections,
        amount,
        timeout: 60,
        requests: [
          {
            method: 'POST',
            path: '/wps/house/slot/spins',
            setupRequest: (request) => {
              const token = tokens[next % tokens.length] ?? '';
              next += 1;
              return {
                ...request,
                body: JSON.stringify({ requestId: randomUUID(), bet: '1.00' }),
                headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              };
            },
            onResponse: (status) => {
              if (status !== 200) failed += 1;
            },
          },
        ],
      });
    await run(httpMembers * 2);
    failed = 0;
    const started = performance.now();
    const result = await run(httpSpins);
    const seconds = (performance.now() - started) / 1_000;
    return {
      perSecond: Math.round(result.requests.total / seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      failed: failed + result.errors,
      driver: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    };
  } finally {
    await app.close();
    await database.close();
  }
};

/**
 * The house slot: its exact return (enumeration), a simulation of at least 10 million spins through the
 * engine and the fair stream, checked against the exact figure with a 99% confidence interval, and spins per
 * second through the engine and through the HTTP endpoint (ledger, round and spin row per spin).
 */
export const houseSlotBench = async (): Promise<BenchResult> => {
  const name = 'House slot: exact RTP, simulated RTP, spins per second';
  const exactStarted = performance.now();
  const exact = computeSlotReturn(houseSlot);
  const exactMs = performance.now() - exactStarted;
  const exactValue = toNumber(exact.total);
  const simulation = simulate(simulatedSpins);
  const halfWidth = (2.576 * simulation.deviation) / Math.sqrt(simulatedSpins);
  const low = simulation.mean - halfWidth;
  const high = simulation.mean + halfWidth;
  const jackpotShare =
    houseJackpotRules.contributionBasisPoints / 10_000 +
    Number(houseJackpotRules.seedAmount) / Number(houseJackpotRules.oddsStake);
  const http = await measureHttp();
  const percent = (value: number) => `${(value * 100).toFixed(4)}%`;
  return {
    name,
    rows: [
      { figure: 'exact RTP, base game + free spins (enumeration)', value: toPercent(exact.total) },
      { figure: 'exact RTP, jackpot share (1% of stakes + seed ÷ odds stake)', value: percent(jackpotShare) },
      { figure: 'exact RTP, total', value: percent(exactValue + jackpotShare) },
      {
        figure: '  of which lines / scatters / free spins',
        value: `${toPercent(exact.lines)} / ${toPercent(exact.scatters)} / ${toPercent(exact.freeSpins)}`,
      },
      { figure: '  free-spin trigger, 1 in', value: (1 / toNumber(exact.freeSpinTrigger)).toFixed(1) },
      {
        figure: 'exact computation time',
        value: `${exactMs.toFixed(0)} ms (${exact.lineTuples} symbol tuples)`,
      },
      { figure: 'simulated spins', value: simulatedSpins.toLocaleString('en') },
      { figure: 'simulated RTP (base game + free spins)', value: percent(simulation.mean) },
      {
        figure: '99% confidence interval (±2.576·σ/√n)',
        value: `${percent(low)} – ${percent(high)} (σ = ${simulation.deviation.toFixed(3)} stakes)`,
      },
      {
        figure: 'exact RTP inside the interval',
        value: exactValue >= low && exactValue <= high ? 'yes' : 'NO',
      },
      {
        figure: 'rounds with free spins (expected)',
        value: `${simulation.freeSpinRounds} (${Math.round(simulatedSpins * toNumber(exact.freeSpinTrigger))})`,
      },
      {
        figure: 'jackpot draws won at stake 1.00 (expected)',
        value: `${simulation.jackpotHits} (${(simulatedSpins / 1_000_000).toFixed(1)})`,
      },
      {
        figure: 'engine spins/s (fair stream + reels + free spins, one core)',
        value: Math.round(simulatedSpins / simulation.seconds),
      },
      {
        figure: `HTTP spins/s (${http.driver}, ${httpConnections} connections, ${httpMembers} members, ${httpSpins} spins)`,
        value: http.perSecond,
      },
      { figure: 'HTTP latency p50 / p99', value: `${http.p50} ms / ${http.p99} ms` },
      { figure: 'HTTP failed answers', value: http.failed },
    ],
    notes: [
      "Exact RTP: one payline's expectation over every tuple of symbols (one per reel, weighted by strip counts) × 1 (the stake is split over the 20 lines), scatters by convolving each reel's scatter count over its stops, free spins by v = m·b / (1 − A); exact fractions.",
      'Simulation: HMAC-SHA256 stream of one random server seed, client seed "bench", nonces 0 … n − 1, through the same engine as the endpoint; the jackpot share is not simulated (its pay depends on the pool), only its draw.',
      "An HTTP spin is one transaction: seed pair lock + nonce, round row, bet posting (with the pool share), win posting, round calls, turnover and the spin row; a member's spins queue on their seed pair.",
    ],
  };
};

if (process.argv[1]?.endsWith('house-slot.bench.ts')) {
  const result = await houseSlotBench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  for (const note of result.notes) console.log(`  ${note}`);
}
