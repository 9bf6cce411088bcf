import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password-hashing';
import { attemptCounters } from '../attempts/attempts.tables';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoAgent, demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { outboundMessages } from '../notifications/notifications.tables';
import { bodyOf } from './auth.test-helpers';
import { passwordResetTokens } from './password-reset.tables';

const neutralAnswer = {
  success: true,
  value: null,
  message: 'If the username and email match an account, we have sent it a link to choose a new password.',
};

describe('password reset by email', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());
  // Each test starts with no requests counted (the last one counts them).
  beforeEach(async () => {
    await subject.database.db.delete(attemptCounters);
  });

  const askForReset = (username: string, email: string, ip = '198.51.100.20', host = 'localhost') =>
    subject.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, host },
      payload: `username=${encodeURIComponent(username)}&email=${encodeURIComponent(email)}`,
    });
  const complete = (token: string, newPassword: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/wps/member/password/email/complete',
      headers: { 'x-forwarded-for': '198.51.100.21' },
      payload: { token, newPassword },
    });
  const mailsTo = (recipient: string) =>
    subject.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, recipient))
      .orderBy(desc(outboundMessages.id));
  const passwordHashOf = async (username: string) => {
    const [row] = await subject.database.db.select().from(members).where(eq(members.username, username));
    return row?.passwordHash ?? '';
  };
  const linkIn = (body: string | undefined) => /(\S+)\/forget\?reset=([\w-]+)/.exec(body ?? '');

  it('changes nothing when asked; the emailed link sets the new password once and ends the sessions', async () => {
    const hashBefore = await passwordHashOf(demoPlayer.username);
    const { authorization } = await loginAsMember(subject, demoPlayer.username);
    const session = { authorization };

    const asked = await askForReset(
      demoPlayer.username,
      demoPlayer.email.toUpperCase(),
      '198.51.100.20',
      'localhost:8080',
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(neutralAnswer);

    // The old password and the open session still work: nothing has changed yet.
    expect(await passwordHashOf(demoPlayer.username)).toBe(hashBefore);
    expect(await verifyPassword(hashBefore, demoPlayer.password)).toBe(true);
    const info = await subject.app.inject({ url: '/wps/member/info', headers: session });
    expect(info.statusCode).toBe(200);

    const [mail] = await mailsTo(demoPlayer.email);
    expect(mail?.subject).toContain('reset your password');
    expect(mail?.body).not.toMatch(/new password is/);
    const link = linkIn(mail?.body);
    // The site the member asked from (a domain of the brand), with the port it was reached on.
    expect(link?.[1]).toBe('http://localhost:8080');
    const token = link?.[2] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);

    // Only the token's hash is kept.
    const stored = await subject.database.db.select().from(passwordResetTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);
    const lifetimeMinutes =
      ((stored[0]?.expiresAt.getTime() ?? 0) - (stored[0]?.createdAt.getTime() ?? 0)) / 60_000;
    expect(lifetimeMinutes).toBeGreaterThanOrEqual(15);
    expect(lifetimeMinutes).toBeLessThanOrEqual(30);

    const weak = await complete(token, 'abc');
    expect(bodyOf(weak).code).toBe('VALIDATION_FAILED');
    // A refused password does not spend the link.
    const done = await complete(token, 'Renewed2026');
    expect(done.statusCode).toBe(200);
    const hashAfter = await passwordHashOf(demoPlayer.username);
    expect(await verifyPassword(hashAfter, 'Renewed2026')).toBe(true);
    expect(await verifyPassword(hashAfter, demoPlayer.password)).toBe(false);
    expect((await subject.app.inject({ url: '/wps/member/info', headers: session })).statusCode).toBe(401);

    const replay = await complete(token, 'Another2026');
    expect(replay.statusCode).toBe(400);
    expect(bodyOf(replay).code).toBe('RESET_LINK_INVALID');
    expect(await verifyPassword(await passwordHashOf(demoPlayer.username), 'Renewed2026')).toBe(true);
  });

  it('answers the same whether or not the account and email exist, and mails only a match', async () => {
    const before = (await mailsTo(demoPlayer.email)).length;
    const answers = await Promise.all([
      askForReset('nobodyhere1', 'nobody@example.com', '198.51.100.30'),
      askForReset(demoPlayer.username, 'other@example.com', '198.51.100.31'),
      askForReset(demoAgent.username, 'agent@example.com', '198.51.100.32'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(neutralAnswer);
    }
    expect(await mailsTo(demoPlayer.email)).toHaveLength(before);
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
    expect(await mailsTo('other@example.com')).toHaveLength(0);
  });

  it('refuses a link that has expired or was never sent', async () => {
    await askForReset(demoPlayer.username, demoPlayer.email, '198.51.100.40');
    const token = linkIn((await mailsTo(demoPlayer.email))[0]?.body)?.[2] ?? '';
    await subject.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1_000) });
    expect(bodyOf(await complete(token, 'Expired2026')).code).toBe('RESET_LINK_INVALID');
    expect(bodyOf(await complete('x'.repeat(43), 'Unknown2026')).code).toBe('RESET_LINK_INVALID');
    expect(await verifyPassword(await passwordHashOf(demoPlayer.username), 'Expired2026')).toBe(false);
  });

  it('points the link at the brand, never at a host only the request names', async () => {
    await askForReset(demoPlayer.username, demoPlayer.email, '198.51.100.41', 'attacker.example');
    const link = linkIn((await mailsTo(demoPlayer.email))[0]?.body);
    expect(link?.[1]).toBe('https://localhost');
  });

  it('counts requests per account and per address before looking anything up, a burst included', async () => {
    const before = (await mailsTo(demoPlayer.email)).length;
    await askForReset(demoPlayer.username, 'wrong@example.com', '198.51.100.99');
    // Three per account per hour, a request with a wrong email included. Ten at once, from ten addresses.
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        askForReset(demoPlayer.username, demoPlayer.email, `198.51.100.${String(100 + index)}`),
      ),
    );
    const codes = burst.map((response) => bodyOf(response).code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(2);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(8);
    expect(await mailsTo(demoPlayer.email)).toHaveLength(before + 2);

    // Ten per address per hour, whatever the names asked about.
    const fromOneAddress = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        askForReset(`stranger${String(index)}`, 'x@example.com', '198.51.100.77'),
      ),
    );
    const statuses = fromOneAddress.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});
