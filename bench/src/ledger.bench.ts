import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type DatabaseHandle, openDatabase } from '@wps/server/db/database';
import { insertMember } from '@wps/server/modules/members/members.repository';
import { seedSiteDemo } from '@wps/server/modules/site/site.seed';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { seedWalletDemo } from '@wps/server/modules/wallet/wallet.seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

const warmUpSeconds = 1;
const durationSeconds = 5;

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

/**
 * `clients` loops, each with a member of its own, posting bets (member → house) and wins (house → member)
 * through the ledger service as fast as they can: every posting is a two-leg ledger transaction with its
 * idempotency key, the balance changes, the entries and the commit-time balance check.
 */
const measurePostings = async (
  database: DatabaseHandle,
  label: string,
  clients: number,
): Promise<BenchResult['rows'][number]> => {
  const brand = await seedSiteDemo(database.db);
  await seedWalletDemo(database.db, { id: brand.id, currency: 'USD' });
  const ledger = createLedgerService({ db: database.db });
  const house = (await ledger.ensureSystemAccount(brand.id, 'house', 'USD')).id;
  const members: bigint[] = [];
  for (let index = 0; index < clients; index += 1) {
    const member = await insertMember(database.db, {
      brandId: brand.id,
      username: `bench${randomUUID().slice(0, 12)}`,
      nickname: 'Bench',
    });
    if (!member) throw new Error('bench member not created');
    const account = (await ledger.ensureMemberAccount(brand.id, member.id, 'USD')).id;
    await ledger.post({
      brandId: brand.id,
      idempotencyKey: randomUUID(),
      kind: 'deposit',
      legs: [
        { accountId: house, amount: -100_000_000n },
        { accountId: account, amount: 100_000_000n },
      ],
    });
    members.push(account);
  }

  const latencies: number[] = [];
  let errors = 0;
  // Deadlines rather than timers: PGlite answers without ever returning to the event loop's timer phase.
  const measureFrom = performance.now() + warmUpSeconds * 1_000;
  const measureUntil = measureFrom + durationSeconds * 1_000;
  const runClient = async (account: bigint): Promise<void> => {
    for (let round = 0; ; round += 1) {
      const amount = round % 2 === 0 ? -100n : 100n;
      const started = performance.now();
      if (started >= measureUntil) return;
      try {
        await ledger.post({
          brandId: brand.id,
          idempotencyKey: randomUUID(),
          kind: amount < 0n ? 'bet' : 'win',
          legs: [
            { accountId: account, amount },
            { accountId: house, amount: -amount },
          ],
        });
        const finished = performance.now();
        if (started >= measureFrom && finished <= measureUntil) latencies.push(finished - started);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(members.map(runClient));
  const elapsedSeconds = durationSeconds;

  latencies.sort((a, b) => a - b);
  return {
    database: label,
    clients,
    'postings/s': Math.round(latencies.length / elapsedSeconds),
    'p50 ms': Number(percentile(latencies, 0.5).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 0.99).toFixed(2)),
    errors,
  };
};

/** Two-leg postings per second through the ledger service, on PGlite and (with DATABASE_URL) PostgreSQL. */
export const ledgerBench = async (): Promise<BenchResult> => {
  const rows: BenchResult['rows'] = [];
  const notes = [
    `${warmUpSeconds} s warm-up, then ${durationSeconds} s per row; the clients and the database share this machine's cores.`,
    'Each client has its own member; the house account is sharded, so clients rarely wait on one another.',
    'A posting is one statement (a CTE) run as a named prepared statement: one round trip, planned once per connection.',
    'PGlite runs one statement at a time, so its row shows the embedded mode, not concurrency.',
  ];
  const pglite = await openDatabase({ memory: true });
  try {
    await pglite.migrate();
    rows.push(await measurePostings(pglite, 'PGlite (in memory)', 8));
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    for (const clients of [8, 16, 32]) {
      const database = await openTestDatabase();
      try {
        rows.push(await measurePostings(database, 'PostgreSQL', clients));
      } finally {
        await database.close();
      }
    }
  } else {
    const note = 'DATABASE_URL is unset: the PostgreSQL rows (the figures that count) were skipped.';
    console.log(note);
    notes.push(note);
  }
  return { name: 'Ledger postings (two legs, member ↔ house, through the service)', rows, notes };
};
