import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import { createVendorKit } from '../games/vendor-wallet.test-helpers';
import { createDepositFixture } from '../payments/deposits.test-helpers';
import {
  createWithdrawalFixture,
  loginPassword,
  type TestMember,
} from '../payments/withdrawals.test-helpers';
import { brands } from '../site/site.tables';
import { members } from './members.tables';

type Envelope<T = unknown> = { success: boolean; code?: string; value: T; message: string };
const envelopeOf = <T = unknown>(response: LightMyRequestResponse): Envelope<T> => response.json();

type Profile = {
  member: {
    id: string;
    account: string;
    status: string;
    upline: string | null;
    mustChangePassword: boolean;
    hasPaymentPassword: boolean;
  };
  identity: { realName: string | null; idNumber: string | null; birthday: string | null };
  tags: string[];
  timeline: Array<{ kind: string; body: string; staffUsername: string }>;
};
type Linked = { list: Array<{ member: { account: string }; links: Array<{ kind: string; value: string }> }> };
type SignIns = {
  list: Array<{ event: string; isSuccess: boolean; ip: string; userAgent: string | null }>;
  totalCount: number;
};

/** Issue 25 item 5: the console's member 360 — profile, money, sign-ins, links, records and staff's changes. */
describe('operator: member profile', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  let fixture: ReturnType<typeof createWithdrawalFixture>;

  const staffCall = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    as: Record<string, string> = headers,
  ) =>
    testApp.app.inject({
      method,
      url: `/wps/backoffice${url}`,
      headers: as,
      ...(payload ? { payload } : {}),
    });
  const memberCall = (authorization: string, url: string) =>
    testApp.app.inject({ method: 'GET', url: `/wps${url}`, headers: { authorization } });
  const profileOf = async (member: { id: bigint }) =>
    envelopeOf<Profile>(await staffCall('GET', `/members/${member.id.toString()}/profile`)).value;
  const logIn = (username: string, password: string, ip: string, userAgent = 'TestBrowser/1.0') =>
    testApp.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
      payload: { username, password },
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    headers = await operatorHeaders(testApp.app);
    fixture = createWithdrawalFixture(testApp);
  });
  afterAll(() => testApp.close());

  it("shows the member's records and money exactly as the member's own pages do", async () => {
    const member = await fixture.createMember({ balance: 50_000n });
    const payoutAccountId = await fixture.addPayoutAccount(member);
    expect(
      envelopeOf(await fixture.requestWithdrawal(member, { payoutAccountId, amount: '100.00' })).success,
    ).toBe(true);
    const deposits = createDepositFixture(testApp);
    expect(
      envelopeOf(
        await deposits.deposit(member, {
          channelCode: 'BANK_TRANSFER',
          amount: '20.00',
          playerReference: 'R1',
        }),
      ).success,
    ).toBe(true);
    const vendor = await createVendorKit(testApp);
    const [row] = await testApp.database.db.select().from(members).where(eq(members.id, member.id));
    if (!row) throw new Error('no member row');
    const bet = await vendor.call('transaction/bet', vendor.betBody(row, await vendor.openSession(row)));
    expect(bet.answer.status).toBe('RS_OK');

    const id = member.id.toString();
    const pairs: Array<[string, string, (value: unknown) => void]> = [
      [
        '/member/records/transactions?pageSize=2',
        `/members/${id}/records/transactions?pageSize=2`,
        (value) => {
          expect(value).toMatchObject({ list: [{}, {}], currency: 'USD' });
        },
      ],
      [
        '/member/betting-records?status=OPEN',
        `/members/${id}/records/bets?status=OPEN`,
        (value) => {
          expect(value).toMatchObject({ total: 1 });
        },
      ],
      [
        '/member/deposits',
        `/members/${id}/records/deposits`,
        (value) => {
          expect(value).toMatchObject({ list: [{ amount: '20.00', status: 'pending' }] });
        },
      ],
      [
        '/member/withdrawals',
        `/members/${id}/records/withdrawals`,
        (value) => {
          expect(value).toMatchObject({ list: [{ amount: '100.00', status: 'pending' }] });
        },
      ],
    ];
    for (const [own, staff, check] of pairs) {
      const seen = envelopeOf(await memberCall(member.authorization, own));
      const shown = envelopeOf(await staffCall('GET', staff));
      expect(shown).toEqual(seen);
      check(shown.value);
    }

    const funds = envelopeOf<Record<string, unknown>>(await staffCall('GET', `/members/${id}/funds`)).value;
    const consolidated = envelopeOf<Record<string, unknown>>(
      await memberCall(member.authorization, '/member/info/funds/consolidated'),
    ).value;
    const overview = envelopeOf<Record<string, unknown>>(
      await memberCall(member.authorization, '/member/withdrawal/overview'),
    ).value;
    expect(funds).toMatchObject({
      currency: consolidated.currency,
      mainWallet: consolidated.mainWallet,
      pendingWithdrawal: '100.00',
      total: consolidated.total,
      bonusBalance: '0.00',
      withdrawal: {
        minAmount: overview.minAmount,
        dailyMaxAmount: overview.dailyMaxAmount,
        usedTodayCount: 1,
        turnoverRemaining: overview.turnoverRemaining,
      },
    });
    expect(funds.mainWallet).toBe('399.00');
  });

  it('shows who the member is, their upline and identity, and only in the brand the request names', async () => {
    const upline = await fixture.createMember({ type: 1 });
    const member = await fixture.createMember({ payeeName: 'Maria Clara' });
    await testApp.database.db
      .update(members)
      .set({ uplineId: upline.id, idNumber: 'P1234567', birthday: '1990-04-01' })
      .where(eq(members.id, member.id));
    const profile = await profileOf(member);
    expect(profile).toMatchObject({
      member: {
        account: member.username,
        status: 'active',
        upline: upline.username,
        hasPaymentPassword: true,
      },
      identity: { realName: 'Maria Clara', idNumber: 'P1234567', birthday: '1990-04-01' },
      tags: [],
      timeline: [],
    });

    const [demo] = await testApp.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    await testApp.database.db.insert(brands).values({ ...rest, merchantCode: 'PROFILEOTHER' });
    const elsewhere = await operatorHeaders(testApp.app, 'PROFILEOTHER');
    for (const url of ['profile', 'funds', 'sign-ins', 'linked', 'records/transactions']) {
      const answer = envelopeOf(
        await staffCall('GET', `/members/${member.id.toString()}/${url}`, undefined, elsewhere),
      );
      expect([url, answer.code]).toEqual([url, 'ACCOUNT_NOT_FOUND']);
    }
    expect(envelopeOf(await staffCall('GET', '/members/999999999/profile')).code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('lists the sign-ins with their addresses and browsers, newest first', async () => {
    const member = await fixture.createMember();
    expect(
      (await logIn(member.username, loginPassword, '198.51.100.42', 'Mozilla/5.0 Tablet')).statusCode,
    ).toBe(200);
    expect(
      (await logIn(member.username, 'wrong-password', '198.51.100.41', 'PhoneApp/2.1')).statusCode,
    ).not.toBe(200);
    const signIns = envelopeOf<SignIns>(
      await staffCall('GET', `/members/${member.id.toString()}/sign-ins?pageSize=10`),
    ).value;
    expect(signIns.totalCount).toBe(2);
    expect(signIns.list).toMatchObject([
      { event: 'login', isSuccess: false, ip: '198.51.100.41', userAgent: 'PhoneApp/2.1' },
      { event: 'login', isSuccess: true, ip: '198.51.100.42', userAgent: 'Mozilla/5.0 Tablet' },
    ]);
  });

  it('links members who used the same device, the same address or the same payout account number', async () => {
    const [first, second, third, stranger] = [
      await fixture.createMember(),
      await fixture.createMember(),
      await fixture.createMember(),
      await fixture.createMember(),
    ] as [TestMember, TestMember, TestMember, TestMember];
    for (const member of [first, second]) {
      expect(
        (await logIn(member.username, loginPassword, '198.51.100.51', 'SharedBrowser/9')).statusCode,
      ).toBe(200);
    }
    // The same address from another browser: a shared address, not a shared device.
    expect((await logIn(third.username, loginPassword, '198.51.100.51', 'OtherBrowser/1')).statusCode).toBe(
      200,
    );
    expect(
      (await logIn(stranger.username, loginPassword, '198.51.100.52', 'SharedBrowser/9')).statusCode,
    ).toBe(200);
    const accountNumber = `77${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await fixture.addPayoutAccount(first, { accountNumber });
    await fixture.addPayoutAccount(stranger, { accountNumber: `88${accountNumber.slice(2)}` });
    await fixture.addPayoutAccount(third, { accountNumber });

    const linked = envelopeOf<Linked>(await staffCall('GET', `/members/${first.id.toString()}/linked`)).value;
    const byAccount = Object.fromEntries(
      linked.list.map((entry) => [
        entry.member.account,
        entry.links.map((link) => `${link.kind} ${link.value}`),
      ]),
    );
    expect(byAccount).toEqual({
      [second.username]: ['device 198.51.100.51 · SharedBrowser/9', 'loginIp 198.51.100.51'],
      [third.username]: ['loginIp 198.51.100.51', `payoutAccount ****${accountNumber.slice(-4)}`],
    });
  });

  it('locks, disables and closes an account with a reason: no login, no session, no play; reopening lets it in', async () => {
    const member = await fixture.createMember({ balance: 1_000n });
    const id = member.id.toString();
    const vendor = await createVendorKit(testApp, 'TSTSTATUS');
    const [row] = await testApp.database.db.select().from(members).where(eq(members.id, member.id));
    if (!row) throw new Error('no member row');
    const token = await vendor.openSession(row);

    const changed = envelopeOf(
      await staffCall('POST', `/members/${id}/status`, { status: 'disabled', reason: 'Bonus abuse ring' }),
    );
    expect(changed).toMatchObject({ success: true, value: { status: 'disabled', sessionsEnded: 1 } });
    expect(envelopeOf(await memberCall(member.authorization, '/v2/wallets/balance')).code).toBe(
      'UNAUTHORIZED',
    );
    expect(envelopeOf(await logIn(member.username, loginPassword, '198.51.100.61')).code).toBe(
      'ACCOUNT_DISABLED',
    );
    const bet = await vendor.call('transaction/bet', vendor.betBody(row, token));
    expect(bet.answer.status).toBe('RS_ERROR_USER_DISABLED');

    for (const status of ['locked', 'closed'] as const) {
      expect(
        envelopeOf(await staffCall('POST', `/members/${id}/status`, { status, reason: `Now ${status}` }))
          .success,
      ).toBe(true);
      expect(envelopeOf(await logIn(member.username, loginPassword, '198.51.100.61')).code).toBe(
        'ACCOUNT_DISABLED',
      );
    }
    expect(
      envelopeOf(await staffCall('POST', `/members/${id}/status`, { status: 'closed', reason: 'again' })),
    ).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
    });
    expect(
      envelopeOf(await staffCall('POST', `/members/${id}/status`, { status: 'active', reason: ' ' })).code,
    ).toBe('VALIDATION_FAILED');
    expect(
      envelopeOf(
        await staffCall('POST', `/members/${id}/status`, { status: 'active', reason: 'Cleared by risk' }),
      ),
    ).toMatchObject({ success: true, value: { status: 'active', sessionsEnded: 0 } });
    expect((await logIn(member.username, loginPassword, '198.51.100.61')).statusCode).toBe(200);

    const profile = await profileOf(member);
    expect(profile.member.status).toBe('active');
    expect(profile.timeline.map((entry) => `${entry.kind} ${entry.body} ${entry.staffUsername}`)).toEqual([
      'status closed → active: Cleared by risk operator',
      'status locked → closed: Now closed operator',
      'status disabled → locked: Now locked operator',
      'status active → disabled: Bonus abuse ring operator',
    ]);
    const [audited] = await listAuditEvents(testApp.database.db, 'member', id, 10);
    expect(audited).toMatchObject({
      actorType: 'staff',
      action: 'member.status.change',
      before: { status: 'closed' },
      after: { status: 'active', reason: 'Cleared by risk' },
    });
  });

  it('resets the password to a temporary one shown once: old sessions end, the member must change it', async () => {
    const member = await fixture.createMember();
    const id = member.id.toString();
    const reset = envelopeOf<{ temporaryPassword: string }>(
      await staffCall('POST', `/members/${id}/password-reset`, { reason: 'Caller proved identity' }),
    );
    const { temporaryPassword } = reset.value;
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(envelopeOf(await memberCall(member.authorization, '/v2/wallets/balance')).code).toBe(
      'UNAUTHORIZED',
    );
    const session = envelopeOf<{ mustChangePassword: boolean }>(
      await logIn(member.username, temporaryPassword, '198.51.100.72'),
    );
    expect(session).toMatchObject({ success: true, value: { mustChangePassword: true } });
    expect(envelopeOf(await logIn(member.username, loginPassword, '198.51.100.71')).code).toBe(
      'INVALID_CREDENTIALS',
    );

    const profile = await profileOf(member);
    expect(profile.member.mustChangePassword).toBe(true);
    expect(profile.timeline[0]).toMatchObject({ kind: 'password_reset', body: 'Caller proved identity' });
    const trail = JSON.stringify(
      await listAuditEvents(testApp.database.db, 'member', id, 10),
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    );
    expect(trail).toContain('member.password.reset');
    expect(trail).not.toContain(temporaryPassword);
  });

  it('clears the payment password so the member sets a new one with the login password', async () => {
    const member = await fixture.createMember();
    const id = member.id.toString();
    const url = `/members/${id}/payment-password-reset`;
    expect(envelopeOf(await staffCall('POST', url, { reason: 'Forgot the PIN' })).success).toBe(true);
    expect((await profileOf(member)).member.hasPaymentPassword).toBe(false);
    expect(
      envelopeOf<{ hasPaymentPassword: boolean }>(
        await memberCall(member.authorization, '/member/withdrawal/overview'),
      ).value.hasPaymentPassword,
    ).toBe(false);
    const set = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/member/payment-password',
      headers: { authorization: member.authorization },
      payload: { loginPassword, newPaymentPassword: '135790' },
    });
    expect(envelopeOf(set).success).toBe(true);
    expect(envelopeOf(await staffCall('POST', url, { reason: 'Again' })).success).toBe(true);
    expect(envelopeOf(await staffCall('POST', url, { reason: 'Nothing left' })).code).toBe(
      'VALIDATION_FAILED',
    );
    const actions = (await listAuditEvents(testApp.database.db, 'member', id, 10)).map(
      (event) => event.action,
    );
    expect(actions.filter((action) => action === 'member.payment_password.reset')).toHaveLength(2);
  });

  it('keeps notes and tags on the timeline and in the audit trail', async () => {
    const member = await fixture.createMember();
    const id = member.id.toString();
    expect(
      envelopeOf(await staffCall('POST', `/members/${id}/notes`, { body: 'Called about a late deposit.' }))
        .success,
    ).toBe(true);
    expect(envelopeOf(await staffCall('POST', `/members/${id}/tags`, { tag: ' VIP-Watch ' })).value).toEqual({
      tags: ['vip-watch'],
    });
    expect(envelopeOf(await staffCall('POST', `/members/${id}/tags`, { tag: 'vip-watch' })).value).toEqual({
      tags: ['vip-watch'],
    });
    expect(envelopeOf(await staffCall('POST', `/members/${id}/tags`, { tag: 'chargeback' })).value).toEqual({
      tags: ['chargeback', 'vip-watch'],
    });
    expect(envelopeOf(await staffCall('DELETE', `/members/${id}/tags/VIP-Watch`)).value).toEqual({
      tags: ['chargeback'],
    });
    expect(envelopeOf(await staffCall('DELETE', `/members/${id}/tags/vip-watch`)).code).toBe('NOT_FOUND');
    expect(envelopeOf(await staffCall('POST', `/members/${id}/tags`, { tag: '<b>' })).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(envelopeOf(await staffCall('POST', `/members/${id}/notes`, { body: '   ' })).code).toBe(
      'VALIDATION_FAILED',
    );

    const profile = await profileOf(member);
    expect(profile.tags).toEqual(['chargeback']);
    expect(profile.timeline.map((entry) => `${entry.kind}: ${entry.body}`)).toEqual([
      'tag_removed: vip-watch',
      'tag_added: chargeback',
      'tag_added: vip-watch',
      'note: Called about a late deposit.',
    ]);
    const actions = (await listAuditEvents(testApp.database.db, 'member', id, 10)).map(
      (event) => event.action,
    );
    expect(actions).toEqual(['member.tag.remove', 'member.tag.add', 'member.tag.add', 'member.note.add']);
  });

  it('answers each part to the roles that hold its permission', async () => {
    const member = await fixture.createMember();
    const id = member.id.toString();
    const support = await createStaff(testApp.app, { role: 'support', username: 'profile-support' });
    const marketing = await createStaff(testApp.app, { role: 'marketing', username: 'profile-marketing' });
    const finance = await createStaff(testApp.app, { role: 'finance', username: 'profile-finance' });
    const risk = await createStaff(testApp.app, { role: 'risk', username: 'profile-risk' });
    const codeFor = async (
      as: Record<string, string>,
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
    ) => envelopeOf(await staffCall(method, `/members/${id}${url}`, payload, as)).code ?? 'OK';

    expect(await codeFor(support, 'GET', '/profile')).toBe('OK');
    expect(await codeFor(support, 'GET', '/records/bets')).toBe('OK');
    expect(await codeFor(support, 'GET', '/records/withdrawals')).toBe('OK');
    expect(await codeFor(support, 'GET', '/funds')).toBe('FORBIDDEN');
    expect(await codeFor(support, 'GET', '/records/transactions')).toBe('FORBIDDEN');
    expect(await codeFor(support, 'GET', '/records/deposits')).toBe('FORBIDDEN');
    expect(await codeFor(support, 'POST', '/notes', { body: 'Support note' })).toBe('OK');
    expect(await codeFor(risk, 'POST', '/status', { status: 'locked', reason: 'Risk check' })).toBe('OK');
    expect(await codeFor(risk, 'GET', '/funds')).toBe('OK');
    for (const as of [marketing, finance]) {
      expect(await codeFor(as, 'GET', '/profile')).toBe('OK');
      expect(await codeFor(as, 'POST', '/status', { status: 'active', reason: 'No' })).toBe('FORBIDDEN');
      expect(await codeFor(as, 'POST', '/password-reset', { reason: 'No' })).toBe('FORBIDDEN');
      expect(await codeFor(as, 'POST', '/tags', { tag: 'no' })).toBe('FORBIDDEN');
    }
    expect(await codeFor(finance, 'GET', '/records/deposits')).toBe('OK');
    expect(await codeFor({}, 'GET', '/profile')).toBe('UNAUTHORIZED');
  });
});
