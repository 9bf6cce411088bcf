import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password-hashing';
import { operatorApiPrefix } from '../../platform';
import { createTestApp, testOperatorPassword, type TestApp } from '../../testing/test-app';
import { brands } from '../site/site.tables';
import { demoStaff } from './backoffice.seed';
import { staff, staffRecoveryCodes, staffSessions } from './backoffice.tables';
import { assignPresetRole } from './staff-roles/preset-roles';

type Envelope = { success: boolean; code?: string; value: Record<string, unknown> | null };
type Challenge = { stage: 'totp' | 'enrol'; challenge: string; secret?: string };
type Session = { token: string; staff: { mustChangePassword: boolean }; recoveryCodes?: string[] };

const bodyOf = (response: LightMyRequestResponse): Envelope => response.json();
const valueOf = (response: LightMyRequestResponse): unknown => {
  const body = bodyOf(response);
  if (!body.success) throw new Error(`refused: ${response.body}`);
  return body.value;
};

/** The TOTP code of a secret now, or `steps` 30-second steps later (the next code an authenticator shows). */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

/** A code that is none of the secret's codes around now. */
const wrongCodeFor = async (secret: string) => {
  const near = await Promise.all([-1, 0, 1].map((steps) => totp(secret, steps)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
};

describe('staff sign-in', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  /** Requests from one address (each test uses its own, so the per-address limit never mixes tests). */
  const from = (ip: string) => ({
    login: (username: string, password: string) =>
      subject.app.inject({
        method: 'POST',
        url: `${operatorApiPrefix}/session/login`,
        payload: { username, password },
        remoteAddress: ip,
      }),
    verify: (challenge: string, code: string) =>
      subject.app.inject({
        method: 'POST',
        url: `${operatorApiPrefix}/session/verify`,
        payload: { challenge, code },
        remoteAddress: ip,
      }),
    get: (url: string, token: string) =>
      subject.app.inject({
        method: 'GET',
        url: `${operatorApiPrefix}${url}`,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: ip,
      }),
    send: (method: 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
      subject.app.inject({
        method,
        url: `${operatorApiPrefix}${url}`,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: ip,
        ...(payload ? { payload } : {}),
      }),
  });

  /** A staff member row, holding the demo brand's preset role. */
  const insertStaff = async (values: typeof staff.$inferInsert, presetKey: 'finance' | 'support') => {
    const { db } = subject.database;
    const [row] = await db.insert(staff).values(values).returning({ id: staff.id });
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!row || !brand) throw new Error('no staff row or demo brand');
    await assignPresetRole(db, { staffId: row.id, brandId: brand.id, presetKey });
  };

  const addStaff = async (username: string, password: string, allowedIps: string[] = []) => {
    await insertStaff(
      { username, displayName: username, passwordHash: await hashPassword(password), allowedIps },
      'finance',
    );
  };

  /** Signs in through both steps, enrolling on the way; answers the session and the TOTP secret. */
  const enrol = async (ip: string, username: string, password: string) => {
    const client = from(ip);
    const challenge = valueOf(await client.login(username, password)) as Challenge;
    expect(challenge.stage).toBe('enrol');
    const secret = challenge.secret ?? '';
    const session = valueOf(await client.verify(challenge.challenge, await totp(secret))) as Session;
    return { session, secret };
  };

  const sessionCount = async (username: string) =>
    (
      await subject.database.db
        .select({ tokenHash: staffSessions.tokenHash })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(eq(staff.username, username))
    ).length;

  it('opens no session on the password alone: it answers a challenge to enrol two-factor', async () => {
    const client = from('203.0.113.1');
    const response = await client.login(demoStaff.username, testOperatorPassword);
    expect(response.statusCode).toBe(200);
    const value = valueOf(response) as Record<string, unknown>;
    expect(value).not.toHaveProperty('token');
    expect(value).toMatchObject({
      stage: 'enrol',
      challenge: expect.any(String) as string,
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/) as string,
      otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\/.*operator\?/) as string,
      qrCodeDataUrl: expect.stringMatching(/^data:image\/png;base64,/) as string,
    });
    expect(await sessionCount(demoStaff.username)).toBe(0);
    // The challenge is no session token.
    expect((await client.get('/session/me', String(value.challenge))).statusCode).toBe(401);
  });

  it('enrols with a TOTP code, answers ten recovery codes once, refuses a replayed code, and takes a recovery code once', async () => {
    const client = from('203.0.113.2');
    await addStaff('twofa', 'twofa-password');
    const first = valueOf(await client.login('twofa', 'twofa-password')) as Challenge;
    const secret = first.secret ?? '';
    const wrong = await client.verify(first.challenge, await wrongCodeFor(secret));
    expect(bodyOf(wrong)).toMatchObject({ success: false, code: 'VERIFICATION_CODE_INVALID' });

    const code = await totp(secret);
    const enrolled = valueOf(await client.verify(first.challenge, code)) as Session;
    expect(enrolled.recoveryCodes).toHaveLength(10);
    expect(new Set(enrolled.recoveryCodes).size).toBe(10);
    expect((await client.get('/session/me', enrolled.token)).statusCode).toBe(200);
    // The challenge was used up with the session.
    expect(bodyOf(await client.verify(first.challenge, code))).toMatchObject({ code: 'UNAUTHORIZED' });
    // Stored hashed: no row holds a code as it was shown.
    const stored = await subject.database.db.select().from(staffRecoveryCodes);
    const recoveryCodes = enrolled.recoveryCodes ?? [];
    expect(stored.filter((row) => recoveryCodes.some((shown) => row.codeHash.includes(shown)))).toEqual([]);

    const second = valueOf(await client.login('twofa', 'twofa-password')) as Challenge;
    expect(second).toEqual({ stage: 'totp', challenge: expect.any(String) as string });
    const replay = await client.verify(second.challenge, code);
    expect(bodyOf(replay)).toMatchObject({ success: false, code: 'VERIFICATION_CODE_INVALID' });
    const [recoveryCode = ''] = recoveryCodes;
    const byRecovery = valueOf(await client.verify(second.challenge, recoveryCode.toUpperCase())) as Session;
    expect(byRecovery.recoveryCodes).toBeUndefined();

    const third = valueOf(await client.login('twofa', 'twofa-password')) as Challenge;
    const reused = await client.verify(third.challenge, recoveryCode);
    expect(bodyOf(reused)).toMatchObject({ success: false, code: 'VERIFICATION_CODE_INVALID' });
    expect((await client.verify(third.challenge, await totp(secret, 1))).statusCode).toBe(200);
  });

  it('locks an account after 5 failures, known or not, and the right password then opens nothing', async () => {
    const client = from('203.0.113.3');
    await addStaff('locked', 'locked-password');
    for (const username of ['locked', 'nobody-at-all']) {
      for (let index = 0; index < 5; index += 1) {
        expect(bodyOf(await client.login(username, 'wrong-password'))).toMatchObject({
          code: 'UNAUTHORIZED',
        });
      }
    }
    const locked = await client.login('locked', 'locked-password');
    const unknown = await client.login('nobody-at-all', 'locked-password');
    expect(locked.statusCode).toBe(423);
    expect(bodyOf(locked)).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    expect(unknown.body).toBe(locked.body);
  });

  it('lets a burst of 25 wrong passwords and the right one at once check 5 at most, then stays locked', async () => {
    await addStaff('burst', 'burst-password');
    const passwords = [...Array.from({ length: 25 }, (_, index) => `wrong-${index}`), 'burst-password'];
    const answers = await Promise.all(
      passwords.map((password, index) => from(`198.51.100.${index + 1}`).login('burst', password)),
    );
    const count = (status: number) => answers.filter((answer) => answer.statusCode === status).length;
    // Five attempts are checked; a right password among them gives its attempt back, so at most the five
    // wrong ones ever count, and everything past them is refused unchecked.
    expect(count(401)).toBeLessThanOrEqual(5);
    expect(count(401) + count(200)).toBeGreaterThanOrEqual(5);
    expect(count(423)).toBeGreaterThanOrEqual(20);
    expect(count(401) + count(200) + count(423)).toBe(26);
    expect(bodyOf(await from('198.51.100.200').login('burst', 'burst-password'))).toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
    expect(await sessionCount('burst')).toBe(0);
  });

  it('counts wrong codes toward the same lockout: after 5, the right code is refused', async () => {
    const client = from('203.0.113.4');
    await addStaff('codes', 'codes-password');
    const { secret } = await enrol('203.0.113.4', 'codes', 'codes-password');
    const challenge = valueOf(await client.login('codes', 'codes-password')) as Challenge;
    const wrong = await wrongCodeFor(secret);
    for (let index = 0; index < 5; index += 1) {
      expect(bodyOf(await client.verify(challenge.challenge, wrong))).toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
      });
    }
    expect(bodyOf(await client.verify(challenge.challenge, await totp(secret, 1)))).toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
    expect(await sessionCount('codes')).toBe(1);
  });

  it('limits failures per address: past 20, even a right password from it is refused', async () => {
    const client = from('203.0.113.5');
    await addStaff('address', 'address-password');
    for (let index = 0; index < 20; index += 1) {
      expect((await client.login(`ghost${index}`, 'wrong-password')).statusCode).toBe(401);
    }
    expect(bodyOf(await client.login('address', 'address-password'))).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect((await from('203.0.113.55').login('address', 'address-password')).statusCode).toBe(200);
  });

  it('admits a staff member only from their allow-list, at sign-in and on every request', async () => {
    await addStaff('office', 'office-password', ['192.0.2.0/28', '2001:db8::/32']);
    const outside = await from('203.0.113.6').login('office', 'office-password');
    const wrongPassword = await from('203.0.113.6').login('nobody-else', 'office-password');
    expect(outside.statusCode).toBe(401);
    expect(outside.body).toBe(wrongPassword.body);
    expect((await from('2001:db8::7').login('office', 'office-password')).statusCode).toBe(200);

    const { session } = await enrol('192.0.2.3', 'office', 'office-password');
    expect((await from('192.0.2.3').get('/session/me', session.token)).statusCode).toBe(200);
    expect((await from('::ffff:192.0.2.4').get('/session/me', session.token)).statusCode).toBe(200);
    const elsewhere = await from('192.0.2.16').get('/session/me', session.token);
    expect(bodyOf(elsewhere)).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('keeps a staff member whose password must change out of everything but changing it', async () => {
    const client = from('203.0.113.7');
    await insertStaff(
      {
        username: 'newcomer',
        displayName: 'Newcomer',
        passwordHash: await hashPassword('temporary-password'),
        mustChangePassword: true,
      },
      'finance',
    );
    const { session, secret } = await enrol('203.0.113.7', 'newcomer', 'temporary-password');
    expect(session.staff.mustChangePassword).toBe(true);
    const [recoveryCode = ''] = session.recoveryCodes ?? [];
    const second = valueOf(await client.login('newcomer', 'temporary-password')) as Challenge;
    const other = valueOf(await client.verify(second.challenge, recoveryCode)) as Session;

    expect((await client.get('/session/me', session.token)).statusCode).toBe(200);
    const blocked = await client.get('/game-vendors', session.token);
    expect(blocked.statusCode).toBe(403);
    expect(bodyOf(blocked)).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });

    const change = (oldPassword: string, newPassword: string) =>
      client.send('POST', '/session/password', session.token, { oldPassword, newPassword });
    expect(bodyOf(await change('not-the-password', 'a brand new passphrase'))).toMatchObject({
      code: 'OLD_PASSWORD_WRONG',
    });
    expect(bodyOf(await change('temporary-password', 'short'))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    for (const refused of ['temporary-password', 'password123', 'Qwertyuiop']) {
      expect(bodyOf(await change('temporary-password', refused))).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await change('temporary-password', 'a brand new passphrase')).statusCode).toBe(200);

    expect((await client.get('/game-vendors', session.token)).statusCode).toBe(200);
    expect(valueOf(await client.get('/session/me', session.token)) as Session['staff']).toMatchObject({
      mustChangePassword: false,
    });
    // Their other session ended with the change; the old password opens nothing any more.
    expect((await client.get('/session/me', other.token)).statusCode).toBe(401);
    expect((await client.login('newcomer', 'temporary-password')).statusCode).toBe(401);
    const next = valueOf(await client.login('newcomer', 'a brand new passphrase')) as Challenge;
    expect((await client.verify(next.challenge, await totp(secret, 1))).statusCode).toBe(200);
  });

  it('shows no session row and no token for a disabled account', async () => {
    await insertStaff(
      {
        username: 'retired',
        displayName: 'Retired',
        passwordHash: await hashPassword('retired-password'),
        isActive: false,
      },
      'support',
    );
    const response = await from('203.0.113.8').login('retired', 'retired-password');
    expect(bodyOf(response)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const [row] = await subject.database.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.username, 'retired'), eq(staff.isActive, false)));
    expect(row).toBeDefined();
  });
});
