import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { openDatabase, selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { createJobScheduler, type JobScheduler } from '@wps/server/jobs/scheduler';
import { loyaltyFoldJobName } from '@wps/server/modules/loyalty/fold/fold.service';
import { missions } from '@wps/server/modules/loyalty/loyalty.tables';
import { openTestDatabase } from '@wps/server/testing/test-database';
import { cpuBetween, readCpu } from './cpu';
import type { BenchResult } from './run';
import { percentile, runLoad, setUpVendorPlayers, signedBets } from './vendor-wallet.bench';

const durationSeconds = 8;
const lagSeconds = 10;
/** The lag is measured at 1,000 bets/s, or at 70 % of what this machine answers without the fold if that is less:
 * beyond its capacity every part queues for the cores, and the lag measures the queue, not the fold. */
const targetLagRate = 1_000;
const capacityShare = 0.7;
/** Each bench bet's stake in minor units: the vendor-wallet bench sends 100,000 protocol units (1.00 USD). */
const stake = 100n;

/**
 * A scheduler that runs every job as usual except the loyalty fold, which the bench starts and stops itself: the
 * bet rate is measured with the fold (and the brand's live missions, VIP and points behind it) and without.
 */
const createBenchScheduler = (): {
  scheduler: JobScheduler;
  setFolding: (isOn: boolean) => void;
  /** Waits for a fold run under way. */
  settled: () => Promise<void>;
} => {
  const inner = createJobScheduler({
    error: (details, message) => {
      console.error(message, details);
    },
  });
  let timer: NodeJS.Timeout | null = null;
  let fold: (() => Promise<void>) | null = null;
  let running: Promise<void> | null = null;
  return {
    scheduler: {
      ...inner,
      every: (name, intervalMs, run) => {
        if (name === loyaltyFoldJobName) {
          fold = run;
          inner.every(name, 0, run);
        } else inner.every(name, intervalMs, run);
      },
    },
    setFolding: (isOn) => {
      if (timer) clearInterval(timer);
      timer = null;
      if (!isOn || !fold) return;
      const run = fold;
      timer = setInterval(() => {
        running ??= run().finally(() => {
          running = null;
        });
      }, loadConfig({}).LOYALTY_FOLD_INTERVAL_MS);
    },
    settled: () => running ?? Promise.resolve(),
  };
};

/**
 * Mission and VIP progress follow the vendor wallet's bets through the loyalty fold (off the bet's path): the bet
 * rate with the fold and the brand's live missions against the rate without them, in one run, and how long a bet
 * takes to show in the loyalty figures at a steady 1,000 bets/s.
 */
export const loyaltyBench = async (): Promise<BenchResult> => {
  const name = 'Loyalty: missions, VIP and points following 1,000 vendor bets/s (the loyalty fold)';
  if (!process.env.DATABASE_URL) {
    const note = 'DATABASE_URL is unset: the loyalty bench runs on PostgreSQL only and was skipped.';
    console.log(note);
    return { name, rows: [], notes: [note] };
  }
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const { players, privateKey } = await setUpVendorPlayers(database);
  const { scheduler, setFolding, settled } = createBenchScheduler();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist' }),
    database,
    scheduler,
  });
  let answeredStakes: Array<{ at: number; total: bigint }> = [];
  let answered = 0n;
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.includes('/transaction/bet') || reply.statusCode !== 200) return;
    answered += stake;
    answeredStakes.push({ at: performance.now(), total: answered });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const memberIds = players.map((player) => player.id);
  // The figures are sampled on a connection of their own: through the API's pool, whose connections the bets
  // keep busy, a sample would wait its turn and report late.
  const [named] = await selectRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const samplerUrl = new URL(process.env.DATABASE_URL);
  samplerUrl.pathname = `/${named?.name ?? ''}`;
  const samplerDatabase = await openDatabase({ url: samplerUrl.toString() });
  const foldedStakes = async (): Promise<bigint> => {
    const [row] = await selectRows<{ total: string | null }>(
      samplerDatabase.db,
      sql`select sum(valid_bet_total)::text as total from loyalty_member_totals
        where member_id in (${sql.join(
          memberIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    return BigInt(row?.total ?? '0');
  };
  const liveMissions = await database.db
    .select({ id: missions.id })
    .from(missions)
    .where(sql`${missions.status} = 'live'`);
  const rows: BenchResult['rows'] = [];
  const notes: string[] = [];
  try {
    // Without (no live missions, no fold running: VIP and points follow the same fold) and with (the seeded
    // missions live, the fold running as in production), in the order without, with, with, without, so a steady
    // drift of the machine weighs on both alike, after an unmeasured phase with everything on: the first phase
    // of a run was its slowest in four runs of four, by up to a fifth.
    const setMissionsLive = async (isLive: boolean): Promise<void> => {
      const ids = liveMissions.map((mission) => mission.id);
      if (ids.length === 0) return;
      await database.db
        .update(missions)
        .set({ status: isLive ? 'live' : 'paused' })
        .where(inArray(missions.id, ids));
    };
    setFolding(true);
    await runLoad(
      url,
      32,
      durationSeconds,
      await signedBets(players, privateKey, 4_000 * durationSeconds, false),
    );
    setFolding(false);
    await settled();
    await app.loyalty.fold.fold();

    const totals = { without: [0, 0], with: [0, 0] };
    const phaseCpu = () => ({ server: 0, database: 0, background: 0, bets: 0 });
    const cpu = { without: phaseCpu(), with: phaseCpu() };
    let cpuReadable = true;
    let wasOn = true;
    for (const isOn of [false, true, true, false]) {
      setFolding(false);
      const catchUpStarted = performance.now();
      const caughtUp = await app.loyalty.fold.fold();
      if (isOn && !wasOn) {
        notes.push(
          `Catching up ${caughtUp} ledger movements in one fold (stopped for ${durationSeconds} s): ${(performance.now() - catchUpStarted).toFixed(0)} ms.`,
        );
      }
      wasOn = isOn;
      await setMissionsLive(isOn);
      const bodies = await signedBets(players, privateKey, 4_000 * durationSeconds, false);
      const cpuBefore = await readCpu(database.db);
      const answeredBefore = answeredStakes.length;
      setFolding(isOn);
      const result = await runLoad(url, 32, durationSeconds, bodies);
      // The phase's bets are all folded within its CPU reading: the run under way and what came after it.
      setFolding(false);
      await settled();
      if (isOn) await app.loyalty.fold.fold();
      const used = cpuBetween(cpuBefore, await readCpu(database.db));
      const phase = isOn ? cpu.with : cpu.without;
      if (used) {
        phase.server += used.server;
        phase.database += used.database;
        phase.background += used.background;
        phase.bets += answeredStakes.length - answeredBefore;
      } else cpuReadable = false;
      const total = isOn ? totals.with : totals.without;
      total[0] = (total[0] ?? 0) + result.requestsPerSecond;
      total[1] = Math.max(total[1] ?? 0, result.p99);
      rows.push({
        scenario: isOn
          ? `bets, ${liveMissions.length} live missions, VIP and points, fold running`
          : 'bets, no missions, fold stopped',
        'bets/s': result.requestsPerSecond,
        'p99 ms': result.p99,
      });
    }
    notes.push(
      `Bet rate with the loyalty fold and missions / without, 32 connections, two runs each (without, with, with, without): ${((totals.with[0] ?? 0) / Math.max(totals.without[0] ?? 0, 1)).toFixed(2)} (target >= 0.90).`,
    );
    if (cpuReadable && cpu.with.bets > 0 && cpu.without.bets > 0) {
      const perBet = (phase: typeof cpu.with) => ({
        server: phase.server / phase.bets,
        database: phase.database / phase.bets,
        background: phase.background / phase.bets,
        total: (phase.server + phase.database) / phase.bets,
      });
      const withFold = perBet(cpu.with);
      const without = perBet(cpu.without);
      notes.push(
        `CPU per bet (server process + the bench database's PostgreSQL backends, the vendor's process left out): without ${without.total.toFixed(3)} ms (${without.server.toFixed(3)} + ${without.database.toFixed(3)}), with the fold ${withFold.total.toFixed(3)} ms (${withFold.server.toFixed(3)} + ${withFold.database.toFixed(3)}); without / with ${(without.total / withFold.total).toFixed(2)}: the rate ratio the cores allow when nothing else runs on them.`,
        `Of the database's CPU per bet, the background pool's connections (the loyalty fold's, with the reports fold and the AML monitor, which run in both): without ${without.background.toFixed(3)} ms, with ${withFold.background.toFixed(3)} ms; the loyalty fold's own database work is the difference, ${(withFold.background - without.background).toFixed(3)} ms a bet (${(((withFold.background - without.background) / without.total) * 100).toFixed(1)} % of a bet's CPU without it).`,
      );
    }

    // Lag: bets at a steady rate; each bet's answer time against the first sample that shows its stake folded.
    const capacity = (totals.without[0] ?? 0) / 2;
    const lagRate = Math.min(targetLagRate, Math.round(capacity * capacityShare));
    setFolding(false);
    await app.loyalty.fold.fold();
    const foldedBefore = await foldedStakes();
    answered = foldedBefore;
    answeredStakes = [];
    setFolding(true);
    const samples: Array<{ at: number; total: bigint }> = [];
    const sampling = { isOn: true };
    const sampler = (async () => {
      while (sampling.isOn) {
        // Timed when the answer is back: the figures were visible by then at the latest.
        const total = await foldedStakes();
        samples.push({ at: performance.now(), total });
        await setTimeout(50);
      }
    })();
    const steady = await runLoad(
      url,
      32,
      lagSeconds,
      await signedBets(players, privateKey, lagRate * (lagSeconds + 2), false),
      lagRate,
    );
    const lastAnswered = answeredStakes.at(-1)?.total ?? foldedBefore;
    const deadline = performance.now() + 30_000;
    while ((samples.at(-1)?.total ?? 0n) < lastAnswered && performance.now() < deadline) await setTimeout(50);
    sampling.isOn = false;
    await sampler;
    setFolding(false);
    const lags: number[] = [];
    let sample = 0;
    for (const bet of answeredStakes) {
      while (sample < samples.length && (samples[sample]?.total ?? 0n) < bet.total) sample += 1;
      const seen = samples[sample];
      if (seen) lags.push(Math.max(0, seen.at - bet.at));
    }
    lags.sort((a, b) => a - b);
    rows.push({
      scenario: `steady ${lagRate} bets/s for ${lagSeconds} s: lag from a bet's answer to its figures (p50 / p99 / max ms)`,
      'bets/s': steady.requestsPerSecond,
      'p99 ms': `${percentile(lags, 0.5).toFixed(0)} / ${percentile(lags, 0.99).toFixed(0)} / ${(lags.at(-1) ?? 0).toFixed(0)}`,
    });
    notes.push(
      `Lag p99 at ${steady.requestsPerSecond} bets/s: ${percentile(lags, 0.99).toFixed(0)} ms over ${lags.length} bets (target < 2,000 ms; the fold is tried every ${loadConfig({}).LOYALTY_FOLD_INTERVAL_MS} ms and rests 3 times as long as its last run took, at most 500 ms; from each bet's answer, sent after its commit, to the first sample, every 50 ms, that shows it).`,
      `This machine answers ${Math.round(capacity)} bets/s without the fold (32 connections), so the lag is measured at ${lagRate} bets/s (${Math.round(capacityShare * 100)} % of that, at most ${targetLagRate}).`,
      `Mission progress, VIP promotion and the points earned are written in the fold’s transaction with the figures sampled here, so they appear together; the points are credited in rounds (one posting for up to 63 members) every ${loadConfig({}).LOYALTY_POINTS_ROUND_MS} ms and at the end of each phase (a fold asked for), inside its CPU reading.`,
      `${players.length} members, one RNG game; each bet ${Number(stake) / 100} USD opening its own round; vendor (autocannon) in its own process; the server, the vendor and PostgreSQL share the machine's cores.`,
    );
  } finally {
    setFolding(false);
    await samplerDatabase.close();
    await app.close();
    await database.close();
  }
  return { name, rows, notes };
};

if (process.argv[1]?.endsWith('loyalty.bench.ts')) {
  const result = await loyaltyBench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  for (const note of result.notes) console.log(`  ${note}`);
}
