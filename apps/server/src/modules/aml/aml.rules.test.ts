import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestMember } from '../payments/withdrawals.test-helpers';
import { type AmlFixture, createAmlFixture } from './aml.test-helpers';

/**
 * The AML rules over the real money paths (a staff-approved deposit, a member's withdrawal request, an agent's
 * transfer to its line), sign-ins and payout accounts: each raises its flag once, and folding again, or a fold
 * that lost its horizon (a crash before it moved), raises nothing twice.
 */
describe('AML rules', () => {
  let testApp: TestApp;
  let fx: AmlFixture;

  const evidenceOf = (flag: { evidence: unknown }) => flag.evidence as Record<string, unknown>;

  /** The fold's horizon put back to where it stood, as if the batches since had crashed before committing it. */
  const rewindFold = async (horizon: { horizon: string }) => {
    await testApp.database.db.execute(
      sql`update aml_fold set horizon = ${horizon.horizon}::int8, member_horizon = 0, login_horizon = 0
        where id = 1`,
    );
  };
  const readFold = async () => {
    const [row] = await selectRows<{ horizon: string }>(
      testApp.database.db,
      sql`select horizon::text as horizon from aml_fold`,
    );
    if (!row) throw new Error('no aml_fold row');
    return row;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = await createAmlFixture(testApp);
    await fx.fold();
    await fx.setRules({
      largeDeposit: '500.00',
      largeWithdrawal: '400.00',
      littlePlayPercent: 30,
      sharedAccountsMin: 3,
      transferWindowMinutes: 1440,
      transferCountMin: 3,
      transferAmountMin: '1000.00',
    });
  });
  afterAll(() => testApp.close());

  it('flags a deposit and a withdrawal request at or over the thresholds, each once', async () => {
    const start = await readFold();
    const member = await fx.createMember();
    await fx.deposit(member, '600.00');
    await fx.deposit(member, '100.00');
    await fx.play(member, 70_000n);
    await fx.withdraw(member, '400.00');
    await fx.withdraw(member, '50.00');
    await fx.fold();

    const deposits = await fx.flagsOf(member.id, 'large_deposit');
    expect(deposits.map((flag) => [evidenceOf(flag).amount, evidenceOf(flag).threshold])).toEqual([
      ['60000', '50000'],
    ]);
    const withdrawals = await fx.flagsOf(member.id, 'large_withdrawal');
    expect(withdrawals.map((flag) => [evidenceOf(flag).amount, flag.status])).toEqual([['40000', 'open']]);

    await fx.fold();
    await rewindFold(start);
    await fx.fold();
    expect(await fx.flagsOf(member.id, 'large_deposit')).toHaveLength(1);
    expect(await fx.flagsOf(member.id, 'large_withdrawal')).toHaveLength(1);
  });

  it('flags a withdrawal when the valid bets since the previous one are under 30 % of the deposits since', async () => {
    const light = await fx.createMember();
    await fx.deposit(light, '200.00');
    await fx.play(light, 5_000n);
    await fx.withdraw(light, '150.00');
    // Nothing deposited since that request: the next one is not a deposit withdrawn.
    await fx.withdraw(light, '20.00');

    const fair = await fx.createMember();
    await fx.deposit(fair, '200.00');
    await fx.play(fair, 6_000n);
    await fx.withdraw(fair, '150.00');
    await fx.fold();

    const flags = await fx.flagsOf(light.id, 'little_play');
    expect(flags).toHaveLength(1);
    expect(evidenceOf(flags[0] ?? { evidence: {} })).toMatchObject({
      amount: '15000',
      deposits: '20000',
      validBet: '5000',
      ratioPercent: 30,
    });
    expect(await fx.flagsOf(fair.id, 'little_play')).toEqual([]);

    // Deposits counted from the previous request on, across folds: 100 more and no play is flagged again.
    await fx.deposit(fair, '100.00');
    await fx.fold();
    await fx.withdraw(fair, '60.00');
    await fx.fold();
    const again = await fx.flagsOf(fair.id, 'little_play');
    expect(again.map((flag) => [evidenceOf(flag).deposits, evidenceOf(flag).validBet])).toEqual([
      ['10000', '0'],
    ]);

    await fx.fold();
    expect(await fx.flagsOf(light.id, 'little_play')).toHaveLength(1);
    expect(await fx.flagsOf(fair.id, 'little_play')).toHaveLength(1);
  });

  it('flags three accounts on one network address, and not two', async () => {
    const created: TestMember[] = [];
    for (let index = 0; index < 3; index += 1) created.push(await fx.createMember());
    const [first, second, third] = created;
    if (!first || !second || !third) throw new Error('members not created');
    await fx.signIn(first, '198.51.100.7', 'Browser A');
    await fx.signIn(second, '198.51.100.7', 'Browser B');
    const pair = [await fx.createMember(), await fx.createMember()];
    for (const member of pair) await fx.signIn(member, '198.51.100.8', 'Browser C');
    await fx.fold();
    expect(await fx.flagsOf(first.id, 'shared_ip')).toEqual([]);

    await fx.signIn(third, '198.51.100.7', 'Browser C');
    await fx.fold();
    const flags = await fx.flagsOf(third.id, 'shared_ip');
    expect(flags.map((flag) => [flag.evidenceKey, evidenceOf(flag).accountCount])).toEqual([
      ['ip:198.51.100.7', 3],
    ]);
    expect(evidenceOf(flags[0] ?? { evidence: {} }).memberIds).toEqual(
      [first.id, second.id, third.id].map(String),
    );
    for (const member of pair) expect(await fx.flagsOf(member.id, 'shared_ip')).toEqual([]);

    // Signing in again checks again: the same address flags nothing twice.
    await fx.signIn(third, '198.51.100.7', 'Browser C');
    await fx.fold();
    expect(await fx.flagsOf(third.id, 'shared_ip')).toHaveLength(1);
  });

  it('flags three accounts on one device (address and browser) seen by the auth service', async () => {
    const created: TestMember[] = [];
    for (let index = 0; index < 3; index += 1) {
      const member = await fx.createMember();
      // Each on its own address now; once, all on one device.
      await fx.signIn(member, '203.0.113.50', 'Shared Phone/1.0');
      await fx.signIn(member, `192.0.2.${String(60 + index)}`, 'Own Laptop/2.0');
      created.push(member);
    }
    await fx.fold();
    for (const member of created) {
      const flags = await fx.flagsOf(member.id, 'shared_device');
      expect(flags.map((flag) => [evidenceOf(flag).sharedValue, evidenceOf(flag).accountCount])).toEqual([
        ['203.0.113.50 · Shared Phone/1.0', 3],
      ]);
    }
    await fx.fold();
    expect(await fx.flagsOf(created[0]?.id ?? 0n, 'shared_device')).toHaveLength(1);
  });

  it('flags the member whose withdrawal goes to a payout account two others added', async () => {
    const accountNumber = '0099887766554';
    const owners = [await fx.createMember(), await fx.createMember()];
    for (const owner of owners) await fx.addPayoutAccount(owner, { accountNumber });
    const member = await fx.createMember();
    await fx.fold();
    expect(await fx.flagsOf(member.id, 'shared_payout_account')).toEqual([]);

    await fx.deposit(member, '50.00');
    await fx.play(member, 5_000n);
    await fx.withdraw(member, '20.00', await fx.addPayoutAccount(member, { accountNumber }));
    await fx.fold();
    const flags = await fx.flagsOf(member.id, 'shared_payout_account');
    expect(flags.map((flag) => [evidenceOf(flag).sharedValue, evidenceOf(flag).accountCount])).toEqual([
      ['****6554', 3],
    ]);
    expect(flags[0]?.evidenceKey).not.toContain(accountNumber);
  });

  it('flags an agent who sends its line three transfers within the window, or 1,000.00, once per window', async () => {
    const agent = await fx.createMember({ type: 1, balance: 500_000n });
    const line = [await fx.createMember(), await fx.createMember()];
    for (const member of line) await fx.placeUnder(member, agent);
    await fx.transferDown(agent, line[0] ?? agent, '10.00');
    await fx.transferDown(agent, line[1] ?? agent, '10.00');
    await fx.fold();
    expect(await fx.flagsOf(agent.id, 'rapid_agent_transfers')).toEqual([]);

    await fx.transferDown(agent, line[0] ?? agent, '10.00');
    await fx.transferDown(agent, line[1] ?? agent, '10.00');
    await fx.fold();
    const flags = await fx.flagsOf(agent.id, 'rapid_agent_transfers');
    expect(flags).toHaveLength(1);
    expect(evidenceOf(flags[0] ?? { evidence: {} })).toMatchObject({
      transferCount: 3,
      amount: '3000',
      windowMinutes: 1440,
      memberIds: line.map((member) => String(member.id)),
    });
    await fx.fold();
    expect(await fx.flagsOf(agent.id, 'rapid_agent_transfers')).toHaveLength(1);

    const bigSender = await fx.createMember({ type: 1, balance: 500_000n });
    const recipient = await fx.createMember();
    await fx.placeUnder(recipient, bigSender);
    await fx.transferDown(bigSender, recipient, '1000.00');
    await fx.fold();
    expect(
      (await fx.flagsOf(bigSender.id, 'rapid_agent_transfers')).map((flag) => evidenceOf(flag).amount),
    ).toEqual(['100000']);
  });
});
