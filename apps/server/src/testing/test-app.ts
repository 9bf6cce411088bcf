import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { merchantHeader } from '@wps/contracts/site';
import type { PresetRoleKey } from '@wps/contracts/staff-permissions';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { seedDemoData } from '../db/seed';
import type { JobScheduler } from '../jobs/scheduler';
import { createSessionToken } from '../lib/session-token';
import { memberSessions } from '../modules/auth/auth.tables';
import { demoStaff } from '../modules/backoffice/backoffice.seed';
import { staff, staffSessions } from '../modules/backoffice/backoffice.tables';
import { assignPresetRole } from '../modules/backoffice/staff-roles/preset-roles';
import type { MemberRow } from '../modules/members/members.service';
import { members } from '../modules/members/members.tables';
import { createPushService, type PushService } from '../modules/push/push.service';
import { brands } from '../modules/site/site.tables';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  push: PushService;
  close: () => Promise<void>;
};

/** The seeded operator's password in tests (createTestApp seeds with it, as OPERATOR_INITIAL_PASSWORD would). */
export const testOperatorPassword = 'test-operator-password';

/** Every captcha in tests shows this answer. */
export const testCaptchaAnswer = 'K7P3';

export type TestAppOptions = {
  /** Where logs go (tests that check what is never logged); silent unless LOG_LEVEL says otherwise. */
  logStream?: DestinationStream;
  /** An open, seeded database to build on (a second instance on the same data); the caller closes it. */
  database?: DatabaseHandle;
  /** On the embedded PGlite even when DATABASE_URL names a PostgreSQL (what `npm start` runs on). */
  embedded?: boolean;
  /** Periodic jobs; a manual scheduler lets a test run a job when it says so. */
  scheduler?: JobScheduler;
  /** The clock of scheduled games (crash rounds). */
  clock?: () => number;
  /** The sandbox payment gateway beside the platform. */
  sandboxGatewayUrl?: string;
  /** Plain-http vendor origins the site may frame. */
  gameFrameOrigins?: () => readonly string[];
  /** Listen on a free port of 127.0.0.1 (for callers outside the process, such as a gateway's notices). */
  listen?: boolean;
};

/**
 * The whole application for `app.inject()` tests: on its own seeded database unless given one, with the jobs
 * that would tick by themselves (crash driver, lottery draws, roll-up fold) off unless the environment says so.
 * The one way tests build the platform.
 */
export const createTestApp = async (
  environment: Record<string, string> = {},
  { database: givenDatabase, listen = false, embedded = false, ...dependencies }: TestAppOptions = {},
): Promise<TestApp> => {
  const database = givenDatabase ?? (await openTestDatabase({ embedded }));
  if (!givenDatabase) await seedDemoData(database.db, { operatorInitialPassword: testOperatorPassword });
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
    // And the live tables' driver; their tests drive it by hand.
    HOUSE_TABLES_ENABLED: 'false',
    // The cockfight driver (settlements left midway, the simulated arena) runs when a test says so.
    COCKFIGHT_TICK_MS: '0',
    COCKFIGHT_SIMULATOR_ENABLED: 'false',
    // Likewise the lottery's draw job; the lottery's own tests turn it on or run it by hand.
    LOTTERY_JOB_INTERVAL_MS: '0',
    // Roll-ups are folded when a test asks (`createRollupService(db).fold()`), so figures never arrive mid-test.
    AGENT_FIGURES_FOLD_INTERVAL_MS: '0',
    // Likewise the loyalty fold (missions, VIP, points): its tests fold with `app.loyalty.fold.fold()`.
    LOYALTY_FOLD_INTERVAL_MS: '0',
    // And the reports' fold: its tests fold with `app.reports.fold.fold()`.
    REPORTS_FOLD_INTERVAL_MS: '0',
    ...(listen ? { HOST: '127.0.0.1' } : {}),
    ...environment,
  });
  const push = createPushService();
  const app = await buildApp({ config, database, push, ...dependencies });
  if (listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  return {
    app,
    database,
    push,
    close: async () => {
      await app.close();
      if (!givenDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

type StaffHeaders = { authorization: string; 'x-merchant-code': string };

/**
 * A live session for a staff member, written straight to the session table (as `loginAsMember` does), so
 * tests of operator routes need not go through the password, the second factor and the lockout (the
 * backoffice tests cover those).
 */
const openStaffSession = async (app: FastifyInstance, staffId: bigint): Promise<string> => {
  const { token, tokenHash } = createSessionToken();
  await app.platform.database.db
    .insert(staffSessions)
    .values({ tokenHash, staffId, expiresAt: new Date(Date.now() + 3_600_000) });
  return `Bearer ${token}`;
};

const findDemoOperator = async (app: FastifyInstance): Promise<bigint> => {
  const [operator] = await app.platform.database.db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.username, demoStaff.username));
  if (!operator) throw new Error(`no staff member ${demoStaff.username}`);
  return operator.id;
};

/** A brand's id by its merchant code; undefined for a code no brand has (tests of unknown brands). */
const findBrandId = async (app: FastifyInstance, merchantCode: string): Promise<bigint | undefined> => {
  const [brand] = await app.platform.database.db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.merchantCode, merchantCode));
  return brand?.id;
};

/** Signs in as the demo operator (the demo brand's admin) and answers the Authorization header to send. */
export const loginAsOperator = async (app: FastifyInstance): Promise<{ authorization: string }> => ({
  authorization: await openStaffSession(app, await findDemoOperator(app)),
});

/**
 * The demo operator's Authorization header and the brand they act on, named the way the console and the player
 * site name it (the merchant header). Roles are per brand: in a brand a test made, the operator is given the
 * admin role (and the brand its preset roles) unless they hold one there.
 */
export const operatorHeaders = async (app: FastifyInstance, merchantCode = 'DEMO'): Promise<StaffHeaders> => {
  const operatorId = await findDemoOperator(app);
  const brandId = await findBrandId(app, merchantCode);
  if (brandId !== undefined) {
    await assignPresetRole(
      app.platform.database.db,
      { staffId: operatorId, brandId, presetKey: 'admin' },
      { onlyIfNone: true },
    );
  }
  return { authorization: await openStaffSession(app, operatorId), [merchantHeader]: merchantCode };
};

/**
 * Another staff member (created now, with a password nobody knows) holding a preset role in the brand, signed
 * in, for tests of what a role may do or of two people acting (maker and checker). Answers their headers for
 * the brand, as `operatorHeaders` does.
 */
export const createStaff = async (
  app: FastifyInstance,
  member: { role: PresetRoleKey; username: string; displayName?: string },
  merchantCode = 'DEMO',
): Promise<StaffHeaders> => {
  const { db } = app.platform.database;
  const [created] = await db
    .insert(staff)
    .values({
      username: member.username,
      displayName: member.displayName ?? member.username,
      passwordHash: 'not a password hash: no password signs in',
    })
    .returning({ id: staff.id });
  if (!created) throw new Error(`staff member ${member.username} not created`);
  const brandId = await findBrandId(app, merchantCode);
  if (brandId === undefined) throw new Error(`no brand ${merchantCode}`);
  await assignPresetRole(db, { staffId: created.id, brandId, presetKey: member.role });
  return { authorization: await openStaffSession(app, created.id), [merchantHeader]: merchantCode };
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
