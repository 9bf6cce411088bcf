import { permissions, presetRoleKeys, presetRoles } from '@wps/contracts/staff-permissions';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApiPrefix } from '../../../platform';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../../testing/test-app';
import { auditEvents } from '../../audit/audit.tables';
import { brands } from '../../site/site.tables';

type Headers = Record<string, string>;
type Role = { id: string; name: string; presetKey: string | null; permissions: string[]; staffCount: number };
type Envelope = { success: boolean; code?: string; message: string; value: unknown };

const bodyOf = (response: LightMyRequestResponse): Envelope => response.json();
const valueOf = (response: LightMyRequestResponse): unknown => {
  const body = bodyOf(response);
  if (!body.success) throw new Error(`refused: ${response.body}`);
  return body.value;
};

describe('roles and permissions', () => {
  let subject: TestApp;
  let admin: Headers;
  beforeAll(async () => {
    subject = await createTestApp();
    admin = await operatorHeaders(subject.app);
  });
  afterAll(() => subject.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) =>
    subject.app.inject({
      method,
      url: `${operatorApiPrefix}${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const roles = async (headers = admin) => valueOf(await call('GET', '/roles', headers)) as Role[];
  const roleOf = async (presetKey: string) => {
    const found = (await roles()).find((role) => role.presetKey === presetKey);
    if (!found) throw new Error(`no ${presetKey} role`);
    return found;
  };
  const staffIdOf = async (username: string) => {
    const list = valueOf(await call('GET', '/staff', admin)) as { id: string; username: string }[];
    return list.find((member) => member.username === username)?.id ?? '';
  };
  const auditOf = (action: string, entityId: string) =>
    subject.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
  /** A second brand, made as tests make one (so its roles come from `operatorHeaders`). */
  const addBrand = async (merchantCode: string) => {
    const [demo] = await subject.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    await subject.database.db.insert(brands).values({ ...rest, merchantCode });
  };

  it('lists the permission catalogue and the six presets of the brand', async () => {
    const catalogue = valueOf(await call('GET', '/permissions', admin)) as {
      key: string;
      permissions: { key: string }[];
    }[];
    expect(catalogue.flatMap((group) => group.permissions.map((permission) => permission.key))).toEqual(
      permissions,
    );
    const presets = (await roles()).filter((role) => role.presetKey !== null);
    expect(presets.map(({ presetKey, name, permissions: held }) => ({ presetKey, name, held }))).toEqual(
      presetRoleKeys.map((presetKey) => ({
        presetKey,
        name: presetRoles[presetKey].name,
        held: [...presetRoles[presetKey].permissions],
      })),
    );
    expect(presets.find((role) => role.presetKey === 'admin')?.staffCount).toBeGreaterThanOrEqual(1);
  });

  it("answers who is signed in with their role and its permissions in the request's brand", async () => {
    const finance = await createStaff(subject.app, { role: 'finance', username: 'me-finance' });
    expect(valueOf(await call('GET', '/session/me', finance))).toMatchObject({
      username: 'me-finance',
      role: { name: 'Finance', presetKey: 'finance' },
      permissions: [...presetRoles.finance.permissions],
    });
  });

  it('refuses, in the spec envelope, a route whose permission the role lacks, and admits it once the role gains it', async () => {
    const created = valueOf(
      await call('POST', '/roles', admin, { name: 'Queue reader', permissions: ['deposits.view'] }),
    ) as Role;
    const reader = await createStaff(subject.app, { role: 'content', username: 'queue-reader' });
    await call('PATCH', `/staff/${await staffIdOf('queue-reader')}`, admin, { roleId: created.id });

    expect((await call('GET', '/deposits', reader)).statusCode).toBe(200);
    const refused = await call('GET', '/withdrawals', reader);
    expect(refused.statusCode).toBe(403);
    expect(bodyOf(refused)).toEqual({
      success: false,
      value: null,
      message: 'Your role does not allow this.',
      code: 'FORBIDDEN',
    });

    // The same session: permissions are read with it on every request, not fixed at sign-in.
    await call('PATCH', `/roles/${created.id}`, admin, {
      permissions: ['deposits.view', 'withdrawals.view'],
    });
    expect((await call('GET', '/withdrawals', reader)).statusCode).toBe(200);
  });

  it('holds roles per brand: a role in one brand opens nothing in another', async () => {
    await addBrand('ROLESTWO');
    const finance = await createStaff(subject.app, { role: 'finance', username: 'one-brand-finance' });
    expect((await call('GET', '/deposits', finance)).statusCode).toBe(200);
    const elsewhere = await call('GET', '/deposits', { ...finance, 'x-merchant-code': 'ROLESTWO' });
    expect(bodyOf(elsewhere)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(
      valueOf(await call('GET', '/session/me', { ...finance, 'x-merchant-code': 'ROLESTWO' })),
    ).toMatchObject({ role: null, permissions: [] });
    // The other brand's admin edits its own presets; this brand's stay as they were.
    const otherAdmin = await operatorHeaders(subject.app, 'ROLESTWO');
    const otherFinance = (await roles(otherAdmin)).find((role) => role.presetKey === 'finance');
    await call('PATCH', `/roles/${otherFinance?.id ?? ''}`, otherAdmin, { permissions: ['deposits.view'] });
    expect((await roleOf('finance')).permissions).toEqual([...presetRoles.finance.permissions]);
    expect(
      bodyOf(await call('PATCH', `/roles/${otherFinance?.id ?? ''}`, admin, { name: 'Not mine' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('creates, edits and deletes a role, audited with before and after; presets and held roles stay', async () => {
    const created = valueOf(
      await call('POST', '/roles', admin, {
        name: 'Night shift',
        permissions: ['withdrawals.view', 'members.view', 'members.view'],
      }),
    ) as Role;
    expect(created).toMatchObject({
      name: 'Night shift',
      presetKey: null,
      permissions: ['members.view', 'withdrawals.view'],
      staffCount: 0,
    });
    expect(
      bodyOf(await call('POST', '/roles', admin, { name: 'night SHIFT', permissions: [] })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      bodyOf(await call('POST', '/roles', admin, { name: 'Typo', permissions: ['members.veiw'] })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });

    const edited = valueOf(
      await call('PATCH', `/roles/${created.id}`, admin, {
        name: 'Late shift',
        permissions: ['deposits.view'],
      }),
    ) as Role;
    expect(edited).toMatchObject({ name: 'Late shift', permissions: ['deposits.view'] });
    const [change] = await auditOf('staff.role.update', created.id);
    expect(change).toMatchObject({
      actorType: 'staff',
      before: { name: 'Night shift', permissions: ['members.view', 'withdrawals.view'] },
      after: { name: 'Late shift', permissions: ['deposits.view'] },
    });

    // A preset can be edited, never deleted.
    const support = await roleOf('support');
    expect(bodyOf(await call('DELETE', `/roles/${support.id}`, admin))).toMatchObject({ code: 'FORBIDDEN' });

    // A role somebody holds is not deleted under them.
    await createStaff(subject.app, { role: 'support', username: 'late-worker' });
    await call('PATCH', `/staff/${await staffIdOf('late-worker')}`, admin, { roleId: created.id });
    expect(bodyOf(await call('DELETE', `/roles/${created.id}`, admin))).toMatchObject({ code: 'FORBIDDEN' });
    await call('PATCH', `/staff/${await staffIdOf('late-worker')}`, admin, { roleId: support.id });
    expect((await call('DELETE', `/roles/${created.id}`, admin)).statusCode).toBe(200);
    expect((await roles()).map((role) => role.id)).not.toContain(created.id);
    expect(await auditOf('staff.role.delete', created.id)).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ name: 'Late shift' }) as unknown }),
    ]);
  });

  it('is for staff.manage only', async () => {
    const finance = await createStaff(subject.app, { role: 'finance', username: 'roles-finance' });
    const support = await roleOf('support');
    const attempts = [
      await call('GET', '/roles', finance),
      await call('GET', '/permissions', finance),
      await call('POST', '/roles', finance, { name: 'Mine', permissions: ['staff.manage'] }),
      await call('PATCH', `/roles/${support.id}`, finance, { permissions: [...permissions] }),
      await call('DELETE', `/roles/${support.id}`, finance),
    ];
    expect(attempts.map((response) => bodyOf(response).code)).toEqual(Array(5).fill('FORBIDDEN'));
    expect((await roleOf('support')).permissions).toEqual(support.permissions);
  });

  describe('the lockout rule', () => {
    it('refuses taking staff.manage from the role one holds', async () => {
      const adminRole = await roleOf('admin');
      const without = adminRole.permissions.filter((permission) => permission !== 'staff.manage');
      const refused = await call('PATCH', `/roles/${adminRole.id}`, admin, { permissions: without });
      expect(bodyOf(refused)).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await roleOf('admin')).permissions).toContain('staff.manage');
      // Other changes to one's own role are fine.
      const renamed = await call('PATCH', `/roles/${adminRole.id}`, admin, { name: 'Administrators' });
      expect(valueOf(renamed)).toMatchObject({ name: 'Administrators' });
    });

    it("lets another manager's role lose staff.manage while someone active keeps it", async () => {
      const owners = valueOf(
        await call('POST', '/roles', admin, { name: 'Owners', permissions: ['staff.manage'] }),
      ) as Role;
      await createStaff(subject.app, { role: 'support', username: 'co-owner' });
      await call('PATCH', `/staff/${await staffIdOf('co-owner')}`, admin, { roleId: owners.id });
      const dropped = await call('PATCH', `/roles/${owners.id}`, admin, { permissions: ['members.view'] });
      expect(valueOf(dropped)).toMatchObject({ permissions: ['members.view'] });
    });

    it("refuses disabling the last active manager of a brand, even from another brand's admin", async () => {
      await addBrand('LOCKOUT');
      const keeper = await createStaff(subject.app, { role: 'admin', username: 'lockout-keeper' }, 'LOCKOUT');
      expect((await call('GET', '/roles', keeper)).statusCode).toBe(200);
      const keeperId = await staffIdOf('lockout-keeper');
      const refused = await call('PATCH', `/staff/${keeperId}`, admin, { isActive: false });
      expect(bodyOf(refused)).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(bodyOf(refused).message).toContain('nobody active');
      expect((await call('GET', '/roles', keeper)).statusCode).toBe(200);

      // With a second manager there, the keeper may go.
      await createStaff(subject.app, { role: 'admin', username: 'lockout-second' }, 'LOCKOUT');
      expect((await call('PATCH', `/staff/${keeperId}`, admin, { isActive: false })).statusCode).toBe(200);
      expect((await call('GET', '/roles', keeper)).statusCode).toBe(401);
    });

    it('leaves a manager when two managers demote each other at once', async () => {
      await addBrand('DUEL');
      const first = await createStaff(subject.app, { role: 'admin', username: 'duel-first' }, 'DUEL');
      const second = await createStaff(subject.app, { role: 'admin', username: 'duel-second' }, 'DUEL');
      const duelRoles = await roles(first);
      const supportId = duelRoles.find((role) => role.presetKey === 'support')?.id ?? '';
      const [firstId, secondId] = [await staffIdOf('duel-first'), await staffIdOf('duel-second')];
      const answers = await Promise.all([
        call('PATCH', `/staff/${secondId}`, first, { roleId: supportId }),
        call('PATCH', `/staff/${firstId}`, second, { roleId: supportId }),
      ]);
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 403]);
      const managers = (await roles(await operatorHeaders(subject.app, 'DUEL'))).find(
        (role) => role.presetKey === 'admin',
      );
      // The demo operator was just given the admin role there by operatorHeaders; one duellist kept theirs.
      expect(managers?.staffCount).toBe(2);
    });
  });
});
