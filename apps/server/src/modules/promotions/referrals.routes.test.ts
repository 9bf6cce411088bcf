import { randomUUID } from 'node:crypto';
import type { Referral } from '@wps/contracts/promotions-rewards';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import { gameRounds, games } from '../games/games.tables';
import { members } from '../members/members.tables';
import { createLedgerService } from '../wallet/ledger.service';
import { memberRewards, promotions } from './promotions.tables';
import { maskUsername } from './referrals/get-referral';
import { qualifyReferralsJobName } from './referrals.service';

type Envelope<T> = { success: boolean; code?: string; value: T };
type Member = { id: bigint; brandId: bigint; username: string; authorization: string };

describe('referral', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    // The demo data's referral promotion would set the rules; these tests run their own.
    await testApp.database.db
      .update(promotions)
      .set({ status: 'ended' })
      .where(eq(promotions.kind, 'referral'));
  });
  afterAll(() => testApp.close());

  const brandId = async (): Promise<bigint> => {
    const [row] = await testApp.database.db.select({ brandId: members.brandId }).from(members).limit(1);
    if (!row) throw new Error('no seeded member');
    return row.brandId;
  };

  const createMember = async (referralCode: string | null = null): Promise<Member> => {
    const username = `f${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const [member] = await testApp.database.db
      .insert(members)
      .values({ brandId: await brandId(), username, nickname: username, referralCode })
      .returning();
    if (!member) throw new Error('member not created');
    const { authorization } = await loginAsMember(testApp, username);
    return { id: member.id, brandId: member.brandId, username, authorization };
  };

  const getReferral = async (member: Member) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/referral',
      headers: { authorization: member.authorization },
    });
    return response.json<Envelope<Referral>>().value;
  };

  const deposit = async (member: Member, amount: bigint) => {
    const ledger = createLedgerService({ db: testApp.database.db });
    const clearing = await ledger.ensureSystemAccount(member.brandId, 'payment_clearing', 'USD');
    const cash = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
    await ledger.post({
      brandId: member.brandId,
      idempotencyKey: `test:deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [
        { accountId: clearing.id, amount: -amount },
        { accountId: cash.id, amount },
      ],
    });
  };

  const bet = async (member: Member, validBet: bigint) => {
    const [game] = await testApp.database.db.select().from(games).limit(1);
    if (!game) throw new Error('no seeded game');
    await testApp.database.db.insert(gameRounds).values({
      brandId: member.brandId,
      memberId: member.id,
      vendorId: game.vendorId,
      gameId: game.id,
      roundRef: randomUUID(),
      productLine: 'RNG',
      currency: 'USD',
      status: 'settled',
      betAmount: validBet,
      validBet,
      settledAt: new Date(),
    });
  };

  const referralRewards = (member: Member) =>
    testApp.database.db
      .select()
      .from(memberRewards)
      .where(and(eq(memberRewards.memberId, member.id), eq(memberRewards.source, 'referral')));

  it('gives each member a stable invite code and a sign-up link with it, without rules when none run', async () => {
    const member = await createMember();
    const first = await getReferral(member);
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.link).toMatch(new RegExp(`/register\\?referralCode=${first.code}$`));
    expect(first).toMatchObject({ rules: null, invitees: [], rewardCount: 0, rewardsEarned: '0.00' });
    expect((await getReferral(member)).code).toBe(first.code);
  });

  it('masks invitee names', () => {
    expect(maskUsername('mariana')).toBe('ma***a');
    expect(maskUsername('bob')).toBe('b***');
  });

  it('rewards the referrer once when an invitee has deposited and bet enough', async () => {
    const [promotion] = await testApp.database.db
      .insert(promotions)
      .values({
        brandId: await brandId(),
        kind: 'referral',
        category: 'referral',
        status: 'live',
        startsAt: new Date(Date.now() - 60_000),
        content: { en: { title: 'Invite a friend', summary: '', terms: '<p>Terms</p>' } },
        claimLimit: 0,
        turnoverPercent: 200,
        eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
        config: { kind: 'referral', inviteeDeposit: '100', inviteeValidBet: '50', reward: '10' },
      })
      .returning();
    if (!promotion) throw new Error('promotion not created');
    const referrer = await createMember();
    const { code } = await getReferral(referrer);
    // Typed in any case at registration.
    const invitee = await createMember(code.toLowerCase());
    const stranger = await createMember('NOSUCHCODE');

    await deposit(invitee, 10_000n);
    await bet(invitee, 4_000n);
    await deposit(stranger, 50_000n);
    await testApp.app.platform.scheduler.runNow(qualifyReferralsJobName);
    expect(await referralRewards(referrer)).toEqual([]);
    const waiting = await getReferral(referrer);
    expect(waiting.rules).toMatchObject({
      inviteeDeposit: '100.00',
      inviteeValidBet: '50.00',
      reward: '10.00',
    });
    expect(waiting.invitees).toEqual([
      expect.objectContaining({
        username: maskUsername(invitee.username),
        deposited: '100.00',
        validBet: '40.00',
        qualified: false,
      }),
    ]);

    await bet(invitee, 1_000n);
    await Promise.all([
      testApp.app.platform.scheduler.runNow(qualifyReferralsJobName),
      testApp.app.platform.scheduler.runNow(qualifyReferralsJobName),
    ]);
    await testApp.app.platform.scheduler.runNow(qualifyReferralsJobName);
    const rewards = await referralRewards(referrer);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({
      reference: `referral:${invitee.id}`,
      amount: 1_000n,
      turnoverRequired: 2_000n,
      status: 'claimable',
      promotionId: promotion.id,
    });
    expect(await listAuditEvents(testApp.database.db, 'member', referrer.id.toString())).toMatchObject([
      {
        actorType: 'system',
        actorId: qualifyReferralsJobName,
        action: 'promotions.referral.reward',
        after: { inviteeId: invitee.id.toString(), amount: '1000', currency: 'USD' },
      },
    ]);
    const after = await getReferral(referrer);
    expect(after.invitees[0]?.qualified).toBe(true);
    expect(after).toMatchObject({ rewardCount: 1, rewardsEarned: '10.00' });
  });

  it('rewards on the page itself an invitee who qualified since the job ran', async () => {
    const referrer = await createMember();
    const { code } = await getReferral(referrer);
    const invitee = await createMember(code);
    await deposit(invitee, 20_000n);
    await bet(invitee, 20_000n);
    const page = await getReferral(referrer);
    expect(page.invitees[0]?.qualified).toBe(true);
    expect(await referralRewards(referrer)).toHaveLength(1);
  });
});
