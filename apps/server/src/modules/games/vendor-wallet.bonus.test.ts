import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { memberBonuses } from '../promotions/promotions.tables';
import { createVendorKit, protocolCents, type VendorKit } from './vendor-wallet.test-helpers';

/**
 * Vendor bets with bonus money: cash first, then the bonus balance; a win's share staked with bonus money
 * returns to the bonus balance, a rollback returns its exact split; the vendor sees cash + bonus as one.
 */
describe('vendor wallet with a wagering bonus', () => {
  let testApp: TestApp;
  let vendor: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    vendor = await createVendorKit(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const bonuses = () => testApp.app.promotions.bonuses;
  const ownerOf = (member: MemberRow) => ({ brandId: member.brandId, memberId: member.id, currency: 'USD' });
  const grant = (member: MemberRow, cents: bigint, maxStake = 0n) =>
    testApp.database.db.transaction((tx) =>
      bonuses().grant(tx, {
        ...ownerOf(member),
        amount: cents,
        promotionId: null,
        reference: `test:${member.id}`,
        title: 'Test bonus',
        terms: { multiplier: 2, base: 'bonus', contributions: { RNG: 100 }, maxStake, expiresInDays: 7 },
      }),
    );
  const playerWithBonus = async (cash: bigint, bonus: bigint, maxStake = 0n) => {
    const member = await vendor.addPlayer(cash);
    await grant(member, bonus, maxStake);
    return { member, token: await vendor.openSession(member) };
  };
  const balances = async (member: MemberRow) => ({
    cash: await vendor.balance(member),
    bonus: await bonuses().balance(ownerOf(member)),
  });

  it('stakes cash first and the rest from the bonus, and answers cash + bonus', async () => {
    const { member, token } = await playerWithBonus(300n, 1_000n);
    const bet = await vendor.call(
      'transaction/bet',
      vendor.betBody(member, token, { round: 'r1', cents: 500n }),
    );
    expect(bet.answer.status).toBe('RS_OK');
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 800n });
    expect(bet.answer.balance).toBe(protocolCents(800n));
  });

  it('returns the bonus-staked share of a win to the bonus balance', async () => {
    const { member, token } = await playerWithBonus(500n, 1_000n);
    const betBody = vendor.betBody(member, token, { round: 'r2', cents: 1_000n });
    await vendor.call('transaction/bet', betBody);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 500n });
    const win = await vendor.call(
      'transaction/win',
      vendor.winBody(member, { round: 'r2', reference: String(betBody.transaction_uuid), cents: 2_000n }),
    );
    expect(win.answer.status).toBe('RS_OK');
    // Half the stake was bonus money: half the win returns to the bonus balance.
    expect(await balances(member)).toEqual({ cash: 1_000n, bonus: 1_500n });
    expect(win.answer.balance).toBe(protocolCents(2_500n));
  });

  it('refunds a rolled-back bet in exactly the split it was staked', async () => {
    const { member, token } = await playerWithBonus(100n, 1_000n);
    const betBody = vendor.betBody(member, token, { round: 'r3', cents: 350n });
    await vendor.call('transaction/bet', betBody);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 750n });
    const rollback = await vendor.call(
      'transaction/rollback',
      vendor.rollbackBody(member, { round: 'r3', reference: String(betBody.transaction_uuid) }),
    );
    expect(rollback.answer.status).toBe('RS_OK');
    expect(await balances(member)).toEqual({ cash: 100n, bonus: 1_000n });
  });

  it('refuses a stake of bonus money above the bonus maximum and changes nothing', async () => {
    const { member, token } = await playerWithBonus(0n, 1_000n, 200n);
    const before = await vendor.counts();
    const bet = await vendor.call(
      'transaction/bet',
      vendor.betBody(member, token, { round: 'r4', cents: 300n }),
    );
    expect(bet.answer.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(await vendor.counts()).toEqual(before);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 1_000n });
  });

  it('takes back what a settled round counted when its bet is rolled back', async () => {
    const { member, token } = await playerWithBonus(0n, 1_000n);
    const betBody = vendor.betBody(member, token, { round: 'rb1', cents: 400n, closed: true });
    expect((await vendor.call('transaction/bet', betBody)).answer.status).toBe('RS_OK');
    const wagered = async () =>
      (await testApp.database.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id)))[0]
        ?.wageringDone;
    expect(await wagered()).toBe(400n);
    const rollback = vendor.rollbackBody(member, {
      round: 'rb1',
      reference: String(betBody.transaction_uuid),
    });
    expect((await vendor.call('transaction/rollback', rollback)).answer.status).toBe('RS_OK');
    expect(await wagered()).toBe(0n);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 1_000n });
  });

  it('counts a settled round toward wagering and turns the rest of the bonus into cash when it is met', async () => {
    const { member, token } = await playerWithBonus(0n, 1_000n);
    // Requirement: 2 × 1,000 = 2,000 of RNG valid bet. Two rounds of 1,000, each won back.
    for (const round of ['w1', 'w2']) {
      const betBody = vendor.betBody(member, token, { round, cents: 1_000n });
      expect((await vendor.call('transaction/bet', betBody)).answer.status).toBe('RS_OK');
      const win = vendor.winBody(member, {
        round,
        reference: String(betBody.transaction_uuid),
        cents: 1_000n,
      });
      expect((await vendor.call('transaction/win', win)).answer.status).toBe('RS_OK');
    }
    const [bonus] = await testApp.database.db
      .select()
      .from(memberBonuses)
      .where(eq(memberBonuses.memberId, member.id));
    expect(bonus?.status).toBe('completed');
    expect(bonus?.wageringDone).toBe(2_000n);
    expect(await balances(member)).toEqual({ cash: 1_000n, bonus: 0n });
  });
});
