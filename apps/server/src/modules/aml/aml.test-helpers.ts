import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { authEvents } from '../auth/auth.tables';
import { gameRounds, games } from '../games/games.tables';
import { members } from '../members/members.tables';
import { paymentChannels } from '../payments/payments.tables';
import {
  createWithdrawalFixture,
  envelopeOf,
  paymentPassword,
  type TestMember,
} from '../payments/withdrawals.test-helpers';
import { amlFlags } from './aml.tables';

/**
 * AML tests on one seeded application: members who deposit through the bank-transfer channel (approved by staff;
 * the channel asks no turnover here, so a withdrawal may follow at once, the pattern the rules watch), play
 * (settled rounds), withdraw and transfer through the real routes; then the monitor folds and the flags are read.
 */
export const createAmlFixture = async (testApp: TestApp) => {
  const fx = createWithdrawalFixture(testApp);
  const { db } = testApp.database;
  await fx.setSettings({ withdrawalDailyMaxCount: 100 });
  await db
    .update(paymentChannels)
    .set({ turnoverPercent: 0 })
    .where(eq(paymentChannels.code, 'BANK_TRANSFER'));
  const staff = await fx.staffHeaders();

  /** A bank-transfer deposit approved by staff: the ledger's `deposit`. */
  const deposit = async (member: TestMember, amount: string): Promise<void> => {
    const asked = await fx.call(member.authorization, 'POST', '/member/deposits', {
      channelCode: 'BANK_TRANSFER',
      amount,
      playerReference: 'REF-AML',
      requestId: randomUUID(),
    });
    const { id } = envelopeOf<{ id: string }>(asked).value;
    const approved = await fx.call(staff.authorization, 'POST', `/backoffice/deposits/${id}/approve`, {});
    expect(envelopeOf(approved)).toMatchObject({ success: true, value: { status: 'credited' } });
  };

  /** A settled round of the member's with this valid bet (minor units), as a game records one. */
  const play = async (member: TestMember, validBet: bigint): Promise<void> => {
    const [game] = await db.select({ id: games.id, vendorId: games.vendorId }).from(games).limit(1);
    if (!game) throw new Error('no seeded game');
    await db.insert(gameRounds).values({
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

  /** A withdrawal request through the member's route (the ledger's `withdrawal.request` hold). */
  const withdraw = async (member: TestMember, amount: string, payoutAccountId?: string): Promise<void> => {
    const response = await fx.requestWithdrawal(member, {
      amount,
      payoutAccountId: payoutAccountId ?? (await fx.addPayoutAccount(member)),
    });
    expect(envelopeOf(response)).toMatchObject({ success: true });
  };

  /** An agent's transfer to a member of its line through the agent's route (`transfer.downline`). */
  const transferDown = async (agent: TestMember, recipient: TestMember, amount: string): Promise<void> => {
    const response = await fx.call(agent.authorization, 'POST', '/member/transfers/downline', {
      username: recipient.username,
      amount,
      paymentPassword,
      requestId: randomUUID(),
    });
    expect(envelopeOf(response)).toMatchObject({ success: true });
  };

  const placeUnder = async (member: TestMember, upline: TestMember): Promise<void> => {
    await db.update(members).set({ uplineId: upline.id }).where(eq(members.id, member.id));
  };

  /** A successful sign-in of the member from an address and browser, as auth records one. */
  const signIn = async (member: TestMember, ip: string, userAgent: string): Promise<void> => {
    await db.insert(authEvents).values({
      brandId: member.brandId,
      memberId: member.id,
      account: member.username,
      event: 'login',
      isSuccess: true,
      ip,
      userAgent,
    });
    await db
      .update(members)
      .set({ lastLoginIp: ip, lastLoginAt: new Date() })
      .where(eq(members.id, member.id));
  };

  const flagsOf = (memberId: bigint, rule?: string) =>
    db
      .select()
      .from(amlFlags)
      .where(
        rule === undefined
          ? eq(amlFlags.memberId, memberId)
          : and(eq(amlFlags.memberId, memberId), eq(amlFlags.rule, rule)),
      );

  /** Replaces the brand's thresholds through the console's route (amounts as decimal strings). */
  const setRules = async (body: Record<string, unknown>): Promise<void> => {
    const response = await fx.call(staff.authorization, 'PUT', '/backoffice/aml/settings', {
      largeDeposit: '10000.00',
      largeWithdrawal: '10000.00',
      littlePlayPercent: 30,
      sharedAccountsMin: 3,
      transferWindowMinutes: 1440,
      transferCountMin: 10,
      transferAmountMin: '50000.00',
      ...body,
    });
    expect(envelopeOf(response)).toMatchObject({ success: true });
  };

  return {
    ...fx,
    staff,
    deposit,
    play,
    withdraw,
    transferDown,
    placeUnder,
    signIn,
    flagsOf,
    setRules,
    fold: () => testApp.app.aml.monitor.fold(),
  };
};

export type AmlFixture = Awaited<ReturnType<typeof createAmlFixture>>;
