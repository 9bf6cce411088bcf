import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { seedHouseTableGames } from '@wps/server/modules/house-games/house-games.seed';
import { createManualScheduler } from '@wps/server/modules/house-games/crash.test-helpers';
import { findTable } from '@wps/server/modules/house-games/tables/table-config';
import { findLatestRound } from '@wps/server/modules/house-games/tables/tables.repository';
import { createTablesService } from '@wps/server/modules/house-games/tables/tables.service';
import { createTestApp } from '@wps/server/testing/test-app';
import { openTestDatabase } from '@wps/server/testing/test-database';
import { cpuBetween, readCpu } from './cpu';
import type { BenchResult } from './run';

/**
 * One roulette round with `memberCount` members each sending one request of two spots (placed 16 at a time
 * through the service: requests arriving together placed in one transaction, each with its limits, posting and
 * betting record), then the round dealt and settled: chunks of bets decided set-based, wins paid by batched
 * ledger statements, the betting records and turnover written.
 */
const measure = async (database: DatabaseHandle, label: string, memberCount: number) => {
  const { db } = database;
  await seedDemoData(db);
  await seedHouseTableGames(db);
  let now = Date.UTC(2026, 0, 1, 12);
  const testApp = await createTestApp({}, { database, scheduler: createManualScheduler(), clock: () => now });
  const { app } = testApp;
  try {
    const roulette = findTable('ROU-A');
    if (!roulette) throw new Error('no roulette table');
    const tables = createTablesService({
      db,
      ledger: app.wallet.ledger,
      wallet: app.wallet.wallet,
      turnover: app.turnover.turnover,
      bonuses: app.promotions.bonuses,
      tables: [{ ...roulette, maxPerRound: 1_000_000_000n }],
      settings: { bettingMs: 3_600_000, settleChunkSize: 1_000 },
      clock: () => now,
    });
    const [brand] = await selectRows<{ id: bigint }>(db, sql`select id from brands order by id limit 1`);
    if (!brand) throw new Error('no brand');
    const tag = randomUUID().slice(0, 6);
    await db.execute(sql`
      insert into members (brand_id, username, nickname, type)
      select ${brand.id}, ${`tb${tag}_`} || i, 'Tables', 0 from generate_series(1, ${memberCount}) i`);
    const members = await selectRows<{ id: bigint }>(
      db,
      sql`select id from members where username like ${`tb${tag}_%`} order by id`,
    );
    const { ledger } = app.wallet;
    const promotion = await ledger.ensureSystemAccount(brand.id, 'promotion', 'USD');
    for (const member of members) {
      const cash = await ledger.ensureMemberAccount(brand.id, member.id, 'USD');
      await ledger.post({
        brandId: brand.id,
        idempotencyKey: `bench:fund:${tag}:${member.id}`,
        kind: 'bonus',
        legs: [
          { accountId: promotion.id, amount: -100_000n },
          { accountId: cash.id, amount: 100_000n },
        ],
      });
    }
    await tables.drive();
    const round = await findLatestRound(db, 'ROU-A');
    if (!round) throw new Error('no round');
    const cpuBefore = await readCpu(db);
    const placeStarted = performance.now();
    let next = 0;
    const worker = async () => {
      for (;;) {
        const member = members[next];
        next += 1;
        if (!member) return;
        await tables.placeBets(
          { id: member.id, brandId: brand.id },
          { id: brand.id, currency: 'USD' },
          {
            tableId: 'ROU-A',
            roundId: round.id.toString(),
            bets: [
              { spot: next % 2 === 0 ? 'red' : 'black', amount: '10.00' },
              { spot: `straight:${next % 37}`, amount: '10.00' },
            ],
            requestId: `bench-${member.id}`,
          },
        );
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const placeSeconds = (performance.now() - placeStarted) / 1000;
    const cpu = cpuBetween(cpuBefore, await readCpu(db));
    now = round.closesAt.getTime();
    await tables.drive();
    const dealt = await findLatestRound(db, 'ROU-A');
    now = dealt?.dealingEndsAt?.getTime() ?? now;
    const settleStarted = performance.now();
    await tables.drive();
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const settled = await findLatestRound(db, 'ROU-A');
    if (settled?.status !== 'settled') throw new Error('the round did not settle');
    await tables.close();
    const row = {
      database: label,
      members: memberCount,
      bets: memberCount * 2,
      'placement (bets/s)': Math.round((memberCount * 2) / placeSeconds),
      'requests/s': Math.round(memberCount / placeSeconds),
      'settle time (s)': Number(settleSeconds.toFixed(2)),
      'CPU ms per request (server + PostgreSQL)': cpu
        ? `${((cpu.server + cpu.database) / memberCount).toFixed(2)} (${(cpu.server / memberCount).toFixed(2)} + ${(cpu.database / memberCount).toFixed(2)})`
        : 'n/a',
    };
    console.log(row);
    return row;
  } finally {
    await testApp.close();
  }
};

/** The house tables: bet placement and the settlement of one round with 2,000 members' bets. */
export const tablesBench = async (): Promise<BenchResult> => {
  const rows: BenchResult['rows'] = [];
  const notes = [
    "One roulette round; each member sends one request of two spots (an even-money spot and a straight), 16 requests at a time, through the service: requests arriving together are placed in one transaction (group commit: the gate and the members' locks, one read of their views, one batched ledger statement, one of betting records, one of bets), each with its limits, posting and betting record.",
    'Settlement: chunks of 1,000 bets locked with skip locked, decided in one set-based update, wins paid by one batched ledger statement per chunk; then one betting record per request and its valid bet on turnover.',
  ];
  const members = Number(process.env.TABLES_BENCH_MEMBERS ?? 2_000);
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase({ checkLedger: false });
    try {
      rows.push(await measure(database, 'PostgreSQL', members));
    } finally {
      await database.close();
    }
  } else {
    const database = await openTestDatabase({ checkLedger: false });
    try {
      rows.push(await measure(database, 'PGlite (in memory)', Math.min(members, 500)));
    } finally {
      await database.close();
    }
    notes.push('DATABASE_URL is unset: PGlite with 500 members only.');
  }
  return { name: 'House tables (bets and settlement)', rows, notes };
};
