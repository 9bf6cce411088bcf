import { MemberType } from '@wps/contracts/auth';
import { validationPatterns } from '@wps/contracts/validation-patterns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password-hashing';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { readSmsCode } from '../auth/auth.test-helpers';
import { brandRegisterFields } from '../site/site.tables';
import { demoPlayer } from './members.seed';
import { members } from './members.tables';

type Envelope = {
  success: boolean;
  code?: string;
  message: string;
  value: {
    profile: Record<string, string | null>;
    security: { level: string; checks: Record<string, boolean> };
    issues?: Array<{ field: string; message: string }>;
    expiredMinutes?: number;
    resendSeconds?: number;
  };
};

const loginPassword = 'Lotus4garden2';

describe('the member security centre: /wps/member/account', () => {
  let subject: TestApp;
  let brandId: bigint;
  let memberNumber = 0;

  beforeAll(async () => {
    subject = await createTestApp();
    const [player] = await subject.database.db
      .select({ brandId: members.brandId })
      .from(members)
      .where(eq(members.username, demoPlayer.username));
    if (!player) throw new Error('no demo player');
    brandId = player.brandId;
    // The brand asks for a Line id of letters and digits, 4 to 20 (the demo brand leaves Line without a rule).
    await subject.database.db.insert(brandRegisterFields).values({
      brandId,
      field: 'line',
      isEnabled: true,
      isRequired: false,
      acceptedPattern: validationPatterns[5].source,
      patternId: 5,
      minLength: 4,
      maxLength: 20,
    });
  });
  afterAll(() => subject.close());

  /** A member with a login password only (no payment password, phone, email or real name), signed in. */
  const createMember = async (overrides: Partial<typeof members.$inferInsert> = {}) => {
    memberNumber += 1;
    const username = `account${memberNumber.toString()}`;
    await subject.database.db.insert(members).values({
      brandId,
      username,
      nickname: username,
      passwordHash: await hashPassword(loginPassword),
      ...overrides,
    });
    return loginAsMember(subject, username);
  };

  const call = async (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    authorization: string | undefined,
    payload?: Record<string, unknown>,
  ) => {
    const response = await subject.app.inject({
      method,
      url,
      headers: authorization === undefined ? {} : { authorization },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };

  const storedMember = async (id: bigint) => {
    const [row] = await subject.database.db.select().from(members).where(eq(members.id, id));
    if (!row) throw new Error(`no member ${id.toString()}`);
    return row;
  };

  const auditRows = (memberId: bigint, action: string) =>
    subject.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'member'),
          eq(auditEvents.entityId, memberId.toString()),
          eq(auditEvents.action, action),
        ),
      );

  it('refuses a signed-out request', async () => {
    const read = await call('GET', '/wps/member/account', undefined);
    expect(read.status).toBe(401);
    expect(read.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const edit = await call('PUT', '/wps/member/account/profile', undefined, { nickname: 'Nobody' });
    expect(edit.status).toBe(401);
  });

  it('shows the profile with the contact details masked as /wps/member/info masks them', async () => {
    const { authorization } = await loginAsMember(subject, demoPlayer.username);
    const { status, body } = await call('GET', '/wps/member/account', authorization);
    expect(status).toBe(200);
    const info = await subject.app.inject({ url: '/wps/member/info', headers: { authorization } });
    const { mobileNum, email } = info.json<{ value: { mobileNum: string; email: string } }>().value;
    expect(body.value.profile).toMatchObject({
      account: demoPlayer.username,
      mobileNum,
      email,
      payeeName: 'Juan Dela Cruz',
    });
    expect(body.value.profile.mobileNum).toBe('+63 ****4567');
    expect(body.value.profile.email).not.toContain(demoPlayer.email);
    // The seeded player passes every check.
    expect(body.value.security).toEqual({
      level: 'high',
      checks: { password: true, paymentPassword: true, mobile: true, email: true, realName: true },
    });
  });

  it('changes only the fields sent, clears one sent empty, and audits the change with before and after', async () => {
    const { member, authorization } = await createMember({ line: 'oldline1', telegram: 'tg_old' });
    const { status, body } = await call('PUT', '/wps/member/account/profile', authorization, {
      nickname: 'Lucky Star',
      line: 'newline2',
      telegram: '',
      address: '12 Rizal Street, Manila',
    });
    expect(status).toBe(200);
    expect(body.value.profile).toMatchObject({
      nickname: 'Lucky Star',
      line: 'newline2',
      telegram: null,
      address: '12 Rizal Street, Manila',
    });
    const stored = await storedMember(member.id);
    expect(stored).toMatchObject({
      nickname: 'Lucky Star',
      line: 'newline2',
      telegram: null,
      address: '12 Rizal Street, Manila',
      // Not sent: kept.
      whatsapp: null,
      payeeName: null,
    });

    const [audit, ...others] = await auditRows(member.id, 'member.profile.update');
    expect(others).toHaveLength(0);
    expect(audit).toMatchObject({
      actorType: 'member',
      actorId: member.id.toString(),
      before: { nickname: member.username, line: 'oldline1', telegram: 'tg_old', address: null },
      after: {
        nickname: 'Lucky Star',
        line: 'newline2',
        telegram: null,
        address: '12 Rizal Street, Manila',
      },
    });
  });

  it("refuses a field that breaks the brand's rule with the envelope, and changes nothing", async () => {
    const { member, authorization } = await createMember({ line: 'keptline' });
    const { status, body } = await call('PUT', '/wps/member/account/profile', authorization, {
      nickname: 'Should Not Stick',
      line: 'has spaces!',
      payeeName: 'Juan 2',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body.value.issues).toEqual(
      expect.arrayContaining([
        { field: 'line', message: 'Letters or numbers only, 4-20 characters.' },
        { field: 'payeeName', message: 'English letters and spaces only, 2-50 characters.' },
      ]),
    );
    expect(await storedMember(member.id)).toMatchObject({
      nickname: member.username,
      line: 'keptline',
      payeeName: null,
    });
    expect(await auditRows(member.id, 'member.profile.update')).toHaveLength(0);
  });

  it('keeps a value that predates the rule when the whole form is saved again unchanged', async () => {
    const { member, authorization } = await createMember({ line: 'old line!' });
    const { status } = await call('PUT', '/wps/member/account/profile', authorization, {
      line: 'old line!',
      nickname: 'Form Saved',
    });
    expect(status).toBe(200);
    expect(await storedMember(member.id)).toMatchObject({ line: 'old line!', nickname: 'Form Saved' });
    const [audit] = await auditRows(member.id, 'member.profile.update');
    expect(audit?.after).toEqual({ nickname: 'Form Saved' });
  });

  it('refuses control characters in the nickname and a birthday in the future or under the minimum age', async () => {
    const { member, authorization } = await createMember();
    const control = await call('PUT', '/wps/member/account/profile', authorization, {
      nickname: 'Bad\u0007Bell',
    });
    expect(control.status).toBe(400);
    expect(control.body.value.issues?.[0]?.field).toBe('nickname');

    const nextYear = `${(new Date().getUTCFullYear() + 1).toString()}-01-01`;
    const future = await call('PUT', '/wps/member/account/profile', authorization, { birthday: nextYear });
    expect(future.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const tenYearsAgo = `${(new Date().getUTCFullYear() - 10).toString()}-01-01`;
    const young = await call('PUT', '/wps/member/account/profile', authorization, { birthday: tenYearsAgo });
    expect(young.body).toMatchObject({ success: false, code: 'UNDER_MINIMUM_AGE' });
    expect((await storedMember(member.id)).birthday).toBeNull();

    const adult = await call('PUT', '/wps/member/account/profile', authorization, { birthday: '1990-05-17' });
    expect(adult.body.value.profile.birthday).toBe('1990-05-17');
  });

  it('lets the member set a real name once, and never change or clear it afterwards', async () => {
    const { member, authorization } = await createMember();
    const first = await call('PUT', '/wps/member/account/profile', authorization, {
      payeeName: 'Maria Clara',
    });
    expect(first.body.value.profile.payeeName).toBe('Maria Clara');

    for (const payeeName of ['Maria Other', '']) {
      const again = await call('PUT', '/wps/member/account/profile', authorization, {
        payeeName,
        nickname: 'Not Saved',
      });
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(again.body.message).toMatch(/real name is already set/);
    }
    expect(await storedMember(member.id)).toMatchObject({
      payeeName: 'Maria Clara',
      nickname: member.username,
    });

    // The same name sent again (a whole form saved) is no change.
    const same = await call('PUT', '/wps/member/account/profile', authorization, {
      payeeName: 'Maria Clara',
      nickname: 'Saved Now',
    });
    expect(same.status).toBe(200);
    expect((await storedMember(member.id)).nickname).toBe('Saved Now');
  });

  it('binds a phone only with the code sent to it', async () => {
    const { member, authorization } = await createMember();
    const invalid = await call('POST', '/wps/member/account/mobile/code', authorization, {
      countryDialingCode: '+63',
      mobileNum: '12345678',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.value.issues).toEqual([
      { field: 'mobileNum', message: 'Please enter a valid mobile number.' },
    ]);

    const taken = await call('POST', '/wps/member/account/mobile/code', authorization, {
      countryDialingCode: '+63',
      mobileNum: demoPlayer.mobileNum,
    });
    expect(taken.body).toMatchObject({ success: false, code: 'MOBILE_TAKEN' });

    const phone = { countryDialingCode: '+63', mobileNum: '09175550101' };
    const sent = await call('POST', '/wps/member/account/mobile/code', authorization, phone);
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5, resendSeconds: 60 });
    const code = await readSmsCode(subject.database.db, '+639175550101');

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call('POST', '/wps/member/account/mobile', authorization, {
      ...phone,
      verificationCode: wrongCode,
    });
    expect(wrong.body).toMatchObject({ success: false, code: 'VERIFICATION_CODE_INVALID' });
    expect((await storedMember(member.id)).mobileNum).toBeNull();

    const bound = await call('POST', '/wps/member/account/mobile', authorization, {
      ...phone,
      verificationCode: code,
    });
    expect(bound.status).toBe(200);
    expect(bound.body.value.profile.mobileNum).toBe('+63 ****0101');
    expect(bound.body.value.security.checks.mobile).toBe(true);
    expect(await storedMember(member.id)).toMatchObject({
      countryDialingCode: '63',
      mobileNum: '9175550101',
    });
    expect(await auditRows(member.id, 'member.mobile.bind')).toMatchObject([
      {
        before: { countryDialingCode: null, mobileNum: null },
        after: { countryDialingCode: '63', mobileNum: '9175550101' },
      },
    ]);

    // The code is spent.
    const reused = await call('POST', '/wps/member/account/mobile', authorization, {
      ...phone,
      verificationCode: code,
    });
    expect(reused.body).toMatchObject({ success: false, code: 'VERIFICATION_CODE_INVALID' });
  });

  it('binds an email address with the code from the mail outbox, and refuses one another member has', async () => {
    const { member, authorization } = await createMember();
    const taken = await call('POST', '/wps/member/account/email/code', authorization, {
      email: demoPlayer.email.toUpperCase(),
    });
    expect(taken.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(taken.body.message).toMatch(/already bound to another account/);

    const email = 'New.Address@example.com';
    const sent = await call('POST', '/wps/member/account/email/code', authorization, { email });
    expect(sent.status).toBe(200);
    const code = await readSmsCode(subject.database.db, email.toLowerCase());

    const wrong = await call('POST', '/wps/member/account/email', authorization, {
      email,
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body).toMatchObject({ success: false, code: 'VERIFICATION_CODE_INVALID' });
    expect((await storedMember(member.id)).email).toBeNull();

    const bound = await call('POST', '/wps/member/account/email', authorization, {
      email,
      verificationCode: code,
    });
    expect(bound.status).toBe(200);
    expect(bound.body.value.profile.email).toBe('Ne***@example.com');
    expect((await storedMember(member.id)).email).toBe(email);
    expect(await auditRows(member.id, 'member.email.bind')).toMatchObject([
      { before: { email: null }, after: { email } },
    ]);
  });

  it('raises the security level as the checks pass', async () => {
    const { authorization } = await createMember();
    const levelNow = async () =>
      (await call('GET', '/wps/member/account', authorization)).body.value.security;
    expect(await levelNow()).toEqual({
      level: 'low',
      checks: { password: true, paymentPassword: false, mobile: false, email: false, realName: false },
    });

    await call('PUT', '/wps/member/account/profile', authorization, { payeeName: 'Jose Rizal' });
    // The payment password is set where the withdrawal page sets it; the level counts it.
    await call('PUT', '/wps/member/payment-password', authorization, {
      loginPassword,
      newPaymentPassword: '112233',
    });
    expect((await levelNow()).level).toBe('medium');

    const phone = { countryDialingCode: '+63', mobileNum: '9175550202' };
    await call('POST', '/wps/member/account/mobile/code', authorization, phone);
    await call('POST', '/wps/member/account/mobile', authorization, {
      ...phone,
      verificationCode: await readSmsCode(subject.database.db, '+639175550202'),
    });
    const email = 'level.up@example.com';
    await call('POST', '/wps/member/account/email/code', authorization, { email });
    await call('POST', '/wps/member/account/email', authorization, {
      email,
      verificationCode: await readSmsCode(subject.database.db, email),
    });
    expect(await levelNow()).toEqual({
      level: 'high',
      checks: { password: true, paymentPassword: true, mobile: true, email: true, realName: true },
    });
  });

  it('lets a free-play account read its account but change nothing', async () => {
    const { member, authorization } = await createMember({ type: MemberType.trial });
    expect((await call('GET', '/wps/member/account', authorization)).status).toBe(200);
    const edit = await call('PUT', '/wps/member/account/profile', authorization, { nickname: 'Trial Edit' });
    expect(edit.body).toMatchObject({ success: false, code: 'TRIAL_NOT_ALLOWED' });
    expect(await storedMember(member.id)).toMatchObject({ nickname: member.username });
  });
});
