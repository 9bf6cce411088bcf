import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { startPlatform, startupBanner } from './server';
import { openTestDatabase } from './testing/test-database';

/** The log lines at error level or above (pino: 50 error, 60 fatal). */
const errorLines = (logs: string): string[] =>
  logs
    .split('\n')
    .filter(Boolean)
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

/**
 * The platform as `npm start` runs it (server.ts), on the test's database (PostgreSQL with DATABASE_URL),
 * with its jobs on their timers: the crash driver ticking and holding its lease, the roll-up fold, the lottery.
 */
describe('shutting the platform down', { timeout: 60_000 }, () => {
  const dataDirs: string[] = [];
  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('stops every job before the database closes, so closing logs no error', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-server-'));
    dataDirs.push(dataDir);
    let logs = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: 'apps/web/dist-absent-in-tests',
      BACKOFFICE_DIST: 'apps/backoffice/dist-absent-in-tests',
      SANDBOX_GATEWAY_ENABLED: 'false',
      DEMO_VENDOR_ENABLED: 'false',
      SPORTSBOOK_ENABLED: 'false',
      CRASH_ENABLED: 'true',
      CRASH_TICK_MS: '20',
      CRASH_BETTING_MS: '200',
      AGENT_FIGURES_FOLD_INTERVAL_MS: '20',
      LOTTERY_JOB_INTERVAL_MS: '50',
    });
    const platform = await startPlatform(config, { database: await openTestDatabase(), logStream });

    // The driver is at work: it holds the lease and has opened a round.
    await vi.waitFor(
      async () => {
        const state = await platform.app.inject({ url: '/wps/crash/state' });
        expect(state.json<{ value: { round: unknown } }>().value.round).not.toBeNull();
      },
      { timeout: 30_000, interval: 20 },
    );
    await platform.close();

    expect(logs).toContain('"msg":"Server listening');
    expect(errorLines(logs)).toEqual([]);
  });
});

describe('the start-up banner', { timeout: 60_000 }, () => {
  const dataDirs: string[] = [];
  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('stays last in development: browsing logs nothing more, and its sandbox address opens a page', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-server-'));
    dataDirs.push(dataDir);
    let logs = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: 'apps/web/dist-absent-in-tests',
      BACKOFFICE_DIST: 'apps/backoffice/dist-absent-in-tests',
      SANDBOX_GATEWAY_PORT: '0',
      DEMO_VENDOR_ENABLED: 'false',
      SPORTSBOOK_ENABLED: 'false',
      CRASH_ENABLED: 'false',
      LOTTERY_JOB_INTERVAL_MS: '0',
      AGENT_FIGURES_FOLD_INTERVAL_MS: '0',
      OPERATOR_INITIAL_PASSWORD: 'banner-test-password',
    });
    const platform = await startPlatform(config, { database: await openTestDatabase(), logStream });
    try {
      const banner = startupBanner(platform, config);
      const logsAtBanner = logs;

      // A visitor's requests (pages, API calls, a miss) add no line under the banner.
      const base = `http://127.0.0.1:${platform.port}`;
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect((await fetch(`${base}/wps/nothing-here`)).status).toBe(404);
      expect(logs).toBe(logsAtBanner);

      // The sandbox gateway's printed address answers a page.
      const sandboxLine = /Sandbox payment gateway: (\S+)/.exec(banner);
      expect(sandboxLine?.[1]).toBe(`${platform.sandboxUrl ?? ''}/`);
      const sandboxHome = await fetch(sandboxLine?.[1] ?? '');
      expect(sandboxHome.status).toBe(200);
      // The demo logins say where development SMS codes are read.
      expect(banner).toContain('/wps/backoffice/outbox');
      expect(banner).toContain('operator / banner-test-password');
    } finally {
      await platform.close();
    }
  });
});
