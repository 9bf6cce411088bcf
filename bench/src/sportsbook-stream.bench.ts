import { fork, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@wps/server/testing/test-database';
import { startSportsbook } from '@wps/sportsbook/sportsbook';
import type { BenchResult } from './run';
import type { ClientMessage } from './sportsbook-stream-client';

const pageCount = Number(process.env.SPORTSBOOK_STREAM_PAGES ?? 5_000);
const measureSeconds = Number(process.env.SPORTSBOOK_STREAM_SECONDS ?? 30);
const clientProcesses = Number(process.env.SPORTSBOOK_STREAM_CLIENTS ?? 2);
const speed = 300;
const warmUpMs = 3_000;
const graceMs = 3_000;

type Result = Extract<ClientMessage, { type: 'result' }>;

const messageOf = <T extends ClientMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<ClientMessage, { type: T }>> =>
  new Promise((resolve, reject) => {
    const onExit = () => {
      reject(new Error(`a stream client stopped before its ${type} message`));
    };
    child.once('exit', onExit);
    child.on('message', function onMessage(message: ClientMessage) {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<ClientMessage, { type: T }>);
    });
  });

/** The delay under which `fraction` of the deliveries arrived, from [delay ms, deliveries] pairs. */
const percentileOf = (
  histogram: ReadonlyArray<[number, number]>,
  total: number,
  fraction: number,
): number => {
  let seen = 0;
  for (const [delay, count] of histogram) {
    seen += count;
    if (seen >= total * fraction) return delay;
  }
  return histogram.at(-1)?.[0] ?? 0;
};

/**
 * The sportsbook (simulated feed at 300× speed, prices pushed once a second as in production; demo pages, so no
 * wallet is called; its store on a scratch PostgreSQL database, or embedded PGlite without DATABASE_URL) with
 * 5,000 pages on its odds stream, opened by two client processes of their own (browsers are other machines); a
 * tenth of the pages have a live match open and get all its markets too. Each frame carries the server's time
 * when its tick began (`at`); the clients share the clock, so a delivery's delay is the tick's pricing, the
 * writes to every page and the transfer. `SPORTSBOOK_STREAM_PAGES`, `_SECONDS` and `_CLIENTS` (client
 * processes) change its size.
 */
export const sportsbookStreamBench = async (): Promise<BenchResult> => {
  const name = `Sportsbook: live odds to ${pageCount.toLocaleString('en')} pages over server-sent events`;
  const loadBefore = loadavg()[0] ?? 0;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // PostgreSQL keeps the server's RSS the stream's and Fastify's (embedded PGlite adds some 600 MB of its own).
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'wps_sportsbook_stream_bench')
    : undefined;
  const book = await startSportsbook({
    platformUrl: 'http://127.0.0.1:9',
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    store: scratch ? { url: scratch.url } : { memory: true },
    simulator: { seed: 'bench', speed },
  });
  const startedRss = process.memoryUsage().rss;
  const clients: ChildProcess[] = [];
  try {
    const script = fileURLToPath(new URL('./sportsbook-stream-client.ts', import.meta.url));
    const share = Math.ceil(pageCount / clientProcesses);
    for (let index = 0; index < clientProcesses; index += 1) {
      const pages = Math.min(share, pageCount - index * share);
      clients.push(fork(script, [book.url, String(pages), String(index * share)], { stdio: 'inherit' }));
    }
    const ready = await Promise.all(clients.map((child) => messageOf(child, 'ready')));
    await new Promise((resolve) => setTimeout(resolve, warmUpMs));

    const from = Date.now();
    const until = from + measureSeconds * 1000;
    const results = clients.map((child) => messageOf(child, 'result'));
    for (const child of clients) child.send({ type: 'measure', from, until, reportAt: until + graceMs });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpuBefore = process.cpuUsage();
    let rss = process.memoryUsage().rss;
    const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 250);
    await new Promise((resolve) => setTimeout(resolve, until - Date.now()));
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    loop.disable();
    const loadDuring = loadavg()[0] ?? 0;
    const finished: Result[] = await Promise.all(results);

    const histogram = new Map<number, number>();
    for (const result of finished)
      for (const [delay, count] of result.delays) histogram.set(delay, (histogram.get(delay) ?? 0) + count);
    const sorted = [...histogram].sort((a, b) => a[0] - b[0]);
    const deliveries = sorted.reduce((sum, [, count]) => sum + count, 0);
    // Every page of a kind (the list, or one match's page) gets the same frames: the most any got is all of them.
    const pages = finished.flatMap((result) => result.pages);
    const most = new Map<string, number>();
    for (const page of pages) most.set(page.page, Math.max(most.get(page.page) ?? 0, page.frames));
    const complete = pages.filter((page) => page.isOpen && page.frames === most.get(page.page)).length;
    const open = ready.reduce((sum, message) => sum + message.open, 0);
    const failed = ready.reduce((sum, message) => sum + message.failed, 0);
    const clientCpuMs = finished.reduce((sum, result) => sum + result.cpuMs, 0);
    const p = (fraction: number) => percentileOf(sorted, deliveries, fraction);
    return {
      name,
      rows: [
        {
          pages: `${open.toLocaleString('en')} open${failed > 0 ? `, ${String(failed)} failed` : ''}`,
          'frames/s delivered': Math.round(deliveries / measureSeconds),
          'p50 / p95 / p99 ms': `${String(p(0.5))} / ${String(p(0.95))} / ${String(p(0.99))}`,
          'max ms': sorted.at(-1)?.[0] ?? 0,
          'pages with every frame': complete,
          'server RSS MB': `${(startedRss / 2 ** 20).toFixed(0)} → ${(rss / 2 ** 20).toFixed(0)}`,
          'server CPU %': Math.round(((cpu.user + cpu.system) / 1000 / (until - from)) * 100),
          'event loop p99 / max ms': `${(loop.percentile(99) / 1e6).toFixed(0)} / ${(loop.max / 1e6).toFixed(0)}`,
        },
      ],
      notes: [
        `A delivery is one frame reaching one page; its delay runs from the server's \`at\` (the tick's start, before it prices the shown matches) to the chunk's arrival (target p99 < 250 ms). ${String(measureSeconds)} s measured after ${String(warmUpMs / 1000)} s of warm-up; ${deliveries.toLocaleString('en')} deliveries (${Math.round(deliveries / measureSeconds / Math.max(open, 1)).toString()} a page a second).`,
        `Server RSS: the bench's process once the book started (${scratch ? 'store on PostgreSQL' : 'embedded PGlite store'}), then the most while the pages were open.`,
        `A price that changes between ticks waits up to a tick (1 s) for the next one; that wait is not in the delay.`,
        `The event loop's delays are mostly the tick itself, which holds the loop once a second (pricing, then one write to each page; the kernel's loopback sends, which also do the pages' receiving, are most of it); a delivery later than the loop's max waited for a client process to get a core.`,
        `Clients: ${String(clientProcesses)} process${clientProcesses === 1 ? '' : 'es'} using ${Math.round((clientCpuMs / (until - from)) * 100).toString()} % of a core; load average ${loadBefore.toFixed(2)} before, ${loadDuring.toFixed(2)} during, on the 2 cores shared with other work.`,
      ],
    };
  } finally {
    for (const child of clients) if (child.exitCode === null) child.kill();
    await book.close();
    await scratch?.drop();
  }
};
