import { execFile } from 'node:child_process';
import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { categoryOf, searchableName } from '@wps/contracts/games';
import { stringifyProtocolJson } from '@wps/contracts/vendor-wallet';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import type { DatabaseHandle } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { createSessionToken } from '@wps/server/lib/session-token';
import { gameSessions, games, gameVendors } from '@wps/server/modules/games/games.tables';
import { createVendorWalletService } from '@wps/server/modules/games/vendor-wallet.service';
import { insertMember } from '@wps/server/modules/members/members.repository';
import { createMemberService } from '@wps/server/modules/members/members.service';
import type { BonusService } from '@wps/server/modules/promotions/bonuses.service';
import { isPlayBlocked } from '@wps/server/modules/protection/protection.repository';
import { createPushService } from '@wps/server/modules/push/push.service';
import { brands } from '@wps/server/modules/site/site.tables';
import { createSiteService } from '@wps/server/modules/site/site.service';
import { createTurnoverService } from '@wps/server/modules/turnover/turnover.service';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { createWalletService } from '@wps/server/modules/wallet/wallet.service';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';
import type { LoadResult } from './vendor-load';

const run = promisify(execFile);

const memberCount = 400;
const durationSeconds = 8;
const vendorCode = 'BENCHV';
const gameCode = 'bench-slot';

export const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

export type Player = { id: bigint; token: string };

/** A vendor with its own key, one game, and members with money and a launch token each. */
export const setUpVendorPlayers = async (
  database: DatabaseHandle,
): Promise<{ players: Player[]; privateKey: KeyObject }> => {
  const { db } = database;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const [vendor] = await db
    .insert(gameVendors)
    .values({
      code: vendorCode,
      displayName: 'Bench vendor',
      integration: 'seamless',
      walletPublicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      launchUrl: 'https://vendor.example/launch',
    })
    .returning({ id: gameVendors.id });
  if (!vendor) throw new Error('bench vendor not created');
  const [game] = await db
    .insert(games)
    .values({
      vendorId: vendor.id,
      gameType: 'RNG',
      gameCode,
      name: 'Bench Slot',
      searchName: searchableName('Bench Slot'),
    })
    .returning({ id: games.id });
  if (!game) throw new Error('bench game not created');
  const [brand] = await db
    .select({ id: brands.id, currency: brands.currency })
    .from(brands)
    .where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  const ledger = createLedgerService({ db });
  const promotion = await ledger.ensureSystemAccount(brand.id, 'promotion', brand.currency);
  const players: Player[] = [];
  for (let index = 0; index < memberCount; index += 1) {
    const member = await insertMember(db, {
      brandId: brand.id,
      username: `vwbench${index}`,
      nickname: 'Bench',
    });
    if (!member) throw new Error('bench member not created');
    const cash = await ledger.ensureMemberAccount(brand.id, member.id, brand.currency);
    await ledger.post({
      brandId: brand.id,
      idempotencyKey: `bench:fund:${member.id}`,
      kind: 'bonus',
      legs: [
        { accountId: promotion.id, amount: -1_000_000_000n },
        { accountId: cash.id, amount: 1_000_000_000n },
      ],
    });
    const { token, tokenHash } = createSessionToken();
    await db.insert(gameSessions).values({
      tokenHash,
      brandId: brand.id,
      memberId: member.id,
      vendorId: vendor.id,
      gameId: game.id,
      currency: brand.currency,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    players.push({ id: member.id, token });
  }
  return { players, privateKey: keys.privateKey };
};

/**
 * The platform as the benches run it: on the test database with the demo data and the bench vendor's players,
 * listening on a free port; `beforeListen` adds hooks (Fastify takes none once it listens).
 */
export const startBenchPlatform = async (
  beforeListen?: (app: Awaited<ReturnType<typeof buildApp>>) => void,
) => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const { players, privateKey } = await setUpVendorPlayers(database);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist' }),
    database,
  });
  beforeListen?.(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { database, players, privateKey, app, url };
};

/** Bodies signed ahead (the vendor's cost, not ours), so the client spends its share of the cores sending. */
/** Runs the vendor's load in its own process (vendor-load.ts) over the given signed bodies. */
export const runLoad = async (
  url: string,
  connections: number,
  durationSeconds: number,
  bodies: ReadonlyArray<{ body: string; signature: string }>,
  ratePerSecond?: number,
): Promise<LoadResult> => {
  const directory = mkdtempSync(path.join(tmpdir(), 'vendor-load-'));
  const file = path.join(directory, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  try {
    const script = fileURLToPath(new URL('./vendor-load.ts', import.meta.url));
    const { stdout } = await run(process.execPath, [
      ...process.execArgv,
      script,
      url,
      `/wps/vendor-wallet/${vendorCode}/transaction/bet`,
      String(connections),
      String(durationSeconds),
      file,
      ...(ratePerSecond === undefined ? [] : [String(ratePerSecond)]),
    ]);
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadResult;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
};

export const signedBets = async (
  players: readonly Player[],
  privateKey: KeyObject,
  count: number,
  closesRound: boolean,
): Promise<{ body: string; signature: string }[]> => {
  const bodies: { body: string; signature: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const player = players[index % players.length];
    if (!player) throw new Error('no players');
    const body = stringifyProtocolJson({
      user: player.id.toString(),
      transaction_uuid: randomUUID(),
      supplier_transaction_id: null,
      token: player.token,
      supplier_user: `bench-${player.id}`,
      round_closed: closesRound,
      round: randomUUID(),
      reward_uuid: null,
      request_uuid: randomUUID(),
      is_free: false,
      is_aggregated: false,
      game_code: gameCode,
      currency: 'USD',
      bet: 'lines=20',
      amount: 100_000n,
      meta: null,
    });
    bodies.push({ body, signature: '' });
  }
  const batch = 256;
  for (let start = 0; start < bodies.length; start += batch) {
    await Promise.all(
      bodies.slice(start, start + batch).map(
        (entry) =>
          new Promise<void>((resolve, reject) => {
            sign('sha256', Buffer.from(entry.body), privateKey, (error, signature) => {
              if (error) reject(error);
              else {
                entry.signature = signature.toString('base64');
                resolve();
              }
            });
          }),
      ),
    );
  }
  return bodies;
};

/**
 * The same bets handed straight to the service (verification included, no HTTP, answers not signed), to
 * show how the cost splits between the database work and the HTTP and signing around it.
 */
const measureService = async (
  database: DatabaseHandle,
  bonuses: BonusService,
  players: readonly Player[],
  privateKey: KeyObject,
  concurrency: number,
): Promise<BenchResult['rows'][number]> => {
  const { db } = database;
  const ledger = createLedgerService({ db });
  const site = createSiteService({ db, defaultMerchant: 'DEMO' });
  const service = createVendorWalletService({
    db,
    ledger,
    wallet: createWalletService({ db, ledger, push: createPushService() }),
    turnover: createTurnoverService({ db }),
    bonuses,
    members: createMemberService({ db }),
    brandCurrency: site.getBrandCurrency,
    // Player protection's own read (whether the member is excluded), as the wallet makes it in production.
    protection: { isPlayBlocked: (memberId) => isPlayBlocked(db, memberId) },
    groupCommit: true,
  });
  const bodies = await signedBets(players, privateKey, 4_000 * durationSeconds, false);
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  const measureUntil = performance.now() + durationSeconds * 1_000;
  const runClient = async (): Promise<void> => {
    while (performance.now() < measureUntil) {
      const entry = bodies[next];
      next += 1;
      if (!entry) throw new Error('the bench ran out of signed bodies; raise the count');
      const started = performance.now();
      const outcome = await service.handle({
        vendorCode,
        method: 'transaction/bet',
        body: Buffer.from(entry.body),
        signature: entry.signature,
      });
      latencies.push(performance.now() - started);
      if (outcome.answer.status !== 'RS_OK') refused += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, runClient));
  latencies.sort((a, b) => a - b);
  return {
    connections: concurrency,
    round: 'bet opens it; service only (no HTTP, answer unsigned)',
    'callbacks/s': Math.round(latencies.length / durationSeconds),
    'p50 ms': Number(percentile(latencies, 0.5).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 0.99).toFixed(2)),
    'server p99 ms': '',
    'not RS_OK': refused,
    errors: 0,
  };
};

/** Every bench member gets an active wagering bonus (bonus balance, x10 wagering on RNG). */
const grantBonuses = async (
  database: DatabaseHandle,
  bonuses: BonusService,
  players: readonly Player[],
): Promise<void> => {
  const [brand] = await database.db
    .select({ id: brands.id, currency: brands.currency })
    .from(brands)
    .where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  for (const player of players) {
    await database.db.transaction((tx) =>
      bonuses.grant(tx, {
        brandId: brand.id,
        memberId: player.id,
        currency: brand.currency,
        amount: 100_000n,
        promotionId: null,
        reference: 'bench-bonus',
        title: 'Bench bonus',
        terms: { multiplier: 10, base: 'bonus', contributions: { RNG: 100 }, maxStake: 0n, expiresInDays: 7 },
      }),
    );
  }
};

/**
 * Signed bet callbacks per second over real HTTP on PostgreSQL: each verifies the vendor's signature, checks
 * the launch token, writes the round, the ledger posting and the game transaction in one statement, and signs
 * its answer with the platform key.
 */
export const vendorWalletBench = async (): Promise<BenchResult> => {
  const name = 'Vendor wallet: signed bet callbacks (POST /wps/vendor-wallet/:vendor/transaction/bet)';
  if (!process.env.DATABASE_URL) {
    const note = 'DATABASE_URL is unset: the vendor wallet bench runs on PostgreSQL only and was skipped.';
    console.log(note);
    return { name, rows: [], notes: [note] };
  }
  let serverTimes: number[] = [];
  const { database, players, privateKey, app, url } = await startBenchPlatform((platform) => {
    platform.addHook('onResponse', async (_request, reply) => {
      serverTimes.push(reply.elapsedTime);
    });
  });
  const rows: BenchResult['rows'] = [];
  const ratios: string[] = [];
  let openingRate = 0;
  try {
    // Warm-up: every member's accounts resolved and cached, statements prepared on every pooled connection.
    const warmUp = await signedBets(players, privateKey, players.length * 2, false);
    await runLoad(url, 32, 0, warmUp);
    const scenarios = [
      { connections: 16, closesRound: false },
      { connections: 32, closesRound: false },
      { connections: 32, closesRound: true },
    ];
    for (const { connections, closesRound } of scenarios) {
      // More than the run can use: a body sent twice would be an idempotent replay, not a bet.
      const bodies = await signedBets(players, privateKey, 4_000 * durationSeconds, closesRound);
      serverTimes = [];
      const result = await runLoad(url, connections, durationSeconds, bodies);
      if (result.sent > bodies.length) throw new Error('the bench ran out of signed bodies; raise the count');
      const sorted = [...serverTimes].sort((a, b) => a - b);
      rows.push({
        connections,
        round: closesRound ? 'bet closes it (settle + turnover)' : 'bet opens it',
        'callbacks/s': result.requestsPerSecond,
        'p50 ms': result.p50,
        'p99 ms': result.p99,
        'server p99 ms': Number(percentile(sorted, 0.99).toFixed(2)),
        'not RS_OK': result.refused,
        errors: result.errors,
      });
    }
    rows.push(await measureService(database, app.promotions.bonuses, players, privateKey, 32));
    // The comparison's baseline, measured right before the bonuses on the database as it is now.
    const baseline = await runLoad(
      url,
      32,
      durationSeconds,
      await signedBets(players, privateKey, 4_000 * durationSeconds, false),
    );
    openingRate = baseline.requestsPerSecond;
    rows.push({
      connections: 32,
      round: 'bet opens it (again, just before the bonuses)',
      'callbacks/s': baseline.requestsPerSecond,
      'p50 ms': baseline.p50,
      'p99 ms': baseline.p99,
      'server p99 ms': '',
      'not RS_OK': baseline.refused,
      errors: baseline.errors,
    });
    // The same opening bets once every member has an active wagering bonus (cash still covers the stakes,
    // as it does for most bets of a member with a bonus): the bonus may cost the busiest call little.
    await grantBonuses(database, app.promotions.bonuses, players);
    const withBonus = await signedBets(players, privateKey, 4_000 * durationSeconds, false);
    serverTimes = [];
    const bonusResult = await runLoad(url, 32, durationSeconds, withBonus);
    const sortedBonus = [...serverTimes].sort((a, b) => a - b);
    rows.push({
      connections: 32,
      round: 'bet opens it; every member has an active wagering bonus',
      'callbacks/s': bonusResult.requestsPerSecond,
      'p50 ms': bonusResult.p50,
      'p99 ms': bonusResult.p99,
      'server p99 ms': Number(percentile(sortedBonus, 0.99).toFixed(2)),
      'not RS_OK': bonusResult.refused,
      errors: bonusResult.errors,
    });
    ratios.push(
      `With an active bonus on every member / without, 32 connections, same run: ${(bonusResult.requestsPerSecond / Math.max(openingRate, 1)).toFixed(2)} (target >= 0.90).`,
    );
  } finally {
    await app.close();
    await database.close();
  }
  return {
    name,
    rows,
    notes: [
      ...ratios,
      `${memberCount} members with a launch token each, bets spread over them (so callbacks rarely queue on one member's locks); ${durationSeconds} s per row.`,
      `Product line of the bench game: ${categoryOf('RNG', vendorCode)}; one fresh round per bet; RSA-2048 both ways.`,
      "Requests are signed before the run (the vendor's cost); the server verifies each and signs each answer (node:crypto callbacks, on the thread pool).",
      'The vendor (autocannon) runs in a process of its own (bench/src/vendor-load.ts), as a vendor is another machine; it, the server and PostgreSQL share the machine\'s 2 cores. "server p99" is Fastify\'s own handling time.',
      'A bet that leaves its round open is ONE statement (member lock, round upsert, ledger posting, game transaction row; a named prepared statement), written in one statement with the bets that arrived meanwhile (group commit, vendor-wallet.bet-batch.ts); a bet that closes its round also settles it and records turnover, in a transaction of 6 round trips. The launch session is cached (it never changes); the member’s status is kept 2 s.',
      'The service-only row shows the database share; the difference to the HTTP rows is HTTP and signing every answer.',
    ],
  };
};

if (process.argv[1]?.endsWith('vendor-wallet.bench.ts')) {
  const result = await vendorWalletBench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  for (const note of result.notes) console.log(`  ${note}`);
}
