import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins, seedDemoData } from '../../db/seed';
import { operatorApiPrefix } from '../../platform';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { auditEvents } from '../audit/audit.tables';
import { demoStaff } from './backoffice.seed';
import { staff } from './backoffice.tables';

type Envelope = { success: boolean; code?: string; value: unknown };
type Summary = {
  id: string;
  username: string;
  role: { id: string; name: string; presetKey: string | null } | null;
  isActive: boolean;
  mustChangePassword: boolean;
  isTotpEnrolled: boolean;
  allowedIps: string[];
  lockedUntil: string | null;
};
type Headers = { authorization: string; 'x-merchant-code': string };

const bodyOf = (response: LightMyRequestResponse): Envelope => response.json();
const valueOf = (response: LightMyRequestResponse): unknown => {
  const body = bodyOf(response);
  if (!body.success) throw new Error(`refused: ${response.body}`);
  return body.value;
};

describe('staff management', () => {
  let subject: TestApp;
  let admin: Headers;
  let adminId: string;
  /** The demo brand's preset roles' ids, by preset key. */
  const roleIds = new Map<string, string>();
  const roleId = (presetKey: string) => roleIds.get(presetKey) ?? '';
  beforeAll(async () => {
    subject = await createTestApp();
    admin = await operatorHeaders(subject.app);
    const [operator] = await subject.database.db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.username, demoStaff.username));
    adminId = operator?.id.toString() ?? '';
    const roles = valueOf(await call('GET', '/roles', admin)) as { id: string; presetKey: string | null }[];
    for (const role of roles) if (role.presetKey) roleIds.set(role.presetKey, role.id);
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
    subject.app.inject({
      method,
      url: `${operatorApiPrefix}${url}`,
      headers: headers as Record<string, string>,
      remoteAddress: '203.0.113.20',
      ...(payload ? { payload } : {}),
    });
  const login = (username: string, password: string) =>
    call('POST', '/session/login', {}, { username, password });
  const list = async () => valueOf(await call('GET', '/staff', admin)) as Summary[];
  const auditOf = (action: string, username: string) =>
    subject.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, username)));

  /** Signs a staff member in through both steps (enrolling) and answers their headers. */
  const signIn = async (username: string, password: string): Promise<Headers> => {
    const challenge = valueOf(await login(username, password)) as { challenge: string; secret: string };
    const code = await generate({ secret: challenge.secret });
    const session = valueOf(
      await call('POST', '/session/verify', {}, { challenge: challenge.challenge, code }),
    ) as { token: string };
    return { authorization: `Bearer ${session.token}`, 'x-merchant-code': 'DEMO' };
  };

  it('creates a staff member with a temporary password to change and two-factor to enrol, audited', async () => {
    const created = valueOf(
      await call('POST', '/staff', admin, {
        username: 'cashier2',
        displayName: 'Second cashier',
        roleId: roleId('finance'),
        allowedIps: ['203.0.113.0/24'],
      }),
    ) as { staff: Summary; temporaryPassword: string };
    expect(created.temporaryPassword.length).toBeGreaterThanOrEqual(16);
    expect(created.staff).toMatchObject({
      username: 'cashier2',
      role: { id: roleId('finance'), name: 'Finance', presetKey: 'finance' },
      isActive: true,
      mustChangePassword: true,
      isTotpEnrolled: false,
      allowedIps: ['203.0.113.0/24'],
      lockedUntil: null,
    });
    expect((await list()).map((row) => row.username)).toEqual(
      expect.arrayContaining([demoStaff.username, 'cashier2']),
    );
    const [event] = await auditOf('staff.create', 'cashier2');
    expect(event).toMatchObject({ actorType: 'staff', actorId: adminId, after: { role: 'Finance' } });
    expect(JSON.stringify({ before: event?.before, after: event?.after })).not.toContain(
      created.temporaryPassword,
    );

    const again = await call('POST', '/staff', admin, {
      username: 'cashier2',
      displayName: 'x',
      roleId: roleId('support'),
    });
    expect(bodyOf(again)).toMatchObject({ success: false, code: 'USERNAME_TAKEN' });

    const challenge = valueOf(await login('cashier2', created.temporaryPassword)) as { stage: string };
    expect(challenge.stage).toBe('enrol');
  });

  it('changes role and name, disables (ending sessions) and enables again, audited with before and after', async () => {
    const created = valueOf(
      await call('POST', '/staff', admin, {
        username: 'helper2',
        displayName: 'Helper',
        roleId: roleId('support'),
      }),
    ) as { staff: Summary; temporaryPassword: string };
    const helper = await signIn('helper2', created.temporaryPassword);
    expect((await call('GET', '/session/me', helper)).statusCode).toBe(200);

    const promoted = valueOf(
      await call('PATCH', `/staff/${created.staff.id}`, admin, {
        roleId: roleId('finance'),
        displayName: 'Helper Two',
      }),
    ) as Summary;
    expect(promoted).toMatchObject({ role: { name: 'Finance' }, isActive: true });
    const [changed] = await auditOf('staff.update', 'helper2');
    expect(changed).toMatchObject({
      actorId: adminId,
      before: { role: 'Support', displayName: 'Helper' },
      after: { role: 'Finance', displayName: 'Helper Two' },
    });

    const disabled = valueOf(
      await call('PATCH', `/staff/${created.staff.id}`, admin, { isActive: false }),
    ) as Summary;
    expect(disabled.isActive).toBe(false);
    expect((await call('GET', '/session/me', helper)).statusCode).toBe(401);
    expect(bodyOf(await login('helper2', created.temporaryPassword))).toMatchObject({ code: 'UNAUTHORIZED' });

    await call('PATCH', `/staff/${created.staff.id}`, admin, { isActive: true });
    expect((await login('helper2', created.temporaryPassword)).statusCode).toBe(200);
  });

  it('refuses an admin disabling themselves or taking staff management from themselves', async () => {
    for (const change of [{ isActive: false }, { roleId: roleId('support') }, { roleId: null }]) {
      const response = await call('PATCH', `/staff/${adminId}`, admin, change);
      expect(bodyOf(response)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await list()).find((row) => row.id === adminId)).toMatchObject({
      role: { presetKey: 'admin' },
      isActive: true,
    });
    expect(bodyOf(await call('PATCH', `/staff/${adminId}`, admin, { roleId: '999999' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(bodyOf(await call('PATCH', '/staff/999999', admin, { displayName: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('resets a staff member: new temporary password, forced change, new enrolment, sessions ended, lock lifted', async () => {
    const created = valueOf(
      await call('POST', '/staff', admin, {
        username: 'resetme',
        displayName: 'Reset me',
        roleId: roleId('support'),
      }),
    ) as { staff: Summary; temporaryPassword: string };
    const before = await signIn('resetme', created.temporaryPassword);
    expect((await list()).find((row) => row.username === 'resetme')).toMatchObject({ isTotpEnrolled: true });
    for (let index = 0; index < 6; index += 1) await login('resetme', 'wrong-password');
    expect((await list()).find((row) => row.username === 'resetme')?.lockedUntil).toEqual(expect.any(String));

    const reset = valueOf(await call('POST', `/staff/${created.staff.id}/reset`, admin)) as {
      temporaryPassword: string;
    };
    expect(reset.temporaryPassword).not.toBe(created.temporaryPassword);
    expect((await list()).find((row) => row.username === 'resetme')).toMatchObject({
      mustChangePassword: true,
      isTotpEnrolled: false,
      lockedUntil: null,
    });
    expect((await call('GET', '/session/me', before)).statusCode).toBe(401);
    expect((await login('resetme', created.temporaryPassword)).statusCode).toBe(401);
    const challenge = valueOf(await login('resetme', reset.temporaryPassword)) as { stage: string };
    expect(challenge.stage).toBe('enrol');
    expect(await auditOf('staff.reset', 'resetme')).toEqual([
      expect.objectContaining({ actorType: 'staff', actorId: adminId }),
    ]);
  });

  it('is for admins only', async () => {
    const finance = await createStaff(subject.app, { role: 'finance', username: 'notadmin' });
    const attempts = [
      await call('GET', '/staff', finance),
      await call('POST', '/staff', finance, {
        username: 'sneaky',
        displayName: 'Sneaky',
        roleId: roleId('admin'),
      }),
      await call('PATCH', `/staff/${adminId}`, finance, { isActive: false }),
      await call('POST', `/staff/${adminId}/reset`, finance),
    ];
    expect(attempts.map((response) => bodyOf(response).code)).toEqual([
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
    ]);
    expect((await list()).map((row) => row.username)).not.toContain('sneaky');
  });
});

describe('the seeded operator', () => {
  it('gets a random password, printed once and stored hashed, never the old published one', async () => {
    const database = await openTestDatabase();
    const other = await openTestDatabase();
    try {
      const seeded = await seedDemoData(database.db);
      const password = seeded.operatorPassword ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(password).not.toBe(['Operator', '2025'].join('#'));
      expect((await seedDemoData(other.db)).operatorPassword).not.toBe(password);
      expect(demoLogins(seeded).join('\n')).toContain(`operator / ${password} (shown once; stored hashed`);

      const [row] = await database.db.select().from(staff).where(eq(staff.username, demoStaff.username));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain(password);

      // A later start keeps the password and prints none.
      const later = await seedDemoData(database.db, { operatorInitialPassword: 'another-password' });
      expect(later.operatorPassword).toBeUndefined();
      expect(demoLogins(later).join('\n')).not.toContain(password);

      const platform = await createTestApp({}, { database });
      try {
        const answer = (payload: object) =>
          platform.app.inject({ method: 'POST', url: `${operatorApiPrefix}/session/login`, payload });
        const published = await answer({ username: 'operator', password: ['Operator', '2025'].join('#') });
        expect(published.statusCode).toBe(401);
        const printed = await answer({ username: 'operator', password });
        expect(printed.json()).toMatchObject({ success: true, value: { stage: 'enrol' } });
      } finally {
        await platform.close();
      }
    } finally {
      await database.close();
      await other.close();
    }
  });

  it('takes OPERATOR_INITIAL_PASSWORD when it is set', async () => {
    const database = await openTestDatabase();
    try {
      const seeded = await seedDemoData(database.db, { operatorInitialPassword: 'chosen-by-the-operator' });
      expect(seeded.operatorPassword).toBe('chosen-by-the-operator');
    } finally {
      await database.close();
    }
  });
});
