import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  createDepositFixture,
  createGatewayTestApp,
  type DepositAnswer,
  type DepositFixture,
  envelopeOf,
  type GatewayTestApp,
  noticeFor,
  signedNotice,
} from './deposits.test-helpers';

// Meant for the real PostgreSQL (DATABASE_URL), where the requests truly overlap; on PGlite they queue.
let testApp: GatewayTestApp;
let fixture: DepositFixture;
let secret: string;

beforeAll(async () => {
  testApp = await createGatewayTestApp();
  fixture = createDepositFixture(testApp);
  secret = await fixture.channelSecret('SANDBOX_PAY');
});
afterAll(() => testApp.close());

const gatewayDeposit = async (member: { authorization: string }, amount: string) =>
  envelopeOf<DepositAnswer>(await fixture.deposit(member, { channelCode: 'SANDBOX_PAY', amount })).value;

describe('racing deposit settlements credit exactly once', () => {
  it('20 identical notices at once: one credit, every answer credited', async () => {
    const member = await fixture.createMember();
    const deposit = await gatewayDeposit(member, '250.00');
    const notice = await noticeFor(fixture, deposit.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signedNotice(testApp.app, 'SANDBOX_PAY', secret, notice)),
    );
    expect(answers.map((answer) => envelopeOf(answer).value)).toEqual(
      Array.from({ length: 20 }, () => ({ status: 'credited' })),
    );
    expect(await fixture.balance(member)).toBe(25_000n);
    expect(await fixture.turnoverRemaining(member)).toBe(25_000n);
    expect(await fixture.postingsOf(deposit.id)).toBe(1);
    expect(await fixture.messagesOf(member)).toHaveLength(1);
  });

  it('a staff credit racing the gateway notice: one credit, whichever wins', async () => {
    const member = await fixture.createMember();
    const rounds = 5;
    for (let round = 0; round < rounds; round += 1) {
      const deposit = await gatewayDeposit(member, '10.00');
      const notice = await noticeFor(fixture, deposit.id);
      const [approval, callback] = await Promise.all([
        fixture.approve(deposit.id, 'checked on the gateway statement'),
        signedNotice(testApp.app, 'SANDBOX_PAY', secret, notice),
      ]);
      expect(envelopeOf(callback).value).toEqual({ status: 'credited' });
      expect([200, 409]).toContain(approval.statusCode);
      if (approval.statusCode === 409) expect(codeOf(approval)).toBe('ALREADY_PROCESSED');
      expect(await fixture.postingsOf(deposit.id)).toBe(1);
    }
    expect(await fixture.balance(member)).toBe(BigInt(rounds) * 1_000n);
    expect(await fixture.messagesOf(member)).toHaveLength(rounds);
  });

  it('two approvals and a rejection of one manual deposit at once: exactly one outcome', async () => {
    const member = await fixture.createMember();
    const deposit = envelopeOf<DepositAnswer>(
      await fixture.deposit(member, { channelCode: 'BANK_TRANSFER', amount: '60.00', playerReference: 'R1' }),
    ).value;
    const answers = await Promise.all([
      fixture.approve(deposit.id),
      fixture.approve(deposit.id),
      fixture.reject(deposit.id, 'duplicate'),
    ]);
    const [winner, ...others] = answers.filter((answer) => answer.statusCode === 200);
    if (!winner) throw new Error('nobody settled the deposit');
    expect(others).toHaveLength(0);
    expect(answers.filter((answer) => codeOf(answer) === 'ALREADY_PROCESSED')).toHaveLength(2);
    const outcome = envelopeOf<DepositAnswer>(winner).value.status;
    expect(await fixture.balance(member)).toBe(outcome === 'credited' ? 6_000n : 0n);
    expect(await fixture.postingsOf(deposit.id)).toBe(outcome === 'credited' ? 1 : 0);
    expect(await fixture.messagesOf(member)).toHaveLength(1);
  });
});
