import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { seedDemoData } from '../db/seed';
import { createSessionToken } from '../lib/session-token';
import { memberSessions } from '../modules/auth/auth.tables';
import { demoStaff } from '../modules/backoffice/backoffice.seed';
import type { MemberRow } from '../modules/members/members.service';
import { members } from '../modules/members/members.tables';
import { createPushService, type PushService } from '../modules/push/push.service';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  push: PushService;
  close: () => Promise<void>;
};

/** The whole application on its own seeded database, for `app.inject()` tests. */
/** Every captcha in tests shows this answer. */
export const testCaptchaAnswer = 'K7P3';

export const createTestApp = async (
  environment: Record<string, string> = {},
  logStream?: DestinationStream,
): Promise<TestApp> => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: 'apps/web/dist-absent-in-tests',
    BACKOFFICE_DIST: 'apps/backoffice/dist-absent-in-tests',
    TEST_CAPTCHA_ANSWER: testCaptchaAnswer,
    // The crash game's driver would tick every 100 ms in every test app; its own tests drive it by hand.
    CRASH_ENABLED: 'false',
    // Likewise the lottery's draw job; the lottery's own tests turn it on or run it by hand.
    LOTTERY_JOB_INTERVAL_MS: '0',
    // Roll-ups are folded when a test asks (`createRollupService(db).fold()`), so figures never arrive mid-test.
    AGENT_FIGURES_FOLD_INTERVAL_MS: '0',
    ...environment,
  });
  const push = createPushService();
  const app = await buildApp({ config, database, push, ...(logStream ? { logStream } : {}) });
  await app.ready();
  return {
    app,
    database,
    push,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Logs in as the demo operator and answers the Authorization header to send. */
export const loginAsOperator = async (app: FastifyInstance): Promise<{ authorization: string }> => {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/backoffice/session/login',
    payload: { username: demoStaff.username, password: demoStaff.password },
  });
  const body: { value: { token: string } } = response.json();
  return { authorization: `Bearer ${body.value.token}` };
};

/**
 * A live session for a seeded member, written straight to the session table, so money tests need not go
 * through captcha and SMS verification (the auth tests cover those). Answers the member and the header.
 */
export const loginAsMember = async (
  testApp: Pick<TestApp, 'database'>,
  username: string,
): Promise<{ member: MemberRow; authorization: string }> => {
  const { db } = testApp.database;
  const [member] = await db.select().from(members).where(eq(members.username, username));
  if (!member) throw new Error(`no member ${username}`);
  const { token, tokenHash } = createSessionToken();
  await db.insert(memberSessions).values({
    tokenHash,
    memberId: member.id,
    loginMethod: 'password',
    ip: '203.0.113.10',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { member, authorization: `Bearer ${token}` };
};
