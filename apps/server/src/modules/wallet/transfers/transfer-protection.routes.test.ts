import { randomUUID } from 'node:crypto';
import { MemberType } from '@wps/contracts/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../db/database';
import { createTestApp, loginAsMember, type TestApp } from '../../../testing/test-app';
import type { MemberRow } from '../../members/members.service';
import { testPaymentPassword, walletTestKit } from '../wallet-api.test-helpers';

type Envelope = { success: boolean; code?: string };

/** An agent's transfer down the line meets player protection before anything is checked or moved. */
describe('an agent’s transfer to a member in a time-out or self-exclusion', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
  });
  afterAll(() => testApp.close());

  const suffix = () => randomUUID().slice(0, 6);

  const headersOf = async (member: MemberRow) => {
    const { authorization } = await loginAsMember(testApp, member.username);
    return { authorization };
  };

  const transfer = async (agent: MemberRow, username: string, paymentPassword = testPaymentPassword) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/transfers/downline',
      headers: await headersOf(agent),
      payload: { username, amount: '5.00', paymentPassword, requestId: randomUUID() },
    });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };

  const ledgerTransactionsBetween = async (agent: MemberRow, member: MemberRow) => {
    const rows = await selectRows<{ count: string | number | bigint }>(
      testApp.database.db,
      sql`select count(*) as count from ledger_transactions
        where kind = 'transfer.downline' and reference = ${`member:${member.id}`}
          and memo = ${`${agent.username} to ${member.username}`}`,
    );
    return Number(rows[0]?.count ?? 0);
  };

  const paymentPasswordFailures = async (agent: MemberRow) => {
    const rows = await selectRows<{ count: string | number | bigint }>(
      testApp.database.db,
      sql`select coalesce(sum(count), 0) as count from attempt_counters
        where rule = 'member.payment-password' and key = ${agent.id.toString()}`,
    );
    return Number(rows[0]?.count ?? 0);
  };

  const line = async () => {
    const agent = await kit.addMember(`rgagent${suffix()}`, { type: MemberType.agent });
    const member = await kit.addMember(`rgplayer${suffix()}`, { upline: agent });
    await kit.fund(agent, 10_000n);
    await kit.fund(member, 1_000n);
    return { agent, member };
  };

  it('is refused with PLAYER_EXCLUDED before the payment password is checked, and nothing moves', async () => {
    const { agent, member } = await line();
    const timeOut = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/protection/time-out',
      headers: await headersOf(member),
      payload: { days: 1 },
    });
    expect(timeOut.statusCode).toBe(200);

    const refused = await transfer(agent, member.username);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_EXCLUDED');
    // A wrong password gets the same answer and counts nothing towards the agent's lock: nothing was asked.
    const wrongPassword = await transfer(agent, member.username, '000000');
    expect(wrongPassword.body.code).toBe('PLAYER_EXCLUDED');
    expect(await paymentPasswordFailures(agent)).toBe(0);

    expect(await kit.balance(agent)).toBe(10_000n);
    expect(await kit.balance(member)).toBe(1_000n);
    expect(await ledgerTransactionsBetween(agent, member)).toBe(0);
    expect((await kit.messagesOf(member)).filter((row) => row.kind === 'transfer_received')).toHaveLength(0);
  });

  it('goes through once the time-out has ended', async () => {
    const { agent, member } = await line();
    await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/protection/time-out',
      headers: await headersOf(member),
      payload: { days: 1 },
    });
    expect((await transfer(agent, member.username)).body.code).toBe('PLAYER_EXCLUDED');
    // The time-out's day passes (its end moved back, as the clock would).
    await testApp.database.db.execute(
      sql`update member_protection set play_blocked_until = now() - interval '1 second' where member_id = ${member.id}`,
    );
    const sent = await transfer(agent, member.username);
    expect(sent.body.success).toBe(true);
    expect(await kit.balance(agent)).toBe(9_500n);
    expect(await kit.balance(member)).toBe(1_500n);
    expect(await ledgerTransactionsBetween(agent, member)).toBe(1);
  });
});
