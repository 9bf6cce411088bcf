import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { seedDemoData } from '@wps/server/db/seed';
import { seedHouseTableGames } from '@wps/server/modules/house-games/house-games.seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';
import { measureStreams } from './stream-measure';

const pageCount = Number(process.env.TABLES_STREAM_PAGES ?? 5_000);
const measureSeconds = Number(process.env.TABLES_STREAM_SECONDS ?? 30);
const clientProcesses = Number(process.env.TABLES_STREAM_CLIENTS ?? 2);
const bettingMs = 3_000;

/**
 * The house tables' round events to 5,000 pages: the platform (its table driver running every table's round
 * cycle with 3 s of betting, as production does with 15 s) on a scratch PostgreSQL database (embedded PGlite
 * without DATABASE_URL), and the pages spread over its tables' event streams, opened by client processes of
 * their own. Each frame is stamped (`at`) when the server made it, once for all its listeners, so a delivery's
 * delay is the writes to every page of the table and the transfer. `TABLES_STREAM_PAGES`, `_SECONDS` and
 * `_CLIENTS` change its size.
 */
export const tablesStreamBench = async (): Promise<BenchResult> => {
  const name = `House tables: round events to ${pageCount.toLocaleString('en')} pages over server-sent events`;
  const database = await openTestDatabase({ checkLedger: false });
  await seedDemoData(database.db);
  await seedHouseTableGames(database.db);
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: 'apps/web/dist-absent-in-bench',
      HOUSE_TABLES_BETTING_MS: String(bettingMs),
      CRASH_ENABLED: 'false',
      COCKFIGHT_TICK_MS: '0',
      LOTTERY_JOB_INTERVAL_MS: '0',
      SPORTSBOOK_ENABLED: 'false',
    }),
    database,
  });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const measured = await measureStreams({
      url,
      kind: 'tables',
      pageCount,
      clientProcesses,
      measureSeconds,
    });
    return {
      name,
      rows: [measured.row],
      notes: [
        `A delivery is one state event (betting open, dealt, settled: the round's events) reaching one page; its delay runs from the server's \`at\` (when the change was read and serialised) to the chunk's arrival (target p99 < 250 ms). ${measured.notes[0] ?? ''}`,
        `Server: the platform in the bench's process, ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, its table driver ticking every 250 ms; RSS once it listened, then the most while the pages were open.`,
        measured.notes[1] ?? '',
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
};
