import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import {
  codeOf,
  createDepositFixture,
  type DepositAnswer,
  type DepositFixture,
  envelopeOf,
  type TestMember,
} from './deposits.test-helpers';

// Runs on PGlite by default; on the real PostgreSQL (DATABASE_URL) the concurrent requests truly overlap.
let testApp: TestApp;
let fixture: DepositFixture;

beforeAll(async () => {
  testApp = await createTestApp();
  fixture = createDepositFixture(testApp);
});
afterAll(() => testApp.close());

const bank = (amount: string) => ({ channelCode: 'BANK_TRANSFER', amount, playerReference: 'REF-1' });

const setDepositLimit = async (member: TestMember, amount: string) => {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/wps/member/protection/limits',
    headers: { authorization: member.authorization },
    payload: { kind: 'deposit', period: 'day', amount },
  });
  expect(response.statusCode).toBe(200);
};

const depositsOf = async (member: TestMember) =>
  selectRows<{ amount: string | bigint; status: string }>(
    fixture.db,
    sql`select amount, status from deposits where member_id = ${member.id} order by id`,
  );

describe('deposits under the member’s protection', () => {
  it('refuses the deposit that would pass a deposit limit reached exactly, counting requests not yet credited', async () => {
    const member = await fixture.createMember();
    await setDepositLimit(member, '50.00');

    const first = await fixture.deposit(member, bank('30.00'));
    expect(first.statusCode).toBe(200);
    // 30 waits for staff: 25 more would make 55 once both are credited.
    const over = await fixture.deposit(member, bank('25.00'));
    expect(over.statusCode).toBe(403);
    expect(envelopeOf(over)).toMatchObject({ success: false, code: 'PLAYER_LIMIT_REACHED', value: null });
    expect(await fixture.approve(envelopeOf<DepositAnswer>(first).value.id)).toHaveProperty(
      'statusCode',
      200,
    );

    // Exactly up to the limit is allowed; once credited the limit is reached and the next deposit is refused.
    const last = await fixture.deposit(member, bank('20.00'));
    expect(last.statusCode).toBe(200);
    await fixture.approve(envelopeOf<DepositAnswer>(last).value.id);
    expect(await fixture.balance(member)).toBe(5_000n);
    const status = await testApp.app.inject({
      url: '/wps/member/protection',
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf<{ limits: unknown[] }>(status).value.limits).toMatchObject([
      { kind: 'deposit', period: 'day', amount: '50.00', used: '50.00' },
    ]);
    const refused = await fixture.deposit(member, bank('10.00'));
    expect(codeOf(refused)).toBe('PLAYER_LIMIT_REACHED');
    expect((await depositsOf(member)).map((row) => row.status)).toEqual(['credited', 'credited']);
    expect(await fixture.balance(member)).toBe(5_000n);
  });

  it('frees the headroom of a request staff reject', async () => {
    const member = await fixture.createMember();
    await setDepositLimit(member, '40.00');
    const asked = await fixture.deposit(member, bank('40.00'));
    expect(codeOf(await fixture.deposit(member, bank('10.00')))).toBe('PLAYER_LIMIT_REACHED');
    await fixture.reject(envelopeOf<DepositAnswer>(asked).value.id, 'no such transfer');
    expect((await fixture.deposit(member, bank('40.00'))).statusCode).toBe(200);
  });

  it('answers the same form sent twice as one request, even at the limit', async () => {
    const member = await fixture.createMember();
    await setDepositLimit(member, '30.00');
    const body = { requestId: randomUUID(), ...bank('30.00') };
    const [one, two] = await Promise.all([fixture.deposit(member, body), fixture.deposit(member, body)]);
    expect(envelopeOf<DepositAnswer>(one).value.id).toBe(envelopeOf<DepositAnswer>(two).value.id);
    expect(await depositsOf(member)).toHaveLength(1);
  });

  it('lets concurrent requests take a deposit limit to at most its amount', async () => {
    const member = await fixture.createMember();
    await setDepositLimit(member, '50.00');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fixture.deposit(member, bank('10.00'))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => codeOf(answer) === 'PLAYER_LIMIT_REACHED')).toHaveLength(3);
    expect(await depositsOf(member)).toHaveLength(5);

    // Two requests for the last headroom at once: one of them.
    const other = await fixture.createMember();
    await setDepositLimit(other, '50.00');
    const pair = await Promise.all([
      fixture.deposit(other, bank('30.00')),
      fixture.deposit(other, bank('30.00')),
    ]);
    expect(pair.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
  });

  it('refuses deposits while the member is in a time-out, and records nothing', async () => {
    const member = await fixture.createMember();
    const timeOut = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/protection/time-out',
      headers: { authorization: member.authorization },
      payload: { days: 1 },
    });
    expect(timeOut.statusCode).toBe(200);
    const { authorization } = await loginAsMember(testApp, member.username);
    const refused = await fixture.deposit({ authorization }, bank('20.00'));
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('PLAYER_EXCLUDED');
    expect(await depositsOf(member)).toHaveLength(0);
  });

  it('leaves members without limits as they were', async () => {
    const member = await fixture.createMember();
    for (const amount of ['5000.00', '5000.00']) {
      expect((await fixture.deposit(member, bank(amount))).statusCode).toBe(200);
    }
  });
});
