import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, loginAsOperator, type TestApp } from '../../testing/test-app';
import { demoPaymentPassword } from '../members/members.seed';
import { members } from '../members/members.tables';
import type { MemberRow } from '../members/members.repository';
import { testPaymentPassword, walletTestKit } from './wallet-api.test-helpers';

type Caller = { member: MemberRow; authorization: string };
type Json = Record<string, unknown>;

/** Amounts every money endpoint must refuse with VALIDATION_FAILED. */
const badAmounts = ['0', '-5.00', '1.001', '99999999999999999999', 'abc', '1e3', ''];

describe('wallet endpoints', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let operator: { authorization: string };
  let player: Caller; // demoplayer, upline demoagent, 1,000.00
  let agent: Caller; // demoagent, 1,000.00
  let subAgent: Caller; // under demoagent
  let deep: MemberRow; // under subAgent: demoagent's downline at depth 2
  let otherAgent: Caller;
  let otherPlayer: MemberRow; // under otherAgent
  let trial: Caller;
  let loner: Caller; // no upline
  let noPassword: Caller; // under demoagent, no payment password set

  const call = async (
    caller: { authorization: string } | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Json,
  ) => {
    const response = await testApp.app.inject({
      method,
      url,
      ...(caller ? { headers: { authorization: caller.authorization } } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Json>() };
  };

  const login = (member: MemberRow) => loginAsMember(testApp, member.username);

  /**
   * Runs requests that must all be refused with the given codes, and checks that nothing at all moved: no
   * ledger transaction was written and the listed members' balances and inboxes are as they were.
   */
  const expectRefusedWithoutEffect = async (
    watched: MemberRow[],
    attempts: Array<[code: string, run: () => Promise<{ body: Json }>]>,
  ) => {
    const snapshot = async () => ({
      transactions: await kit.transactionCount(),
      balances: await Promise.all(watched.map((member) => kit.balance(member))),
      messages: await Promise.all(watched.map(async (member) => (await kit.messagesOf(member)).length)),
    });
    const before = await snapshot();
    for (const [code, run] of attempts) {
      const { body } = await run();
      expect(body, code).toMatchObject({ success: false, code });
    }
    expect(await snapshot()).toEqual(before);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
    operator = await loginAsOperator(testApp.app);
    player = await loginAsMember(testApp, 'demoplayer');
    agent = await loginAsMember(testApp, 'demoagent');
    subAgent = await login(await kit.addMember('subagent', { type: 2, upline: agent.member }));
    deep = await kit.addMember('deepplayer', { upline: subAgent.member });
    otherAgent = await login(await kit.addMember('otheragent', { type: 1 }));
    otherPlayer = await kit.addMember('otherplayer', { upline: otherAgent.member });
    trial = await login(await kit.addMember('trialplayer', { type: 4, upline: agent.member }));
    loner = await login(await kit.addMember('loner'));
    noPassword = await login(
      await kit.addMember('nopassword', { upline: agent.member, paymentPassword: null }),
    );
    for (const member of [
      subAgent.member,
      otherAgent.member,
      trial.member,
      loner.member,
      noPassword.member,
    ]) {
      await kit.fund(member, 10_000n);
    }
  });
  afterAll(() => testApp.close());

  describe('balances', () => {
    it('answers the main wallet in the brand currency with two decimals', async () => {
      const { body } = await call(player, 'GET', '/wps/v2/wallets/balance');
      expect(body).toEqual({
        success: true,
        message: '',
        value: {
          balance: '1000.00',
          bonusBalance: '0.00',
          currency: 'USD',
          currencySymbol: expect.any(String) as string,
        },
      });
      expect((await call(undefined, 'GET', '/wps/v2/wallets/balance')).body).toMatchObject({
        code: 'UNAUTHORIZED',
      });
    });

    it('consolidates the main wallet and what is held for withdrawals', async () => {
      const holder = await kit.addMember('holder');
      await kit.fund(holder, 10_000n);
      const cash = await kit.ledger.ensureMemberAccount(holder.brandId, holder.id, 'USD');
      await kit.ledger.reserve({
        brandId: holder.brandId,
        idempotencyKey: 'test:hold:holder',
        accountId: cash.id,
        amount: 3_000n,
        kind: 'withdrawal.request',
      });
      const { body } = await call(await login(holder), 'GET', '/wps/member/info/funds/consolidated');
      expect(body.value).toEqual({
        currency: 'USD',
        currencySymbol: expect.any(String) as string,
        mainWallet: '70.00',
        pendingWithdrawal: '30.00',
        gameWallets: [],
        total: '70.00',
      });
    });

    it('says the brand uses a single wallet until an operator sets up transfer wallets', async () => {
      expect((await call(player, 'GET', '/wps/relay/GCS_merchantWallet')).body).toMatchObject({
        success: true,
        value: { isSingle: true, vendors: [] },
      });
    });
  });

  describe('game wallet transfers', () => {
    const transfer = (caller: Caller, body: Json) =>
      call(caller, 'POST', '/wps/relay/GCS_walletTransfer', body);
    const toGame = (amount: string, requestId: string = randomUUID()) => ({
      vendor: 'PG',
      direction: 'TO_GAME',
      amount,
      requestId,
    });

    it('is refused while the brand uses a single wallet', async () => {
      await expectRefusedWithoutEffect(
        [player.member],
        [['FEATURE_DISABLED', () => transfer(player, toGame('10.00'))]],
      );
    });

    it('moves money to a vendor wallet and back, once per request id', async () => {
      const settings = await call(operator, 'PUT', '/wps/backoffice/wallet-settings', {
        mode: 'transfer',
        transferVendors: ['PG', 'JDB'],
      });
      expect(settings.body).toMatchObject({ success: true });
      expect((await call(player, 'GET', '/wps/relay/GCS_merchantWallet')).body).toMatchObject({
        value: { isSingle: false, vendors: ['PG', 'JDB'] },
      });

      const requestId = randomUUID();
      const first = await transfer(player, toGame('100.00', requestId));
      expect(first.body).toMatchObject({
        success: true,
        value: {
          mainWallet: '900.00',
          gameWallets: [
            { vendor: 'PG', balance: '100.00' },
            { vendor: 'JDB', balance: '0.00' },
          ],
          total: '1000.00',
        },
      });
      const retry = await transfer(player, toGame('100.00', requestId));
      expect(retry.body).toEqual(first.body);
      expect(await kit.balance(player.member)).toBe(90_000n);
      expect((await transfer(player, toGame('99.00', requestId))).body).toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
      });

      const back = await transfer(player, { ...toGame('40.00'), direction: 'TO_MAIN' });
      expect(back.body).toMatchObject({
        value: { mainWallet: '940.00', gameWallets: [{ vendor: 'PG', balance: '60.00' }, { vendor: 'JDB' }] },
      });
      expect((await call(player, 'GET', '/wps/v2/wallets/balance')).body).toMatchObject({
        value: { balance: '940.00' },
      });
    });

    it('refuses bad amounts, unknown vendors, overdrafts and trial accounts, moving nothing', async () => {
      await expectRefusedWithoutEffect(
        [player.member, trial.member],
        [
          ...badAmounts.map(
            (amount) =>
              ['VALIDATION_FAILED', () => transfer(player, toGame(amount))] as [
                string,
                () => Promise<{ body: Json }>,
              ],
          ),
          ['VALIDATION_FAILED', () => transfer(player, { ...toGame('1.00'), vendor: 'XYZ' })],
          ['VALIDATION_FAILED', () => transfer(player, { ...toGame('1.00'), currency: 'USD' })],
          ['VALIDATION_FAILED', () => transfer(player, { ...toGame('1.00'), requestId: 'not-a-uuid' })],
          ['INSUFFICIENT_FUNDS', () => transfer(player, toGame('940.01'))],
          ['INSUFFICIENT_FUNDS', () => transfer(player, { ...toGame('60.01'), direction: 'TO_MAIN' })],
          [
            'INSUFFICIENT_FUNDS',
            () => transfer(player, { ...toGame('1.00'), vendor: 'JDB', direction: 'TO_MAIN' }),
          ],
          ['TRIAL_NOT_ALLOWED', () => transfer(trial, toGame('1.00'))],
        ],
      );
      const unknownVendor = await transfer(player, { ...toGame('1.00'), vendor: 'XYZ' });
      expect(unknownVendor.body).toMatchObject({ value: { issues: [{ field: 'vendor' }] } });
    });

    it('will not switch off a vendor whose game wallets still hold money', async () => {
      const switchOff = (body: Json) => call(operator, 'PUT', '/wps/backoffice/wallet-settings', body);
      expect((await switchOff({ mode: 'transfer', transferVendors: ['JDB'] })).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        value: { vendors: ['PG'] },
      });
      expect((await switchOff({ mode: 'single', transferVendors: ['PG'] })).body).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      await transfer(player, { ...toGame('60.00'), direction: 'TO_MAIN' });
      expect((await switchOff({ mode: 'single', transferVendors: [] })).body).toMatchObject({
        success: true,
      });
      expect((await call(player, 'GET', '/wps/member/info/funds/consolidated')).body).toMatchObject({
        value: { mainWallet: '1000.00', gameWallets: [], total: '1000.00' },
      });
    });
  });

  describe('transfer to the upline', () => {
    const toUpline = (caller: Caller, amount: string, extra: Json = {}) =>
      call(caller, 'POST', '/wps/member/transfers/upline', {
        amount,
        paymentPassword: demoPaymentPassword,
        requestId: randomUUID(),
        ...extra,
      });

    it('names the direct upline, or none', async () => {
      expect((await call(player, 'GET', '/wps/member/transfers/upline')).body).toMatchObject({
        value: { upline: { account: 'demoagent', nickname: 'Demo agent' } },
      });
      expect((await call(loner, 'GET', '/wps/member/transfers/upline')).body).toMatchObject({
        value: { upline: null },
      });
    });

    it('moves money to the upline once, and tells them', async () => {
      const requestId = randomUUID();
      const first = await toUpline(player, '25.50', { requestId });
      expect(first.body).toMatchObject({
        success: true,
        value: { recipient: 'demoagent', amount: '25.50', balance: '974.50' },
      });
      expect((await toUpline(player, '25.50', { requestId })).body).toEqual(first.body);
      expect(await kit.balance(player.member)).toBe(97_450n);
      expect(await kit.balance(agent.member)).toBe(102_550n);
      const received = (await kit.messagesOf(agent.member)).filter((row) => row.kind === 'transfer_received');
      expect(received).toHaveLength(1);
      expect(received[0]?.params).toEqual({ amount: '25.50', currency: 'USD', from: 'demoplayer' });
      const inbox = await call(agent, 'GET', '/wps/member/messages');
      expect(inbox.body).toMatchObject({ value: { list: [{ kind: 'transfer_received' }] } });
    });

    it('moves money once when the same request arrives several times at once', async () => {
      const requestId = randomUUID();
      const before = { player: await kit.balance(player.member), agent: await kit.balance(agent.member) };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => toUpline(player, '1.00', { requestId })),
      );
      const ids = new Set(answers.map(({ body }) => (body.value as { transactionId: string }).transactionId));
      expect(ids.size).toBe(1);
      expect(await kit.balance(player.member)).toBe(before.player - 100n);
      expect(await kit.balance(agent.member)).toBe(before.agent + 100n);
      const received = (await kit.messagesOf(agent.member)).filter((row) => row.kind === 'transfer_received');
      expect(received).toHaveLength(2);
      // Back to where the other tests expect the balances to be.
      await call(agent, 'POST', '/wps/member/transfers/downline', {
        username: 'demoplayer',
        amount: '1.00',
        paymentPassword: demoPaymentPassword,
        requestId: randomUUID(),
      });
    });

    it('refuses bad input, wrong passwords, trials and members without an upline, moving nothing', async () => {
      const noPasswordUpline = { paymentPassword: testPaymentPassword };
      await expectRefusedWithoutEffect(
        [player.member, agent.member, loner.member, trial.member],
        [
          ...badAmounts.map(
            (amount) =>
              ['VALIDATION_FAILED', () => toUpline(player, amount)] as [
                string,
                () => Promise<{ body: Json }>,
              ],
          ),
          ['PAYMENT_PASSWORD_WRONG', () => toUpline(player, '1.00', { paymentPassword: '000000' })],
          ['VALIDATION_FAILED', () => toUpline(player, '1.00', { paymentPassword: '' })],
          [
            'VALIDATION_FAILED',
            () =>
              call(player, 'POST', '/wps/member/transfers/upline', {
                amount: '1.00',
                requestId: randomUUID(),
              }),
          ],
          ['PAYMENT_PASSWORD_REQUIRED', () => toUpline(noPassword, '1.00', noPasswordUpline)],
          ['INSUFFICIENT_FUNDS', () => toUpline(player, '974.51')],
          ['NOT_FOUND', () => toUpline(loner, '1.00', { paymentPassword: testPaymentPassword })],
          ['TRIAL_NOT_ALLOWED', () => toUpline(trial, '1.00', { paymentPassword: testPaymentPassword })],
        ],
      );
    });
  });

  describe('transfer to the downline', () => {
    const toDownline = (caller: Caller, username: string, amount: string, extra: Json = {}) =>
      call(caller, 'POST', '/wps/member/transfers/downline', {
        username,
        amount,
        paymentPassword: demoPaymentPassword,
        requestId: randomUUID(),
        ...extra,
      });

    it('reaches members at any depth of the agent’s line, once per request id', async () => {
      const requestId = randomUUID();
      const first = await toDownline(agent, 'DeepPlayer', '10.00', { requestId });
      expect(first.body).toMatchObject({
        success: true,
        value: { recipient: 'deepplayer', amount: '10.00', balance: '1015.50' },
      });
      expect((await toDownline(agent, 'deepplayer', '10.00', { requestId })).body).toEqual(first.body);
      expect(await kit.balance(deep)).toBe(1_000n);
      expect((await kit.messagesOf(deep)).map((row) => row.kind)).toEqual(['transfer_received']);

      expect((await toDownline(agent, 'demoplayer', '0.50')).body).toMatchObject({
        success: true,
        value: { balance: '1015.00' },
      });
      expect(await kit.balance(player.member)).toBe(97_500n);
    });

    it('refuses anyone outside the line without saying whether the name exists, moving nothing', async () => {
      const cycleA = await kit.addMember('cyclea', { type: 1 });
      const cycleB = await kit.addMember('cycleb', { type: 1, upline: cycleA });
      // The tree trigger refuses cycles now; bad data from before it is made with triggers off (replica mode).
      await testApp.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(members).set({ uplineId: cycleB.id }).where(eq(members.id, cycleA.id));
      });
      await kit.addMember('cyclechild', { upline: cycleA });
      const sub = { paymentPassword: testPaymentPassword };
      const attempts: Array<[string, () => Promise<{ body: Json }>]> = [
        ['NOT_IN_YOUR_LINE', () => toDownline(agent, 'nobody-by-this-name', '1.00')],
        ['NOT_IN_YOUR_LINE', () => toDownline(agent, 'otherplayer', '1.00')],
        ['NOT_IN_YOUR_LINE', () => toDownline(agent, 'otheragent', '1.00')],
        ['NOT_IN_YOUR_LINE', () => toDownline(agent, 'demoagent', '1.00')],
        ['NOT_IN_YOUR_LINE', () => toDownline(agent, 'cyclechild', '1.00')],
        ['NOT_IN_YOUR_LINE', () => toDownline(subAgent, 'demoagent', '1.00', sub)],
        ['NOT_IN_YOUR_LINE', () => toDownline(subAgent, 'demoplayer', '1.00', sub)],
        ['NOT_IN_YOUR_LINE', () => toDownline(otherAgent, 'deepplayer', '1.00', sub)],
        ['NOT_AN_AGENT', () => toDownline(player, 'demoagent', '1.00')],
        ['TRIAL_NOT_ALLOWED', () => toDownline(trial, 'demoplayer', '1.00', sub)],
        ['TRIAL_NOT_ALLOWED', () => toDownline(agent, 'trialplayer', '1.00')],
        ...badAmounts.map(
          (amount) =>
            ['VALIDATION_FAILED', () => toDownline(agent, 'demoplayer', amount)] as [
              string,
              () => Promise<{ body: Json }>,
            ],
        ),
        [
          'PAYMENT_PASSWORD_WRONG',
          () => toDownline(agent, 'demoplayer', '1.00', { paymentPassword: '111111' }),
        ],
        [
          'VALIDATION_FAILED',
          () =>
            call(agent, 'POST', '/wps/member/transfers/downline', {
              username: 'demoplayer',
              amount: '1.00',
              requestId: randomUUID(),
            }),
        ],
        ['INSUFFICIENT_FUNDS', () => toDownline(agent, 'demoplayer', '1015.01')],
      ];
      await expectRefusedWithoutEffect(
        [agent.member, player.member, deep, otherPlayer, subAgent.member],
        attempts,
      );
      // The same answer for a name that exists elsewhere and one that does not.
      const unknown = await toDownline(agent, 'nobody-by-this-name', '1.00');
      const elsewhere = await toDownline(agent, 'otherplayer', '1.00');
      expect(unknown).toEqual(elsewhere);
    });
  });
});
