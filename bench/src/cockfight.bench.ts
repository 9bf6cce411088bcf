import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { createManualScheduler } from '@wps/server/modules/house-games/crash.test-helpers';
import { createCockfightService } from '@wps/server/modules/house-games/cockfight/cockfight.service';
import { findFight } from '@wps/server/modules/house-games/cockfight/cockfight.repository';
import { createTestApp } from '@wps/server/testing/test-app';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

const operator = { type: 'staff' as const, id: 'bench' };

/**
 * One operator's fight with `memberCount` members each placing one bet (meron, wala or draw, 16 at a time
 * through the service: the member's lock, one ledger posting, one betting record and the pools' conditional
 * update per bet), then closed, its result entered and every bet settled: chunks of bets decided set-based,
 * payouts by one batched ledger statement per chunk, then the betting records and turnover.
 */
const measure = async (database: DatabaseHandle, label: string, memberCount: number) => {
  const { db } = database;
  await seedDemoData(db);
  const testApp = await createTestApp({}, { database, scheduler: createManualScheduler() });
  const { app } = testApp;
  try {
    const cockfight = createCockfightService({
      db,
      ledger: app.wallet.ledger,
      wallet: app.wallet.wallet,
      turnover: app.turnover.turnover,
      bonuses: app.promotions.bonuses,
      settings: { settleChunkSize: 1_000, maxPerFight: '100000000.00' },
    });
    const [brand] = await selectRows<{ id: bigint }>(db, sql`select id from brands order by id limit 1`);
    if (!brand) throw new Error('no brand');
    const tag = randomUUID().slice(0, 6);
    await db.execute(sql`
      insert into members (brand_id, username, nickname, type)
      select ${brand.id}, ${`cf${tag}_`} || i, 'Cockfight', 0 from generate_series(1, ${memberCount}) i`);
    const members = await selectRows<{ id: bigint }>(
      db,
      sql`select id from members where username like ${`cf${tag}_%`} order by id`,
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
    const usd = { id: brand.id, currency: 'USD' };
    const fight = await cockfight.schedule(operator, usd, { meronName: 'Bench Red', walaName: 'Bench Blue' });
    const fightId = BigInt(fight.fightId);
    await cockfight.open(operator, brand.id, fightId);
    const placeStarted = performance.now();
    let next = 0;
    const worker = async () => {
      for (;;) {
        const member = members[next];
        next += 1;
        if (!member) return;
        await cockfight.placeBet({ id: member.id, brandId: brand.id }, usd, {
          fightId: fight.fightId,
          side: next % 10 === 0 ? 'draw' : next % 2 === 0 ? 'meron' : 'wala',
          amount: `${10 + (next % 7)}.00`,
          requestId: `bench-${member.id}`,
        });
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const placeSeconds = (performance.now() - placeStarted) / 1000;
    await cockfight.close(operator, brand.id, fightId);
    const settleStarted = performance.now();
    await cockfight.enterResult(operator, brand.id, fightId, 'meron');
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    if ((await findFight(db, fightId))?.status !== 'settled') throw new Error('the fight did not settle');
    await cockfight.stop();
    const row = {
      database: label,
      members: memberCount,
      bets: memberCount,
      'placement (bets/s)': Math.round(memberCount / placeSeconds),
      'settle time (s)': Number(settleSeconds.toFixed(2)),
    };
    console.log(row);
    return row;
  } finally {
    await testApp.close();
  }
};

/** The cockfight arena: bet placement on one fight and the settlement of a fight with 2,000 players' bets. */
export const cockfightBench = async (): Promise<BenchResult> => {
  const rows: BenchResult['rows'] = [];
  const notes = [
    'One operator fight; each member places one bet (meron, wala or draw), 16 at a time, through the service (member lock, one ledger posting, one betting record and the conditional pool update per bet).',
    'Settlement (timed from the result entered): chunks of 1,000 bets locked with skip locked, decided by the pari-mutuel rules and settled in one set-based update, payouts by one batched ledger statement per chunk; then one betting record per bet and the valid bets on turnover.',
  ];
  const members = Number(process.env.COCKFIGHT_BENCH_MEMBERS ?? 2_000);
  const database = await openTestDatabase({ checkLedger: false });
  try {
    if (process.env.DATABASE_URL) {
      rows.push(await measure(database, 'PostgreSQL', members));
    } else {
      rows.push(await measure(database, 'PGlite (in memory)', Math.min(members, 500)));
      notes.push('DATABASE_URL is unset: PGlite with 500 members only.');
    }
  } finally {
    await database.close();
  }
  return { name: 'Cockfight arena (bets and settlement)', rows, notes };
};
