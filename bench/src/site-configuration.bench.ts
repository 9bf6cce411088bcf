import autocannon from 'autocannon';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { seedDemoData } from '@wps/server/db/seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';
import { buildWeb } from './web-build';

const durationSeconds = 5;
const connections = 16;

/** Requests per second and latency of the calls every visitor makes first, over real HTTP on loopback. */
export const siteConfigurationBench = async (): Promise<BenchResult> => {
  const webDist = buildWeb();
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist }),
    database,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const rows: BenchResult['rows'] = [];
  try {
    for (const endpoint of ['/wps/system/status', '/wps/system/permission', '/']) {
      const result = await autocannon({
        url: `${url}${endpoint}`,
        connections,
        duration: durationSeconds,
        headers: { accept: endpoint === '/' ? 'text/html' : 'application/json' },
      });
      rows.push({
        endpoint,
        'requests/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.non2xx,
        'server RSS MiB': Math.round(process.memoryUsage().rss / 1_048_576),
      });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return {
    name: 'Site configuration (first calls of every visit)',
    rows,
    notes: [
      `${connections} connections for ${durationSeconds} s per endpoint, autocannon and the server in one process.`,
      'The permission document comes from the per-brand snapshot (5 s), rebuilt from six tables when it lapses.',
    ],
  };
};
