import { type ChildProcess, fork } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { selectRows } from '@wps/server/db/database';
import { createScratchDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';
import type { BookMessage, ParentMessage } from './sportsbook-book-process';
import { startBenchPlatform } from './vendor-wallet.bench';

const placements = 3_000;
/**
 * Slips in flight at once, a row each: each a player waiting for his slip's answer before placing the next. With
 * few in flight the rate is theirs (in flight ÷ latency); with more, the book's and the platform's.
 */
const concurrencies = [32, 128];
const settledSlips = 100_000;

/**
 * The sportsbook on PostgreSQL (its own database) against the platform on PostgreSQL, each in its own process as
 * they run in production (the platform starts the book beside it: apps/server sportsbook-runner.ts): slips placed
 * through the book's service (pricing, limits under the market lock, the slip and its wallet call written, the
 * signed bet sent over HTTP to the platform's wallet and answered), and a match with 100,000 open slips settled
 * (each slip's outcome, status and closing wallet call written; delivering those calls is the wallet's rate,
 * measured above). The book's process is bench/src/sportsbook-book-process.ts.
 */
export const sportsbookBench = async (): Promise<BenchResult> => {
  const name = 'Sportsbook: slips placed through the wallet, and a match with 100,000 open slips settled';
  if (!process.env.DATABASE_URL) {
    const note = 'DATABASE_URL is unset: the sportsbook bench runs on PostgreSQL only and was skipped.';
    console.log(note);
    return { name, rows: [], notes: [note] };
  }
  const machine = machineContext();
  const { database, players, privateKey, app, url: platformUrl } = await startBenchPlatform();
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'wps_sportsbook_bench');
  const [platformDatabase] = await selectRows<{ name: string }>(
    database.db,
    sql`select current_database() as name`,
  );
  const databases = {
    book: new URL(scratch.url).pathname.slice(1),
    platform: platformDatabase?.name ?? '',
  };
  const script = fileURLToPath(new URL('./sportsbook-book-process.ts', import.meta.url));
  const book = startBookProcess(script);
  const rows: BenchResult['rows'] = [];
  const notes: string[] = [];
  try {
    await book.ask(
      {
        type: 'start',
        platformUrl,
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        storeUrl: scratch.url,
        players: players.map((player) => ({ id: player.id.toString(), token: player.token })),
      },
      'ready',
    );
    // Smaller runs while developing: SPORTSBOOK_BENCH_PLACEMENTS, SPORTSBOOK_BENCH_SETTLED, and
    // SPORTSBOOK_BENCH_CONCURRENCY (comma-separated: a row each).
    const placementCount = Number(process.env.SPORTSBOOK_BENCH_PLACEMENTS ?? placements);
    const slipCount = Number(process.env.SPORTSBOOK_BENCH_SETTLED ?? settledSlips);
    const inFlight = process.env.SPORTSBOOK_BENCH_CONCURRENCY?.split(',').map(Number) ?? concurrencies;

    // Warm-up, not measured: a slip per member first, as a running book and platform have served them before
    // (the platform's caches of each member's ledger accounts, the statements prepared on each connection).
    const warmUp = await book.ask(
      { type: 'place', count: players.length, concurrency: inFlight[0] ?? 32 },
      'placed',
    );
    for (const concurrency of inFlight) {
      const placing = await cpuMeter(databases);
      const placed = await book.ask({ type: 'place', count: placementCount, concurrency }, 'placed');
      const placingCpu = await placing.read(placed.cpuMs);
      const slipsPerSecond = Math.round(placed.accepted / placed.seconds);
      rows.push({
        scenario: `place ${placementCount} singles, ${concurrency} at a time (each a signed wallet bet over HTTP)`,
        'per second': slipsPerSecond,
        'p50 / p99 ms': `${placed.p50.toFixed(0)} / ${placed.p99.toFixed(0)}`,
      });
      const refused = placed.refusals.map(([refusal, count]) => `${count} ${refusal}`).join(', ');
      const cpuPerSlipMs = (placingCpu.ourCores * placed.seconds * 1000) / Math.max(1, placed.accepted);
      notes.push(
        `${concurrency} at a time: ${placed.accepted} of ${placementCount} slips accepted${refused ? ` (refused: ${refused})` : ''}, ${slipsPerSecond} slips/s (target ≥ 500); ${placingCpu.text}. ${cpuPerSlipMs.toFixed(1)} ms of CPU per slip (the book, the platform and PostgreSQL for each): about ${Math.round((cpus().length * 1000) / cpuPerSlipMs)} slips/s if they had the ${cpus().length} cores to themselves.`,
      );
    }
    notes.push(
      `Machine: ${machine}. Placements measured after a warm-up of ${warmUp.accepted} slips, one per member.`,
    );

    await book.ask({ type: 'prepare-settlement', slips: slipCount }, 'settlement-ready');
    const settling = await cpuMeter(databases);
    const settled = await book.ask({ type: 'settle' }, 'settled');
    const settlingCpu = await settling.read(settled.cpuMs);
    rows.push({
      scenario: `settle a match with ${slipCount.toLocaleString('en')} open singles (outcomes, statuses, wallet calls written)`,
      'per second': Math.round(settled.settled / settled.seconds),
      'p50 / p99 ms': `${(settled.seconds * 1000).toFixed(0)} in all`,
    });
    notes.push(
      `Settled ${settled.settled.toLocaleString('en')} slips in ${settled.seconds.toFixed(1)} s (target < 30 s); ${settlingCpu.text}; their wins then go out at the wallet's rate.`,
      `${players.length} members with a launch token each (the vendor-wallet bench's); the book (bench/src/sportsbook-book-process.ts) and the platform each in a process of its own, as in production, sharing the machine's cores with PostgreSQL.`,
    );
    await book.ask({ type: 'close' }, 'closed');
  } finally {
    await book.stop();
    await scratch.drop();
    await app.close();
    await database.close();
  }
  return { name, rows, notes };
};

/** The book's process, asked one phase at a time; its answer, or its failure as an error here. */
const startBookProcess = (script: string) => {
  const child: ChildProcess = fork(script, [], { stdio: 'inherit' });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const ask = <T extends BookMessage['type']>(
    message: ParentMessage,
    answer: T,
  ): Promise<Extract<BookMessage, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onExit = () => {
        reject(new Error(`the book's process stopped before its ${answer} answer`));
      };
      const onMessage = (received: BookMessage) => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (received.type === answer) resolve(received as Extract<BookMessage, { type: T }>);
        else
          reject(
            new Error(received.type === 'failed' ? received.message : `unexpected answer ${received.type}`),
          );
      };
      child.once('exit', onExit);
      child.on('message', onMessage);
      child.send(message);
    });
  return {
    ask,
    /** Waits for the process to end (after `close`), or ends it. */
    stop: async (): Promise<void> => {
      if (exited) return;
      const timer = setTimeout(() => child.kill(), 10_000);
      if (child.connected) child.disconnect();
      await exit;
      clearTimeout(timer);
    },
  };
};

/**
 * What the figures were measured on: the cores, their model, the load average (other work on the machine
 * before the run), and one core's pace at the work each slip costs most of (an RSA-2048 signature: the book
 * signs each bet, the platform each answer).
 */
const machineContext = (): string => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const body = Buffer.from('x'.repeat(400));
  let signatures = 0;
  const started = performance.now();
  while (performance.now() - started < 300) {
    sign('sha256', body, privateKey);
    signatures += 1;
  }
  const perSecond = Math.round(signatures / ((performance.now() - started) / 1000));
  const model = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${cpus().length} cores (${model}), load average ${(loadavg()[0] ?? 0).toFixed(2)} before the run, one core ${perSecond.toLocaleString('en')} RSA-2048 signatures/s (a slip costs two: the book signs its bet, the platform its answer)`;
};

/** The machine's busy and total time over all cores (ticks of /proc/stat), or undefined where there is none. */
const machineTicks = async (): Promise<{ busy: number; total: number } | undefined> => {
  const fields = (await readFile('/proc/stat', 'utf8').catch(() => ''))
    .split('\n', 1)[0]
    ?.trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  if (!fields || fields.length < 5) return undefined;
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
};

/** Clock ticks per second of /proc's process times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/**
 * The CPU time (ticks) of each PostgreSQL process on this machine, by pid, with the database it serves (a
 * backend's title: "postgres: 15/main: user database host(port) state"); empty where /proc is not readable.
 */
const postgresTicks = async (): Promise<Map<string, { ticks: number; title: string }>> => {
  const processes = new Map<string, { ticks: number; title: string }>();
  const pids = (await readdir('/proc').catch(() => [])).filter((entry) => /^\d+$/.test(entry));
  await Promise.all(
    pids.map(async (pid) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(0, close).endsWith('(postgres')) return;
      // After "pid (comm)": state is field 3, utime 14 and stime 15.
      const fields = stat.slice(close + 2).split(' ');
      const title = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      processes.set(pid, { ticks: Number(fields[11] ?? 0) + Number(fields[12] ?? 0), title });
    }),
  );
  return processes;
};

/**
 * What a phase cost, in cores kept busy: the platform's process (this one) and the book's, PostgreSQL's work for
 * each (its backends on their databases), and the machine's in all: the rest is other work on the machine
 * (anything else running, PostgreSQL's for other databases included), with the load average before it.
 */
const cpuMeter = async (databases: { book: string; platform: string }) => {
  const cores = cpus().length;
  const load = loadavg()[0] ?? 0;
  const ownBefore = process.cpuUsage();
  const machineBefore = await machineTicks();
  const postgresBefore = await postgresTicks();
  const startedAt = performance.now();
  return {
    read: async (bookCpuMs: number): Promise<{ text: string; ourCores: number }> => {
      const elapsedMs = performance.now() - startedAt;
      const own = process.cpuUsage(ownBefore);
      const machine = await machineTicks();
      const postgresAfter = await postgresTicks();
      const postgresCores = (database: string): number => {
        let ticks = 0;
        for (const [pid, after] of postgresAfter) {
          if (after.title.split(/[\s\0]+/).includes(database))
            ticks += after.ticks - (postgresBefore.get(pid)?.ticks ?? 0);
        }
        return ticks / ticksPerSecond / (elapsedMs / 1000);
      };
      const machineBusy =
        machine && machineBefore
          ? ((machine.busy - machineBefore.busy) / (machine.total - machineBefore.total)) * cores
          : undefined;
      const ours = {
        platform: (own.user + own.system) / 1000 / elapsedMs,
        book: bookCpuMs / elapsedMs,
        platformDatabase: postgresCores(databases.platform),
        bookDatabase: postgresCores(databases.book),
      };
      const total = ours.platform + ours.book + ours.platformDatabase + ours.bookDatabase;
      const text = [
        `cores kept busy: the platform's process ${ours.platform.toFixed(2)} and PostgreSQL for it ${ours.platformDatabase.toFixed(2)}`,
        `the book's process ${ours.book.toFixed(2)} and PostgreSQL for it ${ours.bookDatabase.toFixed(2)}`,
        ...(machineBusy === undefined
          ? []
          : [
              `other work ${Math.max(0, machineBusy - total).toFixed(2)} (the machine ${machineBusy.toFixed(2)} of ${cores})`,
            ]),
        `load average ${load.toFixed(2)} before`,
      ].join(', ');
      return { text, ourCores: total };
    },
  };
};
