import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, selectRows } from '@wps/server/db/database';
import { createSettlementService } from '@wps/server/modules/agents/settlement.service';
import { createPushService } from '@wps/server/modules/push/push.service';
import { seedSiteDemo } from '@wps/server/modules/site/site.seed';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { seedWalletDemo } from '@wps/server/modules/wallet/wallet.seed';
import { createWalletService } from '@wps/server/modules/wallet/wallet.service';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

const subAgentsPerUpline = 100;
const slotMs = 300_000;

/**
 * 100 funded top agents, each with 100 sub-agents under an active real-time salary contract (1 %), each sub-agent
 * with one betting player: 10,000 contracts, written in bulk. Every run closes the next 5-minute slot after the
 * team's day-so-far valid bet grew, so every contract pays a delta: one pay record and one ledger posting each.
 */
const measureSettlement = async (
  database: DatabaseHandle,
  label: string,
  contracts: number,
): Promise<BenchResult['rows']> => {
  const { db } = database;
  const uplines = contracts / subAgentsPerUpline;
  const brand = await seedSiteDemo(db);
  await seedWalletDemo(db, { id: brand.id, currency: 'USD' });
  await db.execute(sql`update brands set time_zone = 'UTC', currency = 'USD' where id = ${brand.id}`);
  const tag = randomUUID().slice(0, 6);
  const dayStart = new Date('2025-06-01T00:00:00Z');

  await db.execute(sql`
    insert into members (brand_id, username, nickname, type)
    select ${brand.id}, ${`top${tag}_`} || i, 'Top', 1 from generate_series(1, ${uplines}) i`);
  await db.execute(sql`
    insert into members (brand_id, username, nickname, type, upline_id)
    select ${brand.id}, ${`sub${tag}_`} || i, 'Sub', 1, t.id
    from generate_series(0, ${contracts - 1}) i
    join members t on t.username = ${`top${tag}_`} || (i % ${uplines} + 1)`);
  await db.execute(sql`
    insert into members (brand_id, username, nickname, type, upline_id)
    select ${brand.id}, 'ply' || s.username, 'Player', 0, s.id from members s where s.username like ${`sub${tag}_%`}`);
  await db.execute(sql`
    insert into agent_contracts (brand_id, kind, period, upline_id, downline_id, payer, currency, tiers,
                                 rate_basis_points, status, responded_at, effective_from, settled_through, offered_by)
    select ${brand.id}, 'realtime_salary', 'realtime', s.upline_id, s.id, 'upline', 'USD',
           '[{"minFigure":"0","minActiveMembers":0,"rateBasisPoints":100}]'::jsonb, 100, 'active',
           ${dayStart.toISOString()}, ${dayStart.toISOString()}, ${dayStart.toISOString()}, 'bench'
    from members s where s.username like ${`sub${tag}_%`}`);

  const ledger = createLedgerService({ db });
  const wallet = createWalletService({ db, ledger, push: createPushService() });
  const adjustment = await ledger.ensureSystemAccount(brand.id, 'adjustment', 'USD');
  const tops = await selectRows<{ id: bigint }>(
    db,
    sql`select id from members where username like ${`top${tag}_%`}`,
  );
  for (const top of tops) {
    const cash = await wallet.cashAccount({ id: top.id, brandId: brand.id }, 'USD');
    await ledger.post({
      brandId: brand.id,
      idempotencyKey: `bench-fund:${tag}:${top.id}`,
      kind: 'adjustment',
      legs: [
        { accountId: adjustment.id, amount: -1_000_000_000n },
        { accountId: cash.id, amount: 1_000_000_000n },
      ],
    });
  }

  let now = new Date(dayStart.getTime() + 30 * 60_000);
  const errors: unknown[] = [];
  const settlement = createSettlementService({
    db,
    ledger,
    wallet,
    now: () => now,
    realtimeSlotMs: slotMs,
    log: { error: (details) => errors.push(details) },
  });

  const rows: BenchResult['rows'] = [];
  for (let run = 1; run <= 3; run += 1) {
    // The players bet 100.00 more in the current hour (the roll-up as the ledger trigger keeps it).
    await db.execute(sql`
      insert into member_figures_hourly (member_id, brand_id, hour_start, bet_count, bet_amount, valid_bet, payout)
      select p.id, ${brand.id}, ${new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString()}, 1, 10000, 10000, 0
      from members p where p.username like ${`plysub${tag}_%`}
      on conflict (member_id, hour_start) do update set valid_bet = member_figures_hourly.valid_bet + 10000,
        bet_amount = member_figures_hourly.bet_amount + 10000`);
    now = new Date(now.getTime() + slotMs);
    const started = performance.now();
    const result = await settlement.settleRealtime();
    const seconds = (performance.now() - started) / 1_000;
    rows.push({
      database: label,
      run: run === 1 ? '1 (accounts created)' : String(run),
      contracts,
      paid: result.paid,
      'seconds per run': Number(seconds.toFixed(2)),
      'postings/s': Math.round(result.paid / seconds),
      errors: errors.length,
    });
  }
  return rows;
};

/** Real-time salary settlement of 10,000 contracts: how long one 5-minute run takes. */
export const agentSettlementBench = async (): Promise<BenchResult> => {
  const rows: BenchResult['rows'] = [];
  const notes = [
    '10,000 active real-time salary contracts (100 uplines × 100 sub-agents, one betting player each); each run closes the next 5-minute slot and every contract pays its delta.',
    'A run: one candidate query, then batches of 500: one set-based figures query (tree range + roll-up by key), one transaction locking the batch (skip locked), the day-so-far sums, a ledger posting per contract in a savepoint, one bulk insert of pay records and one bulk update of the marks.',
    'PGlite (one connection, in memory) runs 1,000 contracts to keep the run short; PostgreSQL runs the 10,000.',
    'Run 1 also creates the 10,000 sub-agents\u2019 cash accounts (first payment); later runs find them cached.',
  ];
  const pglite = await openDatabase({ memory: true });
  try {
    await pglite.migrate();
    rows.push(...(await measureSettlement(pglite, 'PGlite (in memory)', 1_000)));
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    try {
      rows.push(...(await measureSettlement(database, 'PostgreSQL', 10_000)));
    } finally {
      await database.close();
    }
  } else {
    notes.push('DATABASE_URL is unset: the PostgreSQL rows were skipped.');
  }
  return { name: 'Agent contract settlement (real-time salary, 10,000 contracts per run)', rows, notes };
};
