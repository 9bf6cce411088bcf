import autocannon from 'autocannon';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { seedDemoData } from '@wps/server/db/seed';
import { argon2Parameters } from '@wps/server/lib/password-hashing';
import { demoAgent } from '@wps/server/modules/members/members.seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

const durationSeconds = 10;

/** Password logins per second over real HTTP: argon2id verification dominates, so its parameters matter. */
export const loginBench = async (): Promise<BenchResult> => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist' }),
    database,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const rows: BenchResult['rows'] = [];
  try {
    for (const connections of [2, 8]) {
      const result = await autocannon({
        url: `${url}/wps/session/login`,
        method: 'POST',
        connections,
        duration: durationSeconds,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: demoAgent.username, password: demoAgent.password }),
      });
      rows.push({
        connections,
        'logins/s': Math.round(result.requests.average),
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
    name: 'Password login (POST /wps/session/login)',
    rows,
    notes: [
      `argon2id: memory ${argon2Parameters.memoryCost} KiB, ${argon2Parameters.timeCost} passes, parallelism ${argon2Parameters.parallelism} (OWASP).`,
      'Each login verifies the hash, writes a session, updates the member and records an authentication event.',
      `${durationSeconds} s per row; the 2-core machine runs the client and the server.`,
    ],
  };
};
