import { Writable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../testing/test-database';

type LogLine = {
  level: number;
  msg: string;
  req?: { url?: string };
  calls?: Array<{ route: string; status: number; count: number }>;
};

/** An app as `npm start` (development) or another environment builds it, logging at info into a string. */
const appLoggingAt = async (
  nodeEnv: 'development' | 'test',
  database: DatabaseHandle,
  environment: Record<string, string> = {},
) => {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: nodeEnv,
    LOG_LEVEL: 'info',
    WEB_DIST: 'apps/web/dist-absent-in-tests',
    BACKOFFICE_DIST: 'apps/backoffice/dist-absent-in-tests',
    SANDBOX_GATEWAY_ENABLED: 'false',
    DEMO_VENDOR_ENABLED: 'false',
    SPORTSBOOK_ENABLED: 'false',
    CRASH_ENABLED: 'false',
    LOTTERY_JOB_INTERVAL_MS: '0',
    AGENT_FIGURES_FOLD_INTERVAL_MS: '0',
    ...environment,
  });
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  return { app, lines };
};

const requestLines = (lines: readonly LogLine[]) =>
  lines.filter(
    (line) => ['incoming request', 'request completed'].includes(line.msg) || /not found$/.test(line.msg),
  );

/**
 * Development (`npm start`) logs each request at debug, so one visit's thousands of requests do not bury the
 * start-up banner at the default level (info); errors are still logged. Other environments keep the request log at info.
 */
describe('the request log', () => {
  const opened: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of opened.splice(0).reverse()) await item.close();
  });

  it('writes no info-level line per request in development', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const { app, lines } = await appLoggingAt('development', database);
    opened.push(app);

    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/wps/no-such-route' })).statusCode).toBe(404);

    expect(requestLines(lines)).toEqual([]);
  });

  it('writes them at info outside development (production, tests)', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const { app, lines } = await appLoggingAt('test', database);
    opened.push(app);

    await app.inject({ url: '/health' });

    expect(requestLines(lines).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(requestLines(lines).every((line) => line.level === 30)).toBe(true);
  });

  it("writes a vendor's wallet calls at debug one by one and sums them up at info", async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const { app, lines } = await appLoggingAt('test', database, { MACHINE_CALL_SUMMARY_MS: '50' });
    opened.push(app);

    const call = () =>
      app.inject({
        method: 'POST',
        url: '/wps/vendor-wallet/NOVENDOR/transaction/bet',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    await app.inject({ url: '/health' });

    // The other request is logged at info (test and production), the vendor's calls are not.
    expect(requestLines(lines).map((line) => line.req?.url ?? line.msg)).toEqual([
      '/health',
      'request completed',
    ]);
    // The summaries (one every 50 ms: a slow call can fall into a later one) count both calls at info.
    const counted = () =>
      lines
        .filter((line) => line.msg === 'machine calls')
        .flatMap((line) => line.calls ?? [])
        .reduce((sum, entry) => sum + entry.count, 0);
    for (let waited = 0; counted() < 2 && waited < 100; waited += 1) await setTimeout(20);
    const summaries = lines.filter((line) => line.msg === 'machine calls');
    expect(summaries.every((line) => line.level === 30)).toBe(true);
    const routes = summaries
      .flatMap((line) => line.calls ?? [])
      .map(({ route, status }) => ({ route, status }));
    expect(new Set(routes.map(({ route, status }) => `${route} ${status}`))).toEqual(
      new Set(['/wps/vendor-wallet/:vendorCode/transaction/bet 200']),
    );
    expect(counted()).toBe(2);
  });
});
