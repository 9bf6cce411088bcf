import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { test as base, type APIRequestContext, type APIResponse } from '@playwright/test';
import { generate } from 'otplib';
import pg from 'pg';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Platform = { baseUrl: string };

const invariantsSql = readFileSync(
  path.join(repositoryRoot, 'apps/server/src/modules/wallet/ledger-invariants.sql'),
  'utf8',
);

/** After a worker's journeys, the ledger they moved money through must still hold every invariant. */
const assertLedgerHolds = (violations: unknown[]): void => {
  if (violations.length > 0) {
    throw new Error(`ledger-invariants.sql found violations:\n${JSON.stringify(violations, null, 2)}`);
  }
};

/** A fresh PostgreSQL database beside DATABASE_URL, or a fresh PGlite folder when it is unset. */
export const prepareDatabase = async (): Promise<{
  environment: Record<string, string>;
  cleanUp: () => Promise<void>;
}> => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-e2e-'));
    return {
      environment: { DATA_DIR: dataDir },
      cleanUp: async () => {
        try {
          const database = new PGlite(path.join(dataDir, 'pglite'));
          const { rows } = await database.query(invariantsSql);
          await database.close();
          assertLedgerHolds(rows);
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  }
  const name = `wps_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    environment: { DATABASE_URL: url.toString() },
    cleanUp: async () => {
      try {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const { rows } = await client.query(invariantsSql).finally(() => client.end());
        assertLedgerHolds(rows);
      } finally {
        await admin(`drop database if exists ${name} with (force)`);
      }
    },
  };
};

/** Every captcha of the platform under test shows this answer (the platform refuses it outside tests). */
export const testCaptchaAnswer = 'K7P3';

/**
 * The demo operator of every platform this process starts: its password is chosen here, at random, and given
 * as OPERATOR_INITIAL_PASSWORD (the repository publishes none).
 */
export const operatorCredentials = { username: 'operator', password: randomBytes(18).toString('base64url') };

/** Starts the platform exactly as `npm start` does (main.ts on the built site), on a free port. */
export const startPlatform = async (
  environment: Record<string, string>,
): Promise<{ baseUrl: string; child: ChildProcess }> => {
  const { DATABASE_URL: _inherited, ...parentEnvironment } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...parentEnvironment,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      TEST_CAPTCHA_ANSWER: testCaptchaAnswer,
      // Every journey of a worker registers from 127.0.0.1 on the same platform.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
      OPERATOR_INITIAL_PASSWORD: operatorCredentials.password,
      // No journey opens the sportsbook yet; its embedded store would be shared by every platform of the run.
      SPORTSBOOK_ENABLED: 'false',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed journey.
      child.kill('SIGKILL');
      reject(new Error(`platform did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Platform running at (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`platform exited with ${String(code)}:\n${output}`));
    });
  });
  return { baseUrl, child };
};

export const stopPlatform = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });

/** Whether the home page's announcement popup shows (content.spec.ts) or starts closed for the session. */
export type AnnouncementPopups = 'shown' | 'closed';

export const test = base.extend<
  { operator: Operator; announcementPopups: AnnouncementPopups },
  { platform: Platform; platformEnvironment: Record<string, string> }
>({
  /** Extra environment for a spec file's platform (`test.use({ platformEnvironment })`): shortened schedules. */
  platformEnvironment: [{}, { option: true, scope: 'worker' }],
  announcementPopups: ['closed', { option: true }],
  // The popup covers the home page once per session; journeys that are not about it start with every
  // audience's popup closed, as a visitor who already dismissed it (the site's own session-storage flag).
  context: async ({ context, announcementPopups }, use) => {
    if (announcementPopups === 'closed') {
      await context.addInitScript(() => {
        if (window.sessionStorage.getItem('announcementPopupClosed') === null) {
          window.sessionStorage.setItem('announcementPopupClosed', 'A,B,F');
        }
      });
    }
    await use(context);
  },
  platform: [
    async ({ platformEnvironment }, use) => {
      const database = await prepareDatabase();
      const { baseUrl, child } = await startPlatform({ ...database.environment, ...platformEnvironment });
      try {
        await use({ baseUrl });
      } finally {
        await stopPlatform(child);
        await database.cleanUp();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ platform }, use) => {
    await use(platform.baseUrl);
  },
  operator: async ({ playwright, platform }, use) => {
    const request = await playwright.request.newContext({ baseURL: platform.baseUrl });
    const operator = await Operator.login(request, platform.baseUrl);
    await use(operator);
    await request.dispose();
  },
});

export { expect } from '@playwright/test';

/** The operator's TOTP secret on each platform (by address), once enrolled, and the last time step used. */
const operatorTotp = new Map<string, { secret: string; lastStep: number }>();
/** The operator's session on each platform, reused by every journey of the worker. */
const operatorSessions = new Map<string, string>();

const totpPeriodSeconds = 30;

/**
 * A TOTP code of a time step not used yet (the platform accepts one step either side of now, and never the
 * same step twice): now, else the next one, else it waits for the next step to begin.
 */
const freshTotpCode = async (totp: { secret: string; lastStep: number }): Promise<string> => {
  for (;;) {
    const nowStep = Math.floor(Date.now() / 1000 / totpPeriodSeconds);
    const step = Math.max(nowStep, totp.lastStep + 1);
    if (step <= nowStep + 1) {
      totp.lastStep = step;
      return generate({ secret: totp.secret, epoch: step * totpPeriodSeconds });
    }
    await new Promise((resolve) =>
      setTimeout(resolve, (nowStep + 1) * totpPeriodSeconds * 1000 - Date.now()),
    );
  }
};

const valueOf = async <T>(response: APIResponse, what: string): Promise<T> => {
  if (!response.ok()) throw new Error(`${what} refused: ${await response.text()}`);
  return ((await response.json()) as { value: T }).value;
};

/**
 * Signs the demo operator in through the API as the console does: the password, then the second factor (an
 * enrolment the first time, its secret kept for the platform's later sign-ins). Answers the session token.
 */
const signInOperator = async (request: APIRequestContext, baseUrl: string): Promise<string> => {
  const challenge = await valueOf<{ stage: 'totp' | 'enrol'; challenge: string; secret?: string }>(
    await request.post('/wps/backoffice/session/login', { data: operatorCredentials }),
    'operator password',
  );
  if (challenge.stage === 'enrol') operatorTotp.set(baseUrl, { secret: challenge.secret ?? '', lastStep: 0 });
  const totp = operatorTotp.get(baseUrl);
  if (!totp) throw new Error(`the operator enrolled on ${baseUrl} outside these journeys' sign-in`);
  const session = await valueOf<{ token: string }>(
    await request.post('/wps/backoffice/session/verify', {
      data: { challenge: challenge.challenge, code: await freshTotpCode(totp) },
    }),
    'operator code',
  );
  return session.token;
};

/**
 * A fresh TOTP code of the demo operator on a platform (enrolling it through the API first if needed), for a
 * journey that signs the operator in through the console.
 */
export const operatorTotpCode = async (request: APIRequestContext, baseUrl: string): Promise<string> => {
  if (!operatorTotp.has(baseUrl)) operatorSessions.set(baseUrl, await signInOperator(request, baseUrl));
  const totp = operatorTotp.get(baseUrl);
  if (!totp) throw new Error(`the operator is not enrolled on ${baseUrl}`);
  return freshTotpCode(totp);
};

/**
 * The demo operator, changing the DEMO brand's settings through the real operator API (the brand is named
 * by the merchant header, as the player site names it). One sign-in per platform: later journeys reuse it.
 */
export class Operator {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly headers: { authorization: string; 'x-merchant-code': string },
  ) {}

  static async login(request: APIRequestContext, baseUrl: string): Promise<Operator> {
    const known = operatorSessions.get(baseUrl);
    const isLive =
      known !== undefined &&
      (
        await request.get('/wps/backoffice/session/me', { headers: { authorization: `Bearer ${known}` } })
      ).ok();
    const token = isLive ? known : await signInOperator(request, baseUrl);
    operatorSessions.set(baseUrl, token);
    return new Operator(request, { authorization: `Bearer ${token}`, 'x-merchant-code': 'DEMO' });
  }

  /** Any operator API call, as the operator (for journeys that need one this class does not name). */
  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    data?: unknown,
  ): Promise<APIResponse> {
    return this.request.fetch(url, {
      method,
      headers: this.headers,
      ...(data === undefined ? {} : { data }),
    });
  }

  /**
   * A new staff member of a role, as an admin creates one in the console: a random username and the temporary
   * password the platform answers once (its owner changes it and enrols two-factor at first sign-in).
   */
  async createStaff(
    role: 'admin' | 'finance' | 'risk' | 'support' | 'content' | 'marketing',
  ): Promise<{ username: string; temporaryPassword: string }> {
    const username = `${role}${randomBytes(4).toString('hex')}`;
    // Roles are per brand: the DEMO brand's preset of that name.
    const roles = await valueOf<{ id: string; presetKey: string | null }[]>(
      await this.call('GET', '/wps/backoffice/roles'),
      'roles',
    );
    const roleId = roles.find((candidate) => candidate.presetKey === role)?.id;
    const created = await valueOf<{ temporaryPassword: string }>(
      await this.call('POST', '/wps/backoffice/staff', { username, displayName: `Journey ${role}`, roleId }),
      'staff creation',
    );
    return { username, temporaryPassword: created.temporaryPassword };
  }

  async updateSiteSettings(patch: Record<string, unknown>): Promise<void> {
    const response = await this.request.patch('/wps/backoffice/site/settings', {
      headers: this.headers,
      data: patch,
    });
    if (!response.ok()) throw new Error(`settings refused: ${await response.text()}`);
  }

  /** A manual credit (positive) or debit of a member's main wallet, as finance staff make it. */
  async adjustBalance(username: string, amount: string, reason: string): Promise<void> {
    const response = await this.request.post('/wps/backoffice/adjustments', {
      headers: this.headers,
      data: { username, amount, reason, requestId: randomUUID() },
    });
    if (!response.ok()) throw new Error(`adjustment refused: ${await response.text()}`);
  }

  /** A brand's client registration at a social sign-in provider (its button also needs the brand's flag). */
  async configureSocialProvider(
    provider: 'google' | 'facebook',
    config: { issuer: string; clientId: string; clientSecret: string; isEnabled: boolean },
  ): Promise<void> {
    const response = await this.request.put(`/wps/backoffice/site/social/${provider}`, {
      headers: this.headers,
      data: config,
    });
    if (!response.ok()) throw new Error(`social provider refused: ${await response.text()}`);
  }

  /** Where the brand's SMS and email go; null for the development outbox. */
  async configureDelivery(settings: { smsGateway: unknown; smtp: unknown }): Promise<void> {
    const response = await this.request.put('/wps/backoffice/site/delivery', {
      headers: this.headers,
      data: settings,
    });
    if (!response.ok()) throw new Error(`delivery settings refused: ${await response.text()}`);
  }

  /**
   * The newest verification code sent by SMS to a number, as staff read it in the outbox. Like a phone, it
   * waits a little for the message: the site's send button disables when sending starts, before the server
   * has written the code.
   */
  async readSmsCode(recipient: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await this.request.get(
        `/wps/backoffice/outbox?channel=sms&recipient=${encodeURIComponent(recipient)}`,
        { headers: this.headers },
      );
      const body = (await response.json()) as { value: { messages: Array<{ body: string }> } };
      const code = /code is (\d{6})/.exec(body.value.messages[0]?.body ?? '')?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code was sent to ${recipient}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
