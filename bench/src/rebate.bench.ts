import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, selectRows } from '@wps/server/db/database';
import { seedGamesDemo } from '@wps/server/modules/games/games.seed';
import { createRebateService } from '@wps/server/modules/promotions/rebates.service';
import { listPlayBlocked } from '@wps/server/modules/protection/protection.repository';
import { createPushService } from '@wps/server/modules/push/push.service';
import { seedSiteDemo } from '@wps/server/modules/site/site.seed';
import { createTurnoverService } from '@wps/server/modules/turnover/turnover.service';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { seedWalletDemo } from '@wps/server/modules/wallet/wallet.seed';
import { createWalletService } from '@wps/server/modules/wallet/wallet.service';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

/**
 * `members` members, each with a cash account and yesterday's settled rounds on two product lines (slots and
 * live), written in bulk, and one live rebate promotion (1 % slots, 0.5 % live, 100 % turnover). Each run is
 * the daily job as the scheduler calls it: the accrual statement, then the payments in chunks.
 */
const measureRebate = async (
  database: DatabaseHandle,
  label: string,
  members: number,
): Promise<BenchResult['rows']> => {
  const { db } = database;
  const brand = await seedSiteDemo(db);
  await seedWalletDemo(db, { id: brand.id, currency: 'USD' });
  await seedGamesDemo(db);
  await db.execute(sql`update brands set time_zone = 'UTC', currency = 'USD' where id = ${brand.id}`);
  const tag = randomUUID().slice(0, 6);
  const now = new Date('2026-06-02T03:00:00Z');
  const [game] = await selectRows<{ id: bigint; vendor_id: bigint }>(
    db,
    sql`select id, vendor_id from games order by id limit 1`,
  );
  if (!game) throw new Error('no game seeded');

  await db.execute(sql`
    insert into members (brand_id, username, nickname, type)
    select ${brand.id}, ${`rb${tag}_`} || i, 'Player', 0 from generate_series(1, ${members}) i`);
  // Their main wallets, as the ledger creates them (an account and its one balance row).
  await db.execute(sql`
    insert into ledger_accounts (brand_id, kind, currency, member_id, scope, may_go_negative, shard_count)
    select ${brand.id}, 'member_cash', 'USD', m.id, '', false, 1
    from members m where m.username like ${`rb${tag}_%`}`);
  await db.execute(sql`
    insert into ledger_balances (account_id, shard, currency, may_go_negative)
    select a.id, 0, 'USD', false from ledger_accounts a join members m on m.id = a.member_id
    where m.username like ${`rb${tag}_%`} and a.kind = 'member_cash'`);
  await db.execute(sql`
    insert into game_rounds (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status,
                             bet_amount, win_amount, valid_bet, opened_at, settled_at)
    select ${brand.id}, m.id, ${game.vendor_id}, ${game.id}, ${`${tag}-`} || m.id || '-' || lines.pl, lines.pl, 'USD',
           'settled', 10000 + (m.id % 1000), 5000, 10000 + (m.id % 1000),
           '2026-06-01T10:00:00Z'::timestamptz, '2026-06-01T10:01:00Z'::timestamptz
    from members m cross join (values ('RNG'), ('LIVE')) lines(pl)
    where m.username like ${`rb${tag}_%`}`);
  await db.execute(sql`analyze game_rounds`);
  await db.execute(sql`
    insert into promotions (brand_id, kind, category, status, starts_at, content, turnover_percent, eligibility,
                            config)
    values (${brand.id}, 'rebate', 'rebate', 'live', '2026-05-01T00:00:00Z', '{"en":{"title":"Daily rebate","summary":"","terms":""}}',
            100, '{"vipLevels":[],"excludedCountries":[],"excludeAgents":false}',
            '{"kind":"rebate","rates":{"RNG":100,"LIVE":50},"dailyCap":"0"}')`);

  const ledger = createLedgerService({ db });
  const rebates = createRebateService({
    db,
    ledger,
    wallet: createWalletService({ db, ledger, push: createPushService() }),
    turnover: createTurnoverService({ db }),
    isManualRebate: () => Promise.resolve(false),
    // The daily job's own question to player protection, one query a chunk, as in production.
    playBlockedAmong: (memberIds, executor) => listPlayBlocked(executor, memberIds),
    now: () => now,
    payChunkSize: 2_000,
    payConcurrency: 4,
  });

  const rows: BenchResult['rows'] = [];
  for (let run = 1; run <= 2; run += 1) {
    const started = performance.now();
    const paid = await rebates.payDaily();
    const seconds = (performance.now() - started) / 1_000;
    rows.push({
      database: label,
      run: run === 1 ? '1 (pays everyone)' : '2 (nothing left)',
      members,
      paid,
      seconds: Number(seconds.toFixed(2)),
      'members/s': run === 1 ? Math.round(paid / seconds) : '',
    });
  }
  return rows;
};

/** The daily rebate job: how long paying a day of valid bets to 100,000 members takes. */
export const rebateBench = async (): Promise<BenchResult> => {
  const rows: BenchResult['rows'] = [];
  const notes = [
    'Every member has yesterday’s settled rounds on two product lines; one live rebate promotion pays 1 % of slots and 0.5 % of live valid bet straight to cash, with 100 % turnover (issue 20: 100,000 members in under 60 s on PostgreSQL).',
    'A run: one accrual statement (rounds → rebate_accruals and rebate_days), then pages of 4 chunks of 2,000 paid at once: the unpaid rows with their cash accounts (preloaded into the ledger cache in one query), then per chunk one transaction locking and marking its rows paid, one batched ledger statement (one promotion shard per chunk) and one turnover statement.',
    'Run 2 is the job again on the same day: it pays nobody.',
    'PGlite (one connection, in memory) runs 10,000 members to keep the run short; PostgreSQL runs the 100,000.',
  ];
  const pglite = await openDatabase({ memory: true });
  try {
    await pglite.migrate();
    rows.push(...(await measureRebate(pglite, 'PGlite (in memory)', 10_000)));
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    try {
      rows.push(...(await measureRebate(database, 'PostgreSQL', 100_000)));
    } finally {
      await database.close();
    }
  } else {
    notes.push('DATABASE_URL is unset: the PostgreSQL rows were skipped.');
  }
  return { name: 'Daily rebate job (100,000 members)', rows, notes };
};
