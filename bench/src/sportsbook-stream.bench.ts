import { generateKeyPairSync } from 'node:crypto';
import { createScratchDatabase } from '@wps/server/testing/test-database';
import { startSportsbook } from '@wps/sportsbook/sportsbook';
import type { BenchResult } from './run';
import { measureStreams } from './stream-measure';

const pageCount = Number(process.env.SPORTSBOOK_STREAM_PAGES ?? 5_000);
const measureSeconds = Number(process.env.SPORTSBOOK_STREAM_SECONDS ?? 30);
const clientProcesses = Number(process.env.SPORTSBOOK_STREAM_CLIENTS ?? 2);
const speed = 300;

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
  try {
    const measured = await measureStreams({
      url: book.url,
      kind: 'sportsbook',
      pageCount,
      clientProcesses,
      measureSeconds,
    });
    return {
      name,
      rows: [measured.row],
      notes: [
        `A delivery is one frame reaching one page; its delay runs from the server's \`at\` (the tick's start, before it prices the shown matches) to the chunk's arrival (target p99 < 250 ms). ${measured.notes[0] ?? ''}`,
        `Server RSS: the bench's process once the book started (${scratch ? 'store on PostgreSQL' : 'embedded PGlite store'}), then the most while the pages were open.`,
        `A price that changes between ticks waits up to a tick (1 s) for the next one; that wait is not in the delay.`,
        `The event loop's delays are mostly the tick itself, which holds the loop once a second (pricing, then one write to each page; the kernel's loopback sends, which also do the pages' receiving, are most of it); a delivery later than the loop's max waited for a client process to get a core.`,
        measured.notes[1] ?? '',
      ],
    };
  } finally {
    await book.close();
    await scratch?.drop();
  }
};
