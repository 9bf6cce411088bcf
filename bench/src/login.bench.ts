import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { seedDemoData } from '@wps/server/db/seed';
import { argon2Parameters, hashPassword } from '@wps/server/lib/password-hashing';
import { insertMember } from '@wps/server/modules/members/members.repository';
import { demoAgent } from '@wps/server/modules/members/members.seed';
import { brands } from '@wps/server/modules/site/site.tables';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

const durationSeconds = 10;
/**
 * Accounts the logins rotate over: each login takes an attempt of its account's name before the password is
 * checked (five in flight trip the lock, as a burst of guesses would), so one account cannot take 8 at once.
 */
const accounts = 16;

/** Password logins per second over real HTTP: argon2id verification dominates, so its parameters matter. */
export const loginBench = async (): Promise<BenchResult> => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const [brand] = await database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  const passwordHash = await hashPassword(demoAgent.password);
  const usernames = Array.from({ length: accounts }, (_, index) => `loginbench${index}`);
  for (const username of usernames) {
    await insertMember(database.db, { brandId: brand.id, username, nickname: 'Bench', passwordHash });
  }
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist' }),
    database,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const rows: BenchResult['rows'] = [];
  try {
    let next = 0;
    for (const connections of [2, 8]) {
      const result = await autocannon({
        url,
        connections,
        duration: durationSeconds,
        requests: [
          {
            method: 'POST',
            path: '/wps/session/login',
            setupRequest: (request) => {
              const username = usernames[next % usernames.length] ?? demoAgent.username;
              next += 1;
              return {
                ...request,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ username, password: demoAgent.password }),
              };
            },
          },
        ],
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
      `Each login takes its attempts, verifies the hash, writes a session, updates the member and records an authentication event; the logins rotate over ${accounts} accounts.`,
      `${durationSeconds} s per row; the 2-core machine runs the client and the server.`,
    ],
  };
};
