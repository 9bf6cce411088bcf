import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ClientMessage } from './stream-client';

type Result = Extract<ClientMessage, { type: 'result' }>;

const warmUpMs = 3_000;
const graceMs = 3_000;

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

export type StreamMeasure = {
  url: string;
  kind: 'sportsbook' | 'tables';
  pageCount: number;
  clientProcesses: number;
  measureSeconds: number;
};

/**
 * `pageCount` pages on a server's event streams, opened by client processes of their own (`stream-client.ts`;
 * browsers are other machines), measured for `measureSeconds` after a warm-up: each delivery's delay from the
 * frame's `at` stamp (the clients share the server's clock), and this process's CPU, RSS and event loop (the
 * server runs in it). Answers the figures' row and the notes on the clients and the machine's load.
 */
export const measureStreams = async ({
  url,
  kind,
  pageCount,
  clientProcesses,
  measureSeconds,
}: StreamMeasure) => {
  const loadBefore = loadavg()[0] ?? 0;
  const startedRss = process.memoryUsage().rss;
  const clients: ChildProcess[] = [];
  try {
    const script = fileURLToPath(new URL('./stream-client.ts', import.meta.url));
    const share = Math.ceil(pageCount / clientProcesses);
    for (let index = 0; index < clientProcesses; index += 1) {
      const pages = Math.min(share, pageCount - index * share);
      clients.push(fork(script, [url, String(pages), String(index * share), kind], { stdio: 'inherit' }));
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
    // Every page of a kind (one table, the list, one match's page) gets the same frames: the most any got is all.
    const pages = finished.flatMap((result) => result.pages);
    const most = new Map<string, number>();
    for (const page of pages) most.set(page.page, Math.max(most.get(page.page) ?? 0, page.frames));
    const complete = pages.filter((page) => page.isOpen && page.frames === most.get(page.page)).length;
    const open = ready.reduce((sum, message) => sum + message.open, 0);
    const failed = ready.reduce((sum, message) => sum + message.failed, 0);
    const clientCpuMs = finished.reduce((sum, result) => sum + result.cpuMs, 0);
    const p = (fraction: number) => percentileOf(sorted, deliveries, fraction);
    return {
      deliveries,
      row: {
        pages: `${open.toLocaleString('en')} open${failed > 0 ? `, ${String(failed)} failed` : ''}`,
        'frames/s delivered': Math.round(deliveries / measureSeconds),
        'p50 / p95 / p99 ms': `${String(p(0.5))} / ${String(p(0.95))} / ${String(p(0.99))}`,
        'max ms': sorted.at(-1)?.[0] ?? 0,
        'pages with every frame': complete,
        'server RSS MB': `${(startedRss / 2 ** 20).toFixed(0)} → ${(rss / 2 ** 20).toFixed(0)}`,
        'server CPU %': Math.round(((cpu.user + cpu.system) / 1000 / (until - from)) * 100),
        'event loop p99 / max ms': `${(loop.percentile(99) / 1e6).toFixed(0)} / ${(loop.max / 1e6).toFixed(0)}`,
      },
      notes: [
        `${String(measureSeconds)} s measured after ${String(warmUpMs / 1000)} s of warm-up; ${deliveries.toLocaleString('en')} deliveries (${(deliveries / measureSeconds / Math.max(open, 1)).toFixed(1)} a page a second).`,
        `Clients: ${String(clientProcesses)} process${clientProcesses === 1 ? '' : 'es'} using ${Math.round((clientCpuMs / (until - from)) * 100).toString()} % of a core; load average ${loadBefore.toFixed(2)} before, ${loadDuring.toFixed(2)} during, on the 2 cores shared with other work.`,
      ],
    };
  } finally {
    for (const child of clients) if (child.exitCode === null) child.kill();
  }
};
