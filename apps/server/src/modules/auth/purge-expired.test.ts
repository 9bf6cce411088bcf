import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { attemptCounters } from '../attempts/attempts.tables';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { authEvents, captchaChallenges, verificationCodes } from './auth.tables';
import { passwordResetTokens } from './password-reset.tables';
import { authPurgeJobName } from './purge-expired';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('the purge of expired sign-in rows', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('deletes captchas, codes, reset links and attempt counters past their retention, and nothing else', async () => {
    const { db } = subject.database;
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset);
    const [player] = await db.select().from(members).where(eq(members.username, demoPlayer.username));
    if (!player) throw new Error('no demo player');

    await db.insert(captchaChallenges).values([
      {
        id: 'captcha-old',
        answerHash: 'x',
        ip: '203.0.113.1',
        createdAt: at(-3 * hour),
        expiresAt: at(-2 * hour),
      },
      { id: 'captcha-recent', answerHash: 'x', ip: '203.0.113.1', expiresAt: at(-10 * minute) },
      { id: 'captcha-live', answerHash: 'x', ip: '203.0.113.1', expiresAt: at(5 * minute) },
    ]);
    const code = (recipient: string, expiresAt: Date) => ({
      brandId: player.brandId,
      purpose: 'register',
      channel: 'sms',
      recipient,
      codeHash: 'x',
      ip: '203.0.113.1',
      createdAt: new Date(expiresAt.getTime() - 5 * minute),
      expiresAt,
    });
    await db
      .insert(verificationCodes)
      .values([
        code('+10000000001', at(-2 * day)),
        code('+10000000002', at(-1 * hour)),
        code('+10000000003', at(5 * minute)),
      ]);
    const link = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      brandId: player.brandId,
      memberId: player.id,
      ip: '203.0.113.1',
      createdAt: new Date(expiresAt.getTime() - 20 * minute),
      expiresAt,
    });
    await db
      .insert(passwordResetTokens)
      .values([link('link-old', at(-2 * day)), link('link-live', at(15 * minute))]);
    await db.insert(attemptCounters).values([
      { rule: 'test', key: 'stale', count: 9, windowStartedAt: at(-3 * day), lockedUntil: null },
      {
        rule: 'test',
        key: 'stale-lock-passed',
        count: 9,
        windowStartedAt: at(-3 * day),
        lockedUntil: at(-2 * day),
      },
      { rule: 'test', key: 'still-locked', count: 9, windowStartedAt: at(-3 * day), lockedUntil: at(hour) },
      { rule: 'test', key: 'current', count: 2, windowStartedAt: at(-5 * minute), lockedUntil: null },
    ]);
    const events = async () => (await db.select({ total: count() }).from(authEvents))[0]?.total ?? 0;
    await db.insert(authEvents).values({
      brandId: player.brandId,
      account: 'old',
      event: 'login',
      isSuccess: false,
      ip: '203.0.113.1',
      createdAt: at(-30 * day),
    });
    const eventsBefore = await events();

    await subject.app.platform.scheduler.runNow(authPurgeJobName);

    const captchaIds = (await db.select().from(captchaChallenges)).map((row) => row.id).sort();
    expect(captchaIds).toEqual(['captcha-live', 'captcha-recent']);
    const codeRecipients = (await db.select().from(verificationCodes)).map((row) => row.recipient).sort();
    expect(codeRecipients).toEqual(['+10000000002', '+10000000003']);
    const links = (await db.select().from(passwordResetTokens)).map((row) => row.tokenHash);
    expect(links).toEqual(['link-live']);
    const counters = (await db.select().from(attemptCounters).where(eq(attemptCounters.rule, 'test')))
      .map((row) => row.key)
      .sort();
    expect(counters).toEqual(['current', 'still-locked']);
    expect(await events()).toBe(eventsBefore);
  });
});
