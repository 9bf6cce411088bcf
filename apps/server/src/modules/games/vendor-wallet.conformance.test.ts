import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { stringifyProtocolJson } from '@wps/contracts/vendor-wallet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { members } from '../members/members.tables';
import { turnoverEvents } from '../turnover/turnover.tables';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../wallet/wallet.tables';
import { gameRounds, gameTransactions } from './games.tables';
import { addGame, addVendor } from './launch.test-helpers';
import { createVendorKit, protocolCents, type VendorKit } from './vendor-wallet.test-helpers';

/**
 * The conformance suite of the vendor wallet protocol (Hub88 Operator Wallet API), one `it` per rule of
 * docs/vendor-wallet-integration.md. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set; the races
 * are in vendor-wallet.concurrency.test.ts and the seeded simulation in vendor-wallet.simulation.test.ts.
 */
describe('vendor wallet protocol', () => {
  let testApp: TestApp;
  let vendor: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    vendor = await createVendorKit(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const roundOf = async (member: MemberRow, roundRef: string) => {
    const [row] = await db()
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.roundRef, roundRef)));
    return row;
  };
  const transactionOf = async (uuid: string) => {
    const [row] = await db()
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.vendorId, vendor.vendorId), eq(gameTransactions.transactionUuid, uuid)));
    return row;
  };
  /** A member with money and a launch token. */
  const player = async (cents = 10_000n) => {
    const member = await vendor.addPlayer(cents);
    return { member, token: await vendor.openSession(member) };
  };
  /** Expects the call to be refused with `status`, the member's real balance, and nothing written. */
  const expectRefused = async (
    method: string,
    body: Record<string, unknown> | string,
    status: string,
    options: Parameters<VendorKit['call']>[2] = {},
  ) => {
    const before = await vendor.counts();
    const result = await vendor.call(method, body, options);
    expect(result.httpStatus).toBe(200);
    expect(result.answer.status).toBe(status);
    expect(await vendor.counts()).toEqual(before);
    return result;
  };

  describe('transport', () => {
    it('answers HTTP 200 with user, status, request_uuid, currency and balance, signed with our published key', async () => {
      const { member } = await player(1_234n);
      const requestUuid = randomUUID();
      const result = await vendor.call('user/balance', {
        user: member.id.toString(),
        request_uuid: requestUuid,
      });
      expect(result.httpStatus).toBe(200);
      expect(result.answer).toEqual({
        user: member.id.toString(),
        status: 'RS_OK',
        request_uuid: requestUuid,
        currency: 'USD',
        balance: 1_234_000n,
      });
      expect(Object.keys(JSON.parse(result.raw) as object)).toEqual([
        'user',
        'status',
        'request_uuid',
        'currency',
        'balance',
      ]);
      expect(result.isSignedByPlatform).toBe(true);
    });

    it('answers machine to machine: never compressed, without the site’s browser security headers', async () => {
      const { member } = await player(1n);
      const result = await vendor.call(
        'user/balance',
        { user: member.id.toString(), request_uuid: randomUUID() },
        { acceptEncoding: 'br, gzip' },
      );
      expect(result.answer.status).toBe('RS_OK');
      expect(result.isSignedByPlatform).toBe(true);
      expect(result.headers['content-encoding']).toBeUndefined();
      expect(result.headers['content-security-policy']).toBeUndefined();
      expect(typeof result.headers['x-request-id']).toBe('string');
      // The site's own JSON answers are still compressed and carry the headers.
      const site = await testApp.app.inject({
        method: 'GET',
        url: '/wps/system/domainRoute',
        headers: { 'accept-encoding': 'br' },
      });
      expect(typeof site.headers['content-security-policy']).toBe('string');
    });

    it('publishes the platform public key as PEM, the same on every call', async () => {
      const first = await testApp.app.inject({ method: 'GET', url: '/wps/vendor-wallet/public-key' });
      const second = await testApp.app.inject({ method: 'GET', url: '/wps/vendor-wallet/public-key' });
      expect(first.statusCode).toBe(200);
      expect(first.body).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
      expect(second.body).toBe(first.body);
    });

    it('answers malformed JSON with RS_ERROR_WRONG_SYNTAX (HTTP 200, no envelope), writing nothing', async () => {
      const result = await expectRefused(
        'transaction/bet',
        '{"user": "1", "amount": 10',
        'RS_ERROR_WRONG_SYNTAX',
      );
      expect(result.raw).not.toContain('success');
      expect(result.isSignedByPlatform).toBe(true);
      await expectRefused('transaction/bet', '', 'RS_ERROR_WRONG_SYNTAX');
      await expectRefused('transaction/bet', '[1, 2]', 'RS_ERROR_WRONG_SYNTAX');
      await expectRefused('transaction/bet', '{"a": 1, "a": 2}', 'RS_ERROR_WRONG_SYNTAX');
    });

    it('answers missing and wrongly typed fields with RS_ERROR_WRONG_TYPES, writing nothing', async () => {
      const { member, token } = await player();
      const bet = vendor.betBody(member, token);
      await expectRefused('transaction/bet', { ...bet, amount: '100000' }, 'RS_ERROR_WRONG_TYPES');
      await expectRefused('transaction/bet', { ...bet, amount: 1000.5 }, 'RS_ERROR_WRONG_TYPES');
      await expectRefused('transaction/bet', { ...bet, amount: -100_000n }, 'RS_ERROR_WRONG_TYPES');
      await expectRefused('transaction/bet', { ...bet, round_closed: 'true' }, 'RS_ERROR_WRONG_TYPES');
      await expectRefused('transaction/bet', { ...bet, user: Number(member.id) }, 'RS_ERROR_WRONG_TYPES');
      await expectRefused('transaction/bet', { ...bet, transaction_uuid: undefined }, 'RS_ERROR_WRONG_TYPES');
      expect(await vendor.balance(member)).toBe(10_000n);
    });

    it('reads int64 amounts exactly: 2^63-1 is an amount (not enough money), 2^63 is not an int64', async () => {
      const { member, token } = await player();
      const result = await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token, { amount: 9_223_372_036_854_775_000n }),
        'RS_ERROR_NOT_ENOUGH_MONEY',
      );
      expect(result.answer.balance).toBe(protocolCents(10_000n));
      await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token, { amount: 9_223_372_036_854_775_808n }),
        'RS_ERROR_WRONG_TYPES',
      );
    });

    it('answers a body over the limit, any content type and unknown methods with protocol answers', async () => {
      await expectRefused('transaction/bet', `{"pad":"${'x'.repeat(70_000)}"}`, 'RS_ERROR_WRONG_SYNTAX');
      await expectRefused('transaction/jackpot', '{}', 'RS_ERROR_WRONG_SYNTAX');
      const { member } = await player(5n);
      const asText = await vendor.call(
        'user/balance',
        { user: member.id.toString(), request_uuid: 'r1' },
        { contentType: 'text/plain' },
      );
      expect(asText.answer).toMatchObject({ status: 'RS_OK', balance: 5_000n });
    });
  });

  describe('partner and signature (checked before the body is read)', () => {
    it('answers an unknown, disabled or house vendor with RS_ERROR_INVALID_PARTNER', async () => {
      const { member, token } = await player();
      const bet = vendor.betBody(member, token);
      await expectRefused('transaction/bet', bet, 'RS_ERROR_INVALID_PARTNER', { vendorCode: 'NOSUCH' });
      await expectRefused('transaction/bet', bet, 'RS_ERROR_INVALID_PARTNER', { vendorCode: 'lower-case' });
      await addVendor(db(), { code: 'TSTOFFWALLET', isEnabled: false, walletPublicKey: vendor.publicKeyPem });
      await expectRefused('transaction/bet', bet, 'RS_ERROR_INVALID_PARTNER', { vendorCode: 'TSTOFFWALLET' });
      await addVendor(db(), { code: 'TSTHOUSE', integration: 'house', walletPublicKey: vendor.publicKeyPem });
      await expectRefused('transaction/bet', bet, 'RS_ERROR_INVALID_PARTNER', { vendorCode: 'TSTHOUSE' });
    });

    it('answers unsigned, wrongly signed and re-serialised bodies with RS_ERROR_INVALID_SIGNATURE', async () => {
      const { member, token } = await player();
      const bet = vendor.betBody(member, token);
      await expectRefused('transaction/bet', bet, 'RS_ERROR_INVALID_SIGNATURE', { signature: null });
      await expectRefused('transaction/bet', bet, 'RS_ERROR_INVALID_SIGNATURE', { signature: '' });
      await expectRefused('transaction/bet', bet, 'RS_ERROR_INVALID_SIGNATURE', { signature: 'not base64!' });
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const text = stringifyProtocolJson(bet);
      await expectRefused('transaction/bet', text, 'RS_ERROR_INVALID_SIGNATURE', {
        signature: sign('sha256', Buffer.from(text), stranger.privateKey).toString('base64'),
      });
      // Signed over the compact form, sent with spaces: the same JSON, not the same bytes.
      await expectRefused('transaction/bet', text.replace(/,/g, ', '), 'RS_ERROR_INVALID_SIGNATURE', {
        signature: vendor.signBody(text),
      });
      expect(await vendor.balance(member)).toBe(10_000n);
    });

    it('verifies the bytes exactly as received, whatever their formatting', async () => {
      const { member, token } = await player();
      const spaced = JSON.stringify(
        JSON.parse(stringifyProtocolJson({ ...vendor.betBody(member, token), amount: 0 })),
        null,
        2,
      ).replace('"amount": 0', `"amount": ${protocolCents(250n)}`);
      const result = await vendor.call('transaction/bet', spaced);
      expect(result.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(9_750n) });
    });

    it('refuses every call of a vendor registered without a key', async () => {
      await addVendor(db(), { code: 'TSTNOKEY', walletPublicKey: null });
      const { member } = await player();
      await expectRefused(
        'user/balance',
        { user: member.id.toString(), request_uuid: 'r' },
        'RS_ERROR_INVALID_SIGNATURE',
        { vendorCode: 'TSTNOKEY' },
      );
    });
  });

  describe('user/info and user/balance', () => {
    it('answer the cash balance scaled by 100,000, echoing user and request_uuid', async () => {
      const { member } = await player(356n);
      for (const method of ['user/info', 'user/balance']) {
        const result = await vendor.call(method, {
          user: member.id.toString(),
          request_uuid: 'req-7',
          game_code: 'x',
        });
        expect(result.answer).toEqual({
          user: member.id.toString(),
          status: 'RS_OK',
          request_uuid: 'req-7',
          currency: 'USD',
          balance: 356_000n,
        });
      }
    });

    it('answer an unknown user with RS_ERROR_INVALID_TOKEN and a disabled one with RS_ERROR_USER_DISABLED', async () => {
      for (const user of ['999999999', 'not-a-member', '0', '99999999999999999999']) {
        await expectRefused('user/info', { user, request_uuid: 'r' }, 'RS_ERROR_INVALID_TOKEN');
      }
      const disabled = await vendor.addPlayer(700n, 'disabled');
      const result = await vendor.call('user/balance', { user: disabled.id.toString(), request_uuid: 'r' });
      expect(result.answer).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: 700_000n });
    });
  });

  describe('bet', () => {
    it('takes the amount from the member cash into the vendor clearing account, as one ledger posting', async () => {
      const { member, token } = await player(10_000n);
      const bet = vendor.betBody(member, token, { cents: 250n });
      const result = await vendor.call('transaction/bet', bet);
      expect(result.answer).toMatchObject({
        status: 'RS_OK',
        currency: 'USD',
        balance: protocolCents(9_750n),
      });
      expect(result.answer.request_uuid).toBe(bet.request_uuid);
      const row = await transactionOf(String(bet.transaction_uuid));
      expect(row).toMatchObject({ kind: 'bet', amount: 250n, memberId: member.id, isRolledBack: false });
      const [posting] = await db()
        .select()
        .from(ledgerTransactions)
        .where(
          eq(ledgerTransactions.idempotencyKey, `game:${vendor.vendorCode}:${String(bet.transaction_uuid)}`),
        );
      expect(posting).toMatchObject({ kind: 'bet', productLine: 'RNG', id: row?.ledgerTransactionId });
      const legs = await db()
        .select({ amount: ledgerEntries.amount, kind: ledgerAccounts.kind, scope: ledgerAccounts.scope })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerEntries.transactionId, posting?.id ?? 0n));
      expect(legs).toEqual(
        expect.arrayContaining([
          { amount: -250n, kind: 'member_cash', scope: '' },
          { amount: 250n, kind: 'provider_clearing', scope: vendor.vendorCode },
        ]),
      );
      expect(await roundOf(member, String(bet.round))).toMatchObject({
        status: 'open',
        betAmount: 250n,
        productLine: 'RNG',
        gameId: vendor.gameId,
      });
    });

    it('signals the member’s open sites after the commit', async () => {
      const { member, token } = await player();
      const events: string[] = [];
      const unsubscribe = testApp.push.subscribe(member.id, (event) => events.push(event.type));
      await vendor.call('transaction/bet', vendor.betBody(member, token));
      unsubscribe();
      expect(events).toEqual(['balance']);
    });

    it('checks the token: unknown, another member’s or another vendor’s is RS_ERROR_INVALID_TOKEN, expired RS_ERROR_TOKEN_EXPIRED', async () => {
      const { member } = await player();
      const other = await player();
      await expectRefused(
        'transaction/bet',
        vendor.betBody(member, 'no-such-token'),
        'RS_ERROR_INVALID_TOKEN',
      );
      await expectRefused('transaction/bet', vendor.betBody(member, other.token), 'RS_ERROR_INVALID_TOKEN');
      const otherVendor = await addVendor(db(), { code: 'TSTOTHER' });
      const foreign = await vendor.openSession(member, { vendorId: otherVendor });
      await expectRefused('transaction/bet', vendor.betBody(member, foreign), 'RS_ERROR_INVALID_TOKEN');
      const expired = await vendor.openSession(member, { expired: true });
      await expectRefused('transaction/bet', vendor.betBody(member, expired), 'RS_ERROR_TOKEN_EXPIRED');
      expect(await vendor.balance(member)).toBe(10_000n);
    });

    it('answers an unknown user with RS_ERROR_INVALID_TOKEN and a disabled member with RS_ERROR_USER_DISABLED', async () => {
      const { member, token } = await player();
      await expectRefused(
        'transaction/bet',
        { ...vendor.betBody(member, token), user: '987654321' },
        'RS_ERROR_INVALID_TOKEN',
      );
      await db().update(members).set({ status: 'disabled' }).where(eq(members.id, member.id));
      const result = await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token),
        'RS_ERROR_USER_DISABLED',
      );
      expect(result.answer.balance).toBe(protocolCents(10_000n));
    });

    it('refuses a member disabled while playing once the 2-second member cache lapses', async () => {
      const { member, token } = await player();
      expect((await vendor.call('transaction/bet', vendor.betBody(member, token))).answer.status).toBe(
        'RS_OK',
      );
      await db().update(members).set({ status: 'disabled' }).where(eq(members.id, member.id));
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await expectRefused('transaction/bet', vendor.betBody(member, token), 'RS_ERROR_USER_DISABLED');
    });

    it('answers a game unknown to this vendor (or disabled) with RS_ERROR_INVALID_GAME', async () => {
      const { member, token } = await player();
      await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token, { game_code: 'nope' }),
        'RS_ERROR_INVALID_GAME',
      );
      const otherVendor = await addVendor(db(), { code: 'TSTGAMES' });
      await addGame(db(), otherVendor, { code: 'theirs' });
      await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token, { game_code: 'theirs' }),
        'RS_ERROR_INVALID_GAME',
      );
      await addGame(db(), vendor.vendorId, { code: 'retired', isEnabled: false });
      await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token, { game_code: 'retired' }),
        'RS_ERROR_INVALID_GAME',
      );
    });

    it('answers another currency with RS_ERROR_WRONG_CURRENCY', async () => {
      const { member, token } = await player();
      for (const currency of ['EUR', 'usd', 'schmeckles']) {
        const result = await expectRefused(
          'transaction/bet',
          vendor.betBody(member, token, { currency }),
          'RS_ERROR_WRONG_CURRENCY',
        );
        expect(result.answer.currency).toBe('USD');
      }
    });

    it('refuses an amount finer than a cent (RS_ERROR_WRONG_CURRENCY), never rounding it', async () => {
      const { member, token } = await player();
      for (const amount of [1n, 100n, 100_001n, 356_100n]) {
        await expectRefused(
          'transaction/bet',
          vendor.betBody(member, token, { amount }),
          'RS_ERROR_WRONG_CURRENCY',
        );
      }
      expect(await vendor.balance(member)).toBe(10_000n);
    });

    it('answers not enough money with RS_ERROR_NOT_ENOUGH_MONEY and the real balance, writing nothing', async () => {
      const { member, token } = await player(99n);
      const result = await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token, { cents: 100n }),
        'RS_ERROR_NOT_ENOUGH_MONEY',
      );
      expect(result.answer.balance).toBe(99_000n);
      const exact = await vendor.call('transaction/bet', vendor.betBody(member, token, { cents: 99n }));
      expect(exact.answer).toMatchObject({ status: 'RS_OK', balance: 0n });
    });

    it('processes a transaction_uuid once: the same bet again is RS_OK with the current balance', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      await vendor.call('transaction/bet', vendor.betBody(member, token, { cents: 50n }));
      const before = await vendor.counts();
      const repeat = await vendor.call('transaction/bet', { ...bet, request_uuid: randomUUID() });
      expect(repeat.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(850n) });
      expect(await vendor.counts()).toEqual(before);
    });

    it('answers the same uuid with another user, amount, currency, round or game with RS_ERROR_DUPLICATE_TRANSACTION', async () => {
      const { member, token } = await player(1_000n);
      const other = await player(1_000n);
      await addGame(db(), vendor.vendorId, { code: 'wallet-slot-2' });
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      const variants = [
        { ...vendor.betBody(other.member, other.token), transaction_uuid: bet.transaction_uuid },
        { ...bet, amount: protocolCents(101n) },
        { ...bet, round: 'another-round' },
        { ...bet, game_code: 'wallet-slot-2' },
      ];
      for (const variant of variants) {
        await expectRefused('transaction/bet', variant, 'RS_ERROR_DUPLICATE_TRANSACTION');
      }
      // A win carrying a bet's uuid is another transaction under a taken uuid too.
      await expectRefused(
        'transaction/win',
        vendor.winBody(member, {
          uuid: String(bet.transaction_uuid),
          round: String(bet.round),
          reference: String(bet.transaction_uuid),
        }),
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
      expect(await vendor.balance(member)).toBe(900n);
      expect(await vendor.balance(other.member)).toBe(1_000n);
    });

    it('accepts a free-round bet only with amount 0 (the vendor funds it), else RS_ERROR_WRONG_TYPES', async () => {
      const { member, token } = await player(1_000n);
      const free = vendor.betBody(member, token, { cents: 0n, is_free: true, reward_uuid: randomUUID() });
      const result = await vendor.call('transaction/bet', free);
      expect(result.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(1_000n) });
      expect(await transactionOf(String(free.transaction_uuid))).toMatchObject({
        amount: 0n,
        ledgerTransactionId: null,
      });
      await expectRefused(
        'transaction/bet',
        vendor.betBody(member, token, { cents: 100n, is_free: true }),
        'RS_ERROR_WRONG_TYPES',
      );
      const win = await vendor.call(
        'transaction/win',
        vendor.winBody(member, {
          round: String(free.round),
          reference: String(free.transaction_uuid),
          cents: 300n,
          is_free: true,
        }),
      );
      expect(win.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(1_300n) });
    });

    it('keeps several bets of one round on one round row (extra balls)', async () => {
      const { member, token } = await player(1_000n);
      const round = randomUUID();
      for (let index = 0; index < 3; index += 1) {
        const result = await vendor.call(
          'transaction/bet',
          vendor.betBody(member, token, { round, cents: 100n }),
        );
        expect(result.answer.status).toBe('RS_OK');
      }
      expect(await roundOf(member, round)).toMatchObject({ betAmount: 300n, status: 'open' });
    });
  });

  describe('win', () => {
    it('pays the member from the clearing account, with the token expired (tokens are checked on bets only)', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      const expired = await vendor.openSession(member, { expired: true });
      const win = vendor.winBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
        cents: 250n,
        token: expired,
      });
      const result = await vendor.call('transaction/win', win);
      expect(result.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(1_150n) });
      const [posting] = await db()
        .select()
        .from(ledgerTransactions)
        .where(
          eq(ledgerTransactions.idempotencyKey, `game:${vendor.vendorCode}:${String(win.transaction_uuid)}`),
        );
      expect(posting).toMatchObject({ kind: 'win', productLine: 'RNG' });
    });

    it('books the win in the product line of its round, whatever game the win names', async () => {
      const { member, token } = await player(1_000n);
      await addGame(db(), vendor.vendorId, { code: 'wallet-live', gameType: 'LIVE' });
      const bet = vendor.betBody(member, token, { cents: 100n, game_code: 'wallet-live' });
      await vendor.call('transaction/bet', bet);
      const win = vendor.winBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
        cents: 150n,
      });
      await vendor.call('transaction/win', win);
      const postings = await db()
        .select({ kind: ledgerTransactions.kind, productLine: ledgerTransactions.productLine })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `round:${(await roundOf(member, String(bet.round)))?.id}`));
      expect(postings).toEqual(
        expect.arrayContaining([
          { kind: 'bet', productLine: 'LIVE' },
          { kind: 'win', productLine: 'LIVE' },
        ]),
      );
    });

    it('pays a member disabled after the bet', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      await db().update(members).set({ status: 'disabled' }).where(eq(members.id, member.id));
      const result = await vendor.call(
        'transaction/win',
        vendor.winBody(member, {
          round: String(bet.round),
          reference: String(bet.transaction_uuid),
          cents: 200n,
        }),
      );
      expect(result.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(1_100n) });
    });

    it('answers a win for an unknown bet with RS_ERROR_TRANSACTION_DOES_NOT_EXIST, writing nothing', async () => {
      const { member, token } = await player(1_000n);
      await expectRefused(
        'transaction/win',
        vendor.winBody(member, { round: 'r', reference: randomUUID(), cents: 100n }),
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
      // Another member's bet, or the bet under another round, is not this win's bet either.
      const other = await player(1_000n);
      const theirs = vendor.betBody(other.member, other.token);
      await vendor.call('transaction/bet', theirs);
      await expectRefused(
        'transaction/win',
        vendor.winBody(member, {
          round: String(theirs.round),
          reference: String(theirs.transaction_uuid),
          cents: 100n,
        }),
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
      const mine = vendor.betBody(member, token);
      await vendor.call('transaction/bet', mine);
      await expectRefused(
        'transaction/win',
        vendor.winBody(member, {
          round: 'not-the-round',
          reference: String(mine.transaction_uuid),
          cents: 100n,
        }),
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
    });

    it('answers a win for a rolled-back bet with RS_ERROR_TRANSACTION_ROLLED_BACK, writing nothing', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      await vendor.call(
        'transaction/rollback',
        vendor.rollbackBody(member, {
          round: String(bet.round),
          reference: String(bet.transaction_uuid),
          closed: false,
        }),
      );
      await expectRefused(
        'transaction/win',
        vendor.winBody(member, {
          round: String(bet.round),
          reference: String(bet.transaction_uuid),
          cents: 500n,
        }),
        'RS_ERROR_TRANSACTION_ROLLED_BACK',
      );
      expect(await vendor.balance(member)).toBe(1_000n);
    });

    it('processes a win once; the same uuid with another amount is RS_ERROR_DUPLICATE_TRANSACTION', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      const win = vendor.winBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
        cents: 300n,
      });
      await vendor.call('transaction/win', win);
      const repeat = await expectRefused('transaction/win', { ...win, request_uuid: randomUUID() }, 'RS_OK');
      expect(repeat.answer.balance).toBe(protocolCents(1_200n));
      await expectRefused(
        'transaction/win',
        { ...win, amount: protocolCents(301n) },
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
      await expectRefused(
        'transaction/win',
        { ...win, reference_transaction_uuid: randomUUID() },
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
    });

    it('answers a wrong currency, an amount finer than a cent and an unknown game with their statuses', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      const win = vendor.winBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
        cents: 100n,
      });
      await expectRefused('transaction/win', { ...win, currency: 'EUR' }, 'RS_ERROR_WRONG_CURRENCY');
      await expectRefused('transaction/win', { ...win, amount: 100_500n }, 'RS_ERROR_WRONG_CURRENCY');
      await expectRefused('transaction/win', { ...win, game_code: 'nope' }, 'RS_ERROR_INVALID_GAME');
    });

    it('settles the round when round_closed: status, win, valid bet, and turnover counted once under round:<id>', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      const lose = vendor.winBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
        cents: 0n,
      });
      const result = await vendor.call('transaction/win', lose);
      expect(result.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(900n) });
      expect(await transactionOf(String(lose.transaction_uuid))).toMatchObject({
        amount: 0n,
        ledgerTransactionId: null,
      });
      const round = await roundOf(member, String(bet.round));
      expect(round).toMatchObject({
        status: 'settled',
        betAmount: 100n,
        winAmount: 0n,
        validBet: 100n,
        turnoverRecorded: 100n,
      });
      expect(round?.settledAt).toBeInstanceOf(Date);
      const events = await db().select().from(turnoverEvents).where(eq(turnoverEvents.memberId, member.id));
      expect(events.map((event) => [event.source, event.reference, event.amount])).toEqual([
        ['bet', `round:${round?.id}`, 100n],
      ]);
    });
  });

  describe('rollback', () => {
    it('refunds exactly the referenced bet, once, however often and under whatever uuid it is repeated', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 120n });
      await vendor.call('transaction/bet', bet);
      const rollback = vendor.rollbackBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
        amount: 999_999n,
      });
      const result = await vendor.call('transaction/rollback', rollback);
      expect(result.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(1_000n) });
      const [posting] = await db()
        .select()
        .from(ledgerTransactions)
        .where(
          eq(
            ledgerTransactions.idempotencyKey,
            `game:${vendor.vendorCode}:${String(rollback.transaction_uuid)}`,
          ),
        );
      expect(posting).toMatchObject({ kind: 'bet.rollback', productLine: 'RNG' });
      expect(await transactionOf(String(bet.transaction_uuid))).toMatchObject({ isRolledBack: true });
      expect(await transactionOf(String(rollback.transaction_uuid))).toMatchObject({
        kind: 'rollback',
        amount: 120n,
      });
      const before = await vendor.counts();
      const repeat = await vendor.call('transaction/rollback', { ...rollback, request_uuid: randomUUID() });
      const another = await vendor.call('transaction/rollback', {
        ...rollback,
        transaction_uuid: randomUUID(),
      });
      expect([repeat.answer.status, another.answer.status]).toEqual(['RS_OK', 'RS_OK']);
      expect(await vendor.counts()).toEqual(before);
      expect(await vendor.balance(member)).toBe(1_000n);
      expect(await roundOf(member, String(bet.round))).toMatchObject({
        status: 'settled',
        betAmount: 120n,
        refundedAmount: 120n,
        validBet: 0n,
        turnoverRecorded: 0n,
      });
    });

    it('answers a repeat of a rolled-back bet with RS_ERROR_TRANSACTION_ROLLED_BACK, moving nothing', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      await vendor.call(
        'transaction/rollback',
        vendor.rollbackBody(member, { round: String(bet.round), reference: String(bet.transaction_uuid) }),
      );
      const repeat = await expectRefused('transaction/bet', bet, 'RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect(repeat.answer.balance).toBe(protocolCents(1_000n));
    });

    it('answers the same rollback uuid for another bet with RS_ERROR_DUPLICATE_TRANSACTION', async () => {
      const { member, token } = await player(1_000n);
      const first = vendor.betBody(member, token, { cents: 100n });
      const second = vendor.betBody(member, token, { cents: 100n, round: String(first.round) });
      await vendor.call('transaction/bet', first);
      await vendor.call('transaction/bet', second);
      const rollback = vendor.rollbackBody(member, {
        round: String(first.round),
        reference: String(first.transaction_uuid),
        closed: false,
      });
      await vendor.call('transaction/rollback', rollback);
      await expectRefused(
        'transaction/rollback',
        { ...rollback, reference_transaction_uuid: second.transaction_uuid },
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
      expect(await vendor.balance(member)).toBe(900n);
    });

    it('refuses a rollback once the round has a win (RS_ERROR_UNKNOWN), writing nothing', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      await vendor.call(
        'transaction/win',
        vendor.winBody(member, {
          round: String(bet.round),
          reference: String(bet.transaction_uuid),
          cents: 0n,
          closed: false,
        }),
      );
      const result = await expectRefused(
        'transaction/rollback',
        vendor.rollbackBody(member, { round: String(bet.round), reference: String(bet.transaction_uuid) }),
        'RS_ERROR_UNKNOWN',
      );
      expect(result.answer.balance).toBe(protocolCents(900n));
    });

    it('rolls back one bet of a round and pays the other (bingo extra balls)', async () => {
      const { member, token } = await player(1_000n);
      const round = randomUUID();
      const first = vendor.betBody(member, token, { round, cents: 100n });
      const second = vendor.betBody(member, token, { round, cents: 100n });
      await vendor.call('transaction/bet', first);
      await vendor.call('transaction/bet', second);
      const rolledBack = await vendor.call(
        'transaction/rollback',
        vendor.rollbackBody(member, { round, reference: String(first.transaction_uuid), closed: false }),
      );
      expect(rolledBack.answer.balance).toBe(protocolCents(900n));
      const paid = await vendor.call(
        'transaction/win',
        vendor.winBody(member, { round, reference: String(second.transaction_uuid), cents: 100n }),
      );
      expect(paid.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(1_000n) });
      expect(await roundOf(member, round)).toMatchObject({
        betAmount: 200n,
        refundedAmount: 100n,
        winAmount: 100n,
        validBet: 100n,
      });
    });

    it('answers an unknown reference with RS_ERROR_TRANSACTION_DOES_NOT_EXIST and keeps a tombstone: the late bet is refused', async () => {
      const { member, token } = await player(1_000n);
      const late = vendor.betBody(member, token, { cents: 100n });
      const rollback = vendor.rollbackBody(member, {
        round: String(late.round),
        reference: String(late.transaction_uuid),
      });
      const first = await vendor.call('transaction/rollback', rollback);
      expect(first.answer).toMatchObject({
        status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        balance: protocolCents(1_000n),
      });
      expect(await transactionOf(String(late.transaction_uuid))).toMatchObject({
        kind: 'tombstone',
        amount: 0n,
      });
      const again = await expectRefused(
        'transaction/rollback',
        rollback,
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
      expect(again.answer.balance).toBe(protocolCents(1_000n));
      await expectRefused('transaction/bet', late, 'RS_ERROR_TRANSACTION_ROLLED_BACK');
      await expectRefused(
        'transaction/win',
        vendor.winBody(member, {
          round: String(late.round),
          reference: String(late.transaction_uuid),
          cents: 100n,
        }),
        'RS_ERROR_TRANSACTION_ROLLED_BACK',
      );
      expect(await vendor.balance(member)).toBe(1_000n);
    });

    it('refuses the late bet as rolled back even when the member could not afford it', async () => {
      const { member, token } = await player(50n);
      const late = vendor.betBody(member, token, { cents: 100n });
      await vendor.call(
        'transaction/rollback',
        vendor.rollbackBody(member, { round: String(late.round), reference: String(late.transaction_uuid) }),
      );
      const result = await expectRefused('transaction/bet', late, 'RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect(result.answer.balance).toBe(protocolCents(50n));
    });

    it('is accepted for a disabled member, with an expired token', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      await db().update(members).set({ status: 'disabled' }).where(eq(members.id, member.id));
      const expired = await vendor.openSession(member, { expired: true });
      const result = await vendor.call(
        'transaction/rollback',
        vendor.rollbackBody(member, {
          round: String(bet.round),
          reference: String(bet.transaction_uuid),
          token: expired,
        }),
      );
      expect(result.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(1_000n) });
    });

    it('answers a rollback of a win, or of another member’s bet, with RS_ERROR_TRANSACTION_DOES_NOT_EXIST', async () => {
      const { member, token } = await player(1_000n);
      const bet = vendor.betBody(member, token, { cents: 100n });
      await vendor.call('transaction/bet', bet);
      const win = vendor.winBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
        cents: 50n,
        closed: false,
      });
      await vendor.call('transaction/win', win);
      await expectRefused(
        'transaction/rollback',
        vendor.rollbackBody(member, { round: String(bet.round), reference: String(win.transaction_uuid) }),
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
      const other = await player(1_000n);
      await expectRefused(
        'transaction/rollback',
        vendor.rollbackBody(other.member, {
          round: String(bet.round),
          reference: String(bet.transaction_uuid),
        }),
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
    });
  });

  describe('rounds and turnover', () => {
    it('settles with a closing bet, and counts only the difference when a round re-opens and settles again', async () => {
      const { member, token } = await player(1_000n);
      const round = randomUUID();
      await vendor.call(
        'transaction/bet',
        vendor.betBody(member, token, { round, cents: 100n, closed: true }),
      );
      const settled = await roundOf(member, round);
      expect(settled).toMatchObject({ status: 'settled', validBet: 100n, turnoverRecorded: 100n });
      await vendor.call('transaction/bet', vendor.betBody(member, token, { round, cents: 40n }));
      expect(await roundOf(member, round)).toMatchObject({
        status: 'open',
        betAmount: 140n,
        settledAt: null,
      });
      await vendor.call(
        'transaction/bet',
        vendor.betBody(member, token, { round, cents: 10n, closed: true }),
      );
      expect(await roundOf(member, round)).toMatchObject({
        status: 'settled',
        validBet: 150n,
        turnoverRecorded: 150n,
      });
      const events = await db().select().from(turnoverEvents).where(eq(turnoverEvents.memberId, member.id));
      expect(events.map((event) => [event.reference, event.amount])).toEqual([
        [`round:${settled?.id}`, 100n],
        [`round:${settled?.id}:150`, 50n],
      ]);
    });

    /** Rounds a vendor never closed (guide section 11): settled after the idle time, their valid bet counted once. */
    describe('idle rounds', () => {
      const hourMs = 3_600_000;
      /** As if the round's last call came `hours` ago. */
      const age = async (member: MemberRow, roundRef: string, hours: number) => {
        await db()
          .update(gameRounds)
          .set({ updatedAt: sql`now() - make_interval(hours => ${hours})` })
          .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.roundRef, roundRef)));
      };
      const turnoverOf = async (member: MemberRow) =>
        (await db().select().from(turnoverEvents).where(eq(turnoverEvents.memberId, member.id))).map(
          (event) => [event.reference, event.amount],
        );
      /** A bet on a new round; answers the round's reference and the bet's uuid. */
      const openRound = async (member: MemberRow, token: string, cents: bigint) => {
        const body = vendor.betBody(member, token, { cents });
        expect((await vendor.call('transaction/bet', body)).answer.status).toBe('RS_OK');
        return { round: String(body.round), betUuid: String(body.transaction_uuid) };
      };

      it('settles a round idle for the set time and counts its stake on turnover once; a round with a recent call stays open', async () => {
        const { member, token } = await player();
        const idle = await openRound(member, token, 100n);
        const recent = await openRound(member, token, 70n);
        await age(member, idle.round, 25);
        await age(member, recent.round, 23);

        expect(await vendor.newService().closeIdleRounds(24 * hourMs)).toBe(1);
        const settled = await roundOf(member, idle.round);
        expect(settled).toMatchObject({ status: 'settled', validBet: 100n, turnoverRecorded: 100n });
        expect(settled?.settledAt).toBeInstanceOf(Date);
        expect(await roundOf(member, recent.round)).toMatchObject({ status: 'open', validBet: 0n });
        expect(await turnoverOf(member)).toEqual([[`round:${settled?.id}`, 100n]]);

        expect(await vendor.newService().closeIdleRounds(24 * hourMs)).toBe(0);
        expect(await turnoverOf(member)).toEqual([[`round:${settled?.id}`, 100n]]);
        expect(await vendor.balance(member)).toBe(10_000n - 170n);
      });

      it('leaves refunded stakes out; a late win is still paid and a late bet opens the round again', async () => {
        const { member, token } = await player(1_000n);
        const { round, betUuid } = await openRound(member, token, 100n);
        const second = vendor.betBody(member, token, { round, cents: 50n });
        await vendor.call('transaction/bet', second);
        const refund = vendor.rollbackBody(member, { round, reference: String(second.transaction_uuid) });
        expect((await vendor.call('transaction/rollback', refund)).answer.status).toBe('RS_OK');
        await age(member, round, 30);

        await vendor.newService().closeIdleRounds(24 * hourMs);
        const settled = await roundOf(member, round);
        expect(settled).toMatchObject({
          status: 'settled',
          betAmount: 150n,
          refundedAmount: 50n,
          validBet: 100n,
        });

        const win = await vendor.call(
          'transaction/win',
          vendor.winBody(member, { round, reference: betUuid, cents: 40n }),
        );
        expect(win.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(940n) });
        expect(await roundOf(member, round)).toMatchObject({
          status: 'settled',
          winAmount: 40n,
          validBet: 100n,
        });

        await vendor.call('transaction/bet', vendor.betBody(member, token, { round, cents: 10n }));
        expect(await roundOf(member, round)).toMatchObject({ status: 'open', betAmount: 160n });
        await age(member, round, 25);
        await vendor.newService().closeIdleRounds(24 * hourMs);
        expect(await roundOf(member, round)).toMatchObject({ status: 'settled', validBet: 110n });
        expect(await turnoverOf(member)).toEqual([
          [`round:${settled?.id}`, 100n],
          [`round:${settled?.id}:110`, 10n],
        ]);
      });

      it('closes each round once when two instances run at the same time', async () => {
        const { member, token } = await player();
        const rounds = await Promise.all([30n, 40n, 50n].map((cents) => openRound(member, token, cents)));
        for (const { round } of rounds) await age(member, round, 48);

        const [first, second] = await Promise.all([
          vendor.newService().closeIdleRounds(24 * hourMs, 2),
          vendor.newService().closeIdleRounds(24 * hourMs, 2),
        ]);
        expect(first + second).toBe(3);
        const events = await turnoverOf(member);
        expect(events.map(([, amount]) => amount).sort()).toEqual([30n, 40n, 50n]);
        for (const { round } of rounds) {
          expect(await roundOf(member, round)).toMatchObject({ status: 'settled' });
        }
      });

      it('runs on its own in a running platform, at the configured idle time', async () => {
        const platform = await createTestApp({
          GAME_ROUND_IDLE_CHECK_INTERVAL_MS: '100',
          GAME_ROUND_IDLE_CLOSE_HOURS: '1',
        });
        try {
          const own = await createVendorKit(platform, 'IDLEVENDOR');
          const member = await own.addPlayer(1_000n);
          const body = own.betBody(member, await own.openSession(member), {
            round: randomUUID(),
            cents: 25n,
          });
          await own.call('transaction/bet', body);
          const where = and(eq(gameRounds.memberId, member.id), eq(gameRounds.roundRef, String(body.round)));
          const statusOf = async () =>
            (await platform.database.db.select().from(gameRounds).where(where))[0]?.status;
          await new Promise((resolve) => {
            setTimeout(resolve, 300);
          });
          expect(await statusOf()).toBe('open');
          await platform.database.db
            .update(gameRounds)
            .set({ updatedAt: sql`now() - interval '61 minutes'` })
            .where(where);
          await vi.waitFor(
            async () => {
              expect(await statusOf()).toBe('settled');
            },
            { timeout: 5_000 },
          );
        } finally {
          await platform.close();
        }
      });
    });
  });

  it('answers RS_ERROR_UNKNOWN when something unexpected fails, so the vendor retries; nothing is committed', async () => {
    const { member, token } = await player(1_000n);
    const failures: unknown[] = [];
    const service = vendor.newService({
      brandCurrency: () => Promise.reject(new Error('the site database is away')),
      onError: (error) => failures.push(error),
    });
    const body = stringifyProtocolJson(vendor.betBody(member, token));
    const outcome = await service.handle({
      vendorCode: vendor.vendorCode,
      method: 'transaction/bet',
      body: Buffer.from(body),
      signature: vendor.signBody(body),
    });
    expect(outcome.answer).toMatchObject({ status: 'RS_ERROR_UNKNOWN', user: member.id.toString() });
    expect(failures).toHaveLength(1);
    expect(await vendor.balance(member)).toBe(1_000n);
  });
});
