import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { seedDemoData } from '../db/seed';
import { demoStaff } from '../modules/backoffice/backoffice.seed';
import { openTestDatabase } from './test-database';

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close: () => Promise<void> };

/** The whole application on its own seeded database, for `app.inject()` tests. */
/** Every captcha in tests shows this answer. */
export const testCaptchaAnswer = 'K7P3';

export const createTestApp = async (
  environment: Record<string, string> = {},
  logStream?: DestinationStream,
): Promise<TestApp> => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'apps/web/dist-absent-in-tests',
    TEST_CAPTCHA_ANSWER: testCaptchaAnswer,
    ...environment,
  });
  const app = await buildApp({ config, database, ...(logStream ? { logStream } : {}) });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
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
