import { sql } from 'drizzle-orm';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import { cpuBetween, readCpu } from './cpu';
import type { BenchResult } from './run';
import { runLoad, setUpVendorPlayers, signedBets } from './vendor-wallet.bench';

const durationSeconds = 8;
const connections = 32;

/**
 * What player protection costs a signed vendor bet: the rate and the CPU per bet with every member holding
 * wager and loss limits in all three periods (six counters of the member's usage row moved by the ledger's rule on
 * each stake, none ever reached) against the same members without any, alternated in one run.
 */
export const protectionBench = async (): Promise<BenchResult> => {
  const name = 'Player protection: signed vendor bets with and without limits';
  if (!process.env.DATABASE_URL) {
    const note = 'DATABASE_URL is unset: the protection bench runs on PostgreSQL only and was skipped.';
    console.log(note);
    return { name, rows: [], notes: [note] };
  }
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const { players, privateKey } = await setUpVendorPlayers(database);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist' }),
    database,
  });
  let answered = 0;
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.includes('/transaction/bet') && reply.statusCode === 200) answered += 1;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const ids = players.map((player) => sql`${player.id}`);
  const setLimits = async (isOn: boolean): Promise<void> => {
    await database.db.execute(
      sql`delete from member_play_usage where member_id in (${sql.join(ids, sql`, `)})`,
    );
    await database.db.execute(
      sql`delete from member_play_limits where member_id in (${sql.join(ids, sql`, `)})`,
    );
    await database.db.execute(
      sql`delete from member_protection where member_id in (${sql.join(ids, sql`, `)})`,
    );
    if (!isOn) return;
    await database.db.execute(sql`
      insert into member_protection (member_id, brand_id)
      select id, brand_id from members where id in (${sql.join(ids, sql`, `)})`);
    await database.db.execute(sql`
      insert into member_play_limits (member_id, kind, period, amount)
      select p.member_id, k.kind, d.period, 100000000000
      from member_protection p
      cross join (values ('wager'), ('loss')) k(kind)
      cross join (values ('day'), ('week'), ('month')) d(period)
      where p.member_id in (${sql.join(ids, sql`, `)})`);
  };
  const rows: BenchResult['rows'] = [];
  const notes: string[] = [];
  try {
    await runLoad(url, connections, 0, await signedBets(players, privateKey, players.length * 2, false));
    const totals = { without: 0, with: 0 };
    const cpu = { without: { server: 0, database: 0, bets: 0 }, with: { server: 0, database: 0, bets: 0 } };
    let cpuReadable = true;
    for (const isOn of [false, true, false, true, false, true]) {
      await setLimits(isOn);
      const bodies = await signedBets(players, privateKey, 4_000 * durationSeconds, false);
      const before = await readCpu(database.db);
      const answeredBefore = answered;
      const result = await runLoad(url, connections, durationSeconds, bodies);
      const used = cpuBetween(before, await readCpu(database.db));
      const phase = isOn ? cpu.with : cpu.without;
      if (used) {
        phase.server += used.server;
        phase.database += used.database;
        phase.bets += answered - answeredBefore;
      } else cpuReadable = false;
      if (isOn) totals.with += result.requestsPerSecond;
      else totals.without += result.requestsPerSecond;
      rows.push({
        scenario: isOn ? 'bets, wager and loss limits (day, week, month) on every member' : 'bets, no limits',
        'bets/s': result.requestsPerSecond,
        'p99 ms': result.p99,
      });
    }
    const [counted] = await selectRows<{ total: string | bigint | null }>(
      database.db,
      sql`select sum(wager_day) as total from member_play_usage`,
    );
    notes.push(
      `Bet rate with limits / without, ${String(connections)} connections, three runs each alternated: ${(totals.with / Math.max(totals.without, 1)).toFixed(2)} (target >= 0.91, i.e. at most 10 % more time per bet).`,
    );
    if (cpuReadable && cpu.with.bets > 0 && cpu.without.bets > 0) {
      const perBet = (phase: typeof cpu.with) => ({
        total: (phase.server + phase.database) / phase.bets,
        server: phase.server / phase.bets,
        database: phase.database / phase.bets,
      });
      const withLimits = perBet(cpu.with);
      const without = perBet(cpu.without);
      notes.push(
        `CPU per bet (server process + the bench database's PostgreSQL backends): without ${without.total.toFixed(3)} ms (${without.server.toFixed(3)} + ${without.database.toFixed(3)}), with limits ${withLimits.total.toFixed(3)} ms (${withLimits.server.toFixed(3)} + ${withLimits.database.toFixed(3)}): +${(((withLimits.total - without.total) / without.total) * 100).toFixed(1)} % (target <= 10 %).`,
      );
    }
    notes.push(
      `Stakes the limits counted in the last phase (daily wager usage, minor units): ${String(counted?.total ?? 0)}.`,
      `${String(players.length)} members, one RNG game; each bet 1 USD opening its own round (the wallet's batched path); vendor (autocannon) in its own process; the server, the vendor and PostgreSQL share the machine's cores.`,
    );
  } finally {
    await app.close();
    await database.close();
  }
  return { name, rows, notes };
};
