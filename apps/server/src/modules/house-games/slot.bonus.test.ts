import { randomUUID } from 'node:crypto';
import type { SlotRound } from '@wps/contracts/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { bonusTestKit, minorOf } from './bonus.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

/**
 * The slot stakes and pays through the bonus engine: cash first, then the bonus balance; a win's share staked
 * with bonus money returns to the bonus balance; wagering grows by the slot's contribution; a stake above the
 * bonus's maximum is refused. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
describe('house slot with a wagering bonus', { timeout: 120_000 }, () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let bonus: ReturnType<typeof bonusTestKit>;
  let serial = 0;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
    bonus = bonusTestKit(testApp.app, testApp.database);
  }, 180_000);
  afterAll(() => testApp.close());

  const player = async (cash: bigint) => {
    serial += 1;
    const member = await kit.addMember(`slotbonus${serial}`, { paymentPassword: null });
    if (cash > 0n) await kit.fund(member, cash);
    const { authorization } = await loginAsMember(testApp, member.username);
    return { member, authorization };
  };
  const spin = async (authorization: string, bet: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/house/slot/spins',
      headers: { authorization },
      payload: { requestId: randomUUID(), bet },
    });
    return { status: response.statusCode, body: response.json<Envelope<SlotRound>>() };
  };
  const nextNonce = async (authorization: string) =>
    (await testApp.app.inject({ url: '/wps/house/seeds?game=slot', headers: { authorization } })).json<
      Envelope<{ nextNonce: number }>
    >().value.nextNonce;
  const balances = async (member: MemberRow) => ({
    cash: await kit.balance(member),
    bonus: await bonus.balance(member),
  });

  /**
   * Where a spin's money should have gone: the stake from cash first, the rest from the bonus balance; each
   * win (line win and jackpot, each its own posting) back in the stake's proportions, rounded down for the
   * bonus.
   */
  const expectedAfter = (before: { cash: bigint; bonus: bigint }, stake: bigint, round: SlotRound) => {
    const fromCash = before.cash < stake ? before.cash : stake;
    const fromBonus = stake - fromCash;
    const share = (win: bigint) => (win * fromBonus) / stake;
    const [win, jackpotWin] = [minorOf(round.win), minorOf(round.jackpotWin)];
    const toBonus = share(win) + share(jackpotWin);
    return {
      cash: before.cash - fromCash + win + jackpotWin - toBonus,
      bonus: before.bonus - fromBonus + toBonus,
    };
  };

  it('stakes the bonus balance without cash, returns wins to it and counts the wagering', async () => {
    const { member, authorization } = await player(0n);
    await bonus.grant(member, 100_000n);
    let spins = 0n;
    let won = 0n;
    // Until a spin wins (a few at most): the win must come back to the bonus balance.
    while (won === 0n && spins < 300n) {
      const before = await balances(member);
      const { body } = await spin(authorization, '1.00');
      expect(body.success).toBe(true);
      spins += 1n;
      won += minorOf(body.value.totalWin);
      const after = await balances(member);
      expect(after).toEqual(expectedAfter(before, 100n, body.value));
      // The game shows what the member may stake: cash and the bonus balance.
      expect(minorOf(body.value.balance)).toBe(after.cash + after.bonus);
    }
    expect(won).toBeGreaterThan(0n);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 100_000n - spins * 100n + won });
    const row = await bonus.latest(member);
    expect(row).toMatchObject({ status: 'active', wageringDone: spins * 100n, wageringRequired: 1_000_000n });
  });

  it('refuses a stake above the bonus maximum and changes nothing', async () => {
    const { member, authorization } = await player(10_000n);
    await bonus.grant(member, 10_000n, { maxStake: 2_000n });
    const before = await balances(member);
    const transactions = await kit.transactionCount();
    const nonce = await nextNonce(authorization);

    const refused = await spin(authorization, '50.00');
    expect(refused.body).toMatchObject({ success: false, code: 'BONUS_MAX_STAKE' });
    expect(await balances(member)).toEqual(before);
    expect(await kit.transactionCount()).toBe(transactions);
    expect(await nextNonce(authorization)).toBe(nonce);
    expect((await bonus.latest(member)).wageringDone).toBe(0n);

    // The maximum itself is taken (and, with cash there, paid in cash).
    const taken = await spin(authorization, '20.00');
    expect(taken.body.success).toBe(true);
    expect(await balances(member)).toEqual(expectedAfter(before, 2_000n, taken.body.value));
    expect((await bonus.latest(member)).wageringDone).toBe(2_000n);
  });

  it('stakes cash first and the bonus balance only for what the cash does not cover', async () => {
    const { member, authorization } = await player(700n);
    await bonus.grant(member, 10_000n);
    // 5.00 from 7.00 cash: the bonus balance is not touched, and a win is cash.
    let before = await balances(member);
    const first = await spin(authorization, '5.00');
    expect(first.body.success).toBe(true);
    const afterFirst = await balances(member);
    expect(afterFirst.bonus).toBe(10_000n);
    expect(afterFirst).toEqual(expectedAfter(before, 500n, first.body.value));

    // 1.00 cash against a 5.00 stake: 1.00 from cash, 4.00 from the bonus balance, wins split 1 : 4.
    const short = await player(100n);
    await bonus.grant(short.member, 10_000n);
    before = await balances(short.member);
    const split = await spin(short.authorization, '5.00');
    expect(split.body.success).toBe(true);
    const after = await balances(short.member);
    expect(after).toEqual(expectedAfter(before, 500n, split.body.value));
    expect(after.bonus).toBeLessThanOrEqual(9_600n + minorOf(split.body.value.totalWin));
    expect(minorOf(split.body.value.balance)).toBe(after.cash + after.bonus);
  });

  it('turns what is left of the bonus into cash once the wagering is met', async () => {
    const { member, authorization } = await player(0n);
    await bonus.grant(member, 1_000n, { multiplier: 1 });
    const first = await spin(authorization, '5.00');
    expect(first.body.success).toBe(true);
    expect(await bonus.latest(member)).toMatchObject({ status: 'active', wageringDone: 500n });

    const second = await spin(authorization, '5.00');
    expect(second.body.success).toBe(true);
    const wins = minorOf(first.body.value.totalWin) + minorOf(second.body.value.totalWin);
    // Every stake was bonus money, so every win went back to the bonus balance, which is now cash.
    expect(await balances(member)).toEqual({ cash: wins, bonus: 0n });
    expect(await bonus.latest(member)).toMatchObject({
      status: 'completed',
      wageringDone: 1_000n,
      settledAmount: wins,
    });
    expect(minorOf(second.body.value.balance)).toBe(wins);
  });
});
