import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, loginAsOperator, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { type Caller, walletTestKit } from './wallet-api.test-helpers';

type Json = Record<string, unknown>;

describe('operator wallet endpoints', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let admin: Caller;
  let finance: Caller;
  let support: Caller;
  let player: MemberRow;

  const call = async (
    caller: Caller | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Json,
  ) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps/backoffice${url}`,
      ...(caller ? { headers: { authorization: caller.authorization } } : {}),
      ...(payload ? { payload } : {}),
    });
    return response.json<Json>();
  };
  const adjust = (caller: Caller, amount: string, extra: Json = {}) =>
    call(caller, 'POST', '/adjustments', {
      username: 'demoplayer',
      amount,
      reason: 'Goodwill for a lost round',
      requestId: randomUUID(),
      ...extra,
    });
  const auditOf = async (member: MemberRow) => {
    const body = await call(admin, 'GET', `/audit?entityType=member&entityId=${member.id}`);
    return (body.value as { list: Json[] }).list;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
    admin = await loginAsOperator(testApp.app);
    finance = await kit.loginAsStaff('cashier', 'finance');
    support = await kit.loginAsStaff('helper', 'support');
    ({ member: player } = await loginAsMember(testApp, 'demoplayer'));
  });
  afterAll(() => testApp.close());

  describe('adjustments', () => {
    it('credits and debits the main wallet, audited, and tells the member', async () => {
      const requestId = randomUUID();
      const credit = await adjust(admin, '50.00', { requestId });
      expect(credit).toMatchObject({
        success: true,
        value: {
          transactionId: expect.any(String) as string,
          balanceBefore: '1000.00',
          balanceAfter: '1050.00',
        },
      });
      expect(await adjust(admin, '50.00', { requestId })).toEqual(credit);
      expect(await kit.balance(player)).toBe(105_000n);

      const debit = await adjust(finance, '-20.25', { reason: 'Duplicate bonus' });
      expect(debit).toMatchObject({ value: { balanceBefore: '1050.00', balanceAfter: '1029.75' } });
      expect(await kit.balance(player)).toBe(102_975n);

      const [latest, first] = await auditOf(player);
      expect(latest).toMatchObject({
        actorType: 'staff',
        action: 'wallet.adjustment',
        entityType: 'member',
        entityId: player.id.toString(),
        before: { balance: '1050.00' },
        after: { balance: '1029.75', amount: '-20.25', reason: 'Duplicate bonus', username: 'demoplayer' },
      });
      expect(first).toMatchObject({ before: { balance: '1000.00' }, after: { amount: '50.00' } });

      const messages = (await kit.messagesOf(player)).filter((row) => row.kind === 'adjustment');
      expect(messages.map((row) => row.params)).toEqual([
        { amount: '50.00', currency: 'USD', reason: 'Goodwill for a lost round' },
        { amount: '-20.25', currency: 'USD', reason: 'Duplicate bonus' },
      ]);
    });

    it('refuses bad amounts, overdrafts, unknown and trial members and support staff, changing nothing', async () => {
      const trial = await kit.addMember('trialadjust', { type: 4 });
      const before = {
        transactions: await kit.transactionCount(),
        balance: await kit.balance(player),
        audit: (await auditOf(player)).length,
        messages: (await kit.messagesOf(player)).length,
      };
      const attempts: Array<[string, () => Promise<Json>]> = [
        ...['0', '-0.00', '1.001', '99999999999999999999', '-99999999999999999999', 'abc', ''].map(
          (amount) => ['VALIDATION_FAILED', () => adjust(admin, amount)] as [string, () => Promise<Json>],
        ),
        ['VALIDATION_FAILED', () => adjust(admin, '1.00', { reason: '  ' })],
        ['VALIDATION_FAILED', () => adjust(admin, '1.00', { currency: 'PHP' })],
        ['INSUFFICIENT_FUNDS', () => adjust(admin, '-1029.76')],
        ['NOT_FOUND', () => adjust(admin, '1.00', { username: 'nobody-here' })],
        ['TRIAL_NOT_ALLOWED', () => adjust(admin, '1.00', { username: trial.username })],
        ['FORBIDDEN', () => adjust(support, '1.00')],
        [
          'UNAUTHORIZED',
          () =>
            call(undefined, 'POST', '/adjustments', {
              username: 'demoplayer',
              amount: '1.00',
              reason: 'No session',
              requestId: randomUUID(),
            }),
        ],
      ];
      for (const [code, run] of attempts) expect(await run(), code).toMatchObject({ success: false, code });
      expect({
        transactions: await kit.transactionCount(),
        balance: await kit.balance(player),
        audit: (await auditOf(player)).length,
        messages: (await kit.messagesOf(player)).length,
      }).toEqual(before);
    });
  });

  it('shows a member’s funds, turnover and latest records', async () => {
    const body = await call(finance, 'GET', '/members/DemoPlayer/wallet');
    expect(body).toMatchObject({
      success: true,
      value: {
        member: { id: player.id.toString(), account: 'demoplayer', realName: 'Juan Dela Cruz' },
        funds: { mainWallet: '1029.75', pendingWithdrawal: '0.00', total: '1029.75' },
        turnoverRemaining: '0.00',
        records: [
          { type: 'adjustment', amount: '-20.25', memo: 'Duplicate bonus' },
          { type: 'adjustment', amount: '50.00' },
          { type: 'adjustment', amount: '1000.00' },
        ],
      },
    });
    expect(await call(finance, 'GET', '/members/nobody-here/wallet')).toMatchObject({ code: 'NOT_FOUND' });
    expect(await call(support, 'GET', '/members/demoplayer/wallet')).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists the audit trail newest first, paged and filtered', async () => {
    // A staff member signing out is audited under the staff entity, which the filter below picks out.
    const leaving = await loginAsOperator(testApp.app);
    await testApp.app.inject({ method: 'DELETE', url: '/wps/backoffice/session/logout', headers: leaving });
    const page = await call(admin, 'GET', '/audit?pageSize=1');
    expect(page).toMatchObject({ success: true, value: { list: [{ id: expect.any(String) as string }] } });
    expect((page.value as { totalPages: number }).totalPages).toBeGreaterThan(2);
    const all = await call(admin, 'GET', '/audit?pageSize=100');
    const ids = (all.value as { list: Array<{ id: string }> }).list.map((row) => BigInt(row.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? 1 : -1)));
    const logins = await call(admin, 'GET', '/audit?entityType=staff');
    const staffRows = (logins.value as { list: Json[] }).list;
    expect(staffRows.length).toBeGreaterThan(0);
    expect(staffRows.every((row) => row.entityType === 'staff')).toBe(true);
    expect(await call(support, 'GET', '/audit')).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('reads and changes the brand’s wallet settings, audited, admins only', async () => {
    expect(await call(finance, 'GET', '/wallet-settings')).toMatchObject({
      value: { mode: 'single', transferVendors: [] },
    });
    const changed = await call(admin, 'PUT', '/wallet-settings', {
      mode: 'transfer',
      transferVendors: ['PG', 'JDB', 'PG'],
    });
    expect(changed).toMatchObject({
      success: true,
      value: { mode: 'transfer', transferVendors: ['PG', 'JDB'] },
    });
    expect(await call(finance, 'GET', '/wallet-settings')).toMatchObject({
      value: { mode: 'transfer', transferVendors: ['PG', 'JDB'] },
    });
    const trail = await call(admin, 'GET', '/audit?entityType=brand');
    expect(trail).toMatchObject({
      value: {
        list: [
          {
            action: 'wallet.settings',
            before: { mode: 'single', transferVendors: [] },
            after: { mode: 'transfer', transferVendors: ['PG', 'JDB'] },
          },
        ],
      },
    });
    expect(
      await call(finance, 'PUT', '/wallet-settings', { mode: 'single', transferVendors: [] }),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    for (const body of [
      { mode: 'both', transferVendors: [] },
      { mode: 'transfer', transferVendors: ['pg'] },
    ]) {
      expect(await call(admin, 'PUT', '/wallet-settings', body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
