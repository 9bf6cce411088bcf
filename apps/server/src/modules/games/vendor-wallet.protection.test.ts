import { randomUUID } from 'node:crypto';
import { stringifyProtocolJson, type VendorWalletAnswer } from '@wps/contracts/vendor-wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import type { LedgerService, PostingRequest } from '../wallet/ledger.service';
import { type Body, createVendorKit, protocolCents, type VendorKit } from './vendor-wallet.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

/**
 * Player protection on the vendor wallet: the ledger's rule refuses a stake past a limit or of an excluded member
 * (migration 0063); the wallet answers it with the protocol's refusal, never RS_ERROR_UNKNOWN, one member's
 * refusal in a batch leaves the others' bets written, and an exclusion kills the member's launch tokens.
 */
describe('vendor wallet under player protection', () => {
  let testApp: TestApp;
  let vendor: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    vendor = await createVendorKit(testApp, 'TSTGUARD');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const site = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    authorization: string,
    payload?: object,
  ) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  /** A funded member with a site session (for the member centre) and a launch token of the vendor. */
  const player = async (cents: bigint) => {
    const member = await vendor.addPlayer(cents);
    const { authorization } = await loginAsMember(testApp, member.username);
    return { member, authorization, token: await vendor.openSession(member) };
  };

  const setLimit = async (authorization: string, kind: string, amount: string) => {
    const set = await site('PUT', '/wps/member/protection/limits', authorization, {
      kind,
      period: 'day',
      amount,
    });
    expect(set.body.success).toBe(true);
  };

  const usage = async (member: MemberRow, kind: string): Promise<bigint> => {
    const [row] = await selectRows<{ used: string | bigint }>(
      testApp.database.db,
      sql`select member_limit_used(${member.id}, ${kind}, 'day') as used`,
    );
    return row ? BigInt(row.used) : 0n;
  };

  const bet = (member: MemberRow, token: string, fields: Parameters<VendorKit['betBody']>[2] = {}) =>
    vendor.call('transaction/bet', vendor.betBody(member, token, fields));

  it('refuses the bet after a wager limit reached exactly with RS_ERROR_LIMIT_REACHED and the balance, moving nothing', async () => {
    const { member, authorization, token } = await player(10_000n);
    await setLimit(authorization, 'wager', '5.00');
    for (let index = 0; index < 5; index += 1) {
      expect((await bet(member, token, { cents: 100n })).answer.status).toBe('RS_OK');
    }
    expect(await usage(member, 'wager')).toBe(500n);
    const before = await vendor.counts();

    // The common bet (a round that stays open) and a bet that closes its round (its own transaction).
    for (const closed of [false, true]) {
      const refused = await bet(member, token, { cents: 1n, closed });
      expect(refused.answer).toMatchObject({
        status: 'RS_ERROR_LIMIT_REACHED',
        balance: protocolCents(9_500n),
      });
    }
    expect(await vendor.counts()).toEqual(before);
    expect(await vendor.balance(member)).toBe(9_500n);
    expect(await usage(member, 'wager')).toBe(500n);
  });

  it('pays wins and rollbacks of bets taken before the limit was reached', async () => {
    const { member, authorization, token } = await player(10_000n);
    await setLimit(authorization, 'wager', '2.00');
    const paid = vendor.betBody(member, token, { cents: 100n });
    const refunded = vendor.betBody(member, token, { cents: 100n });
    expect((await vendor.call('transaction/bet', paid)).answer.status).toBe('RS_OK');
    expect((await vendor.call('transaction/bet', refunded)).answer.status).toBe('RS_OK');
    expect((await bet(member, token, { cents: 100n })).answer.status).toBe('RS_ERROR_LIMIT_REACHED');
    const win = await vendor.call(
      'transaction/win',
      vendor.winBody(member, {
        round: String(paid.round),
        reference: String(paid.transaction_uuid),
        cents: 700n,
      }),
    );
    expect(win.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(10_500n) });
    const rollback = await vendor.call(
      'transaction/rollback',
      vendor.rollbackBody(member, {
        round: String(refunded.round),
        reference: String(refunded.transaction_uuid),
      }),
    );
    expect(rollback.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(10_600n) });
    // The refund gave back its wager: a bet of that size goes again.
    expect((await bet(member, token, { cents: 100n })).answer.status).toBe('RS_OK');
  });

  it('answers an exclusion on every call of a launched token (RS_ERROR_USER_DISABLED), still paying what is owed', async () => {
    const { member, authorization } = await player(10_000n);
    const launched = await site<{ url: string }>('POST', '/wps/game/launchGame', authorization, {
      nodeId: Number(vendor.gameId),
      language: 'EN',
      demo: false,
    });
    const token = new URL(launched.body.value.url).searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const balanceBody = (): Body => ({
      user: member.id.toString(),
      token,
      request_uuid: randomUUID(),
      game_code: vendor.gameCode,
    });
    expect((await vendor.call('user/balance', balanceBody())).answer.status).toBe('RS_OK');
    const open = vendor.betBody(member, token, { cents: 300n });
    const refunded = vendor.betBody(member, token, { cents: 200n });
    expect((await vendor.call('transaction/bet', open)).answer.status).toBe('RS_OK');
    expect((await vendor.call('transaction/bet', refunded)).answer.status).toBe('RS_OK');

    const timeOut = await site('POST', '/wps/member/protection/time-out', authorization, { days: 1 });
    expect(timeOut.body.success).toBe(true);

    // The token dies as the wallet's member cache turns over (2 s): polled, not waited for.
    let answer: VendorWalletAnswer | undefined;
    for (let attempt = 0; attempt < 2_000; attempt += 1) {
      answer = (await vendor.call('user/balance', balanceBody())).answer;
      if (answer.status !== 'RS_OK') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answer).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: protocolCents(9_500n) });
    expect((await vendor.call('user/info', balanceBody())).answer.status).toBe('RS_ERROR_USER_DISABLED');
    for (const closed of [false, true]) {
      const refused = await bet(member, token, { cents: 100n, closed });
      expect(refused.answer).toMatchObject({
        status: 'RS_ERROR_USER_DISABLED',
        balance: protocolCents(9_500n),
      });
    }
    expect(await vendor.balance(member)).toBe(9_500n);

    // Money owed stays owed: the open round's win and the other bet's rollback are paid.
    const win = await vendor.call(
      'transaction/win',
      vendor.winBody(member, {
        round: String(open.round),
        reference: String(open.transaction_uuid),
        cents: 900n,
      }),
    );
    expect(win.answer.status).toBe('RS_OK');
    const rollback = await vendor.call(
      'transaction/rollback',
      vendor.rollbackBody(member, {
        round: String(refunded.round),
        reference: String(refunded.transaction_uuid),
      }),
    );
    expect(rollback.answer.status).toBe('RS_OK');
    expect(await vendor.balance(member)).toBe(9_500n + 900n + 200n);

    // And no new launch (the member signs in again: the time-out ended their sessions).
    const again = await loginAsMember(testApp, member.username);
    const relaunch = await site('POST', '/wps/game/launchGame', again.authorization, {
      nodeId: Number(vendor.gameId),
      language: 'EN',
      demo: false,
    });
    expect(relaunch.status).toBe(403);
    expect(relaunch.body.code).toBe('PLAYER_EXCLUDED');
  });

  it('launches nothing once a session-time limit is used up', async () => {
    const { member, authorization } = await player(1_000n);
    const launch = () =>
      site('POST', '/wps/game/launchGame', authorization, {
        nodeId: Number(vendor.gameId),
        language: 'EN',
        demo: false,
      });
    await setLimit(authorization, 'session', '30');
    expect((await launch()).body.success).toBe(true);
    await testApp.app.protection.protection.recordSessionTime(member.id, 30 * 60_000);
    const refused = await launch();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_LIMIT_REACHED');
  });
});

/** Concurrent bets and batches of many members' bets: on a real PostgreSQL (PGlite runs one statement at a time). */
describe.runIf(process.env.DATABASE_URL)('vendor wallet under player protection, on PostgreSQL', () => {
  let testApp: TestApp;
  let vendor: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    vendor = await createVendorKit(testApp, 'TSTGUARDPG');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const setLimit = async (member: MemberRow, kind: string, amount: string) => {
    const { authorization } = await loginAsMember(testApp, member.username);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/member/protection/limits',
      headers: { authorization },
      payload: { kind, period: 'day', amount },
    });
    expect(response.json<Envelope<unknown>>().success).toBe(true);
  };

  it('keeps 20 concurrent bets within a loss limit, refusing the rest with RS_ERROR_LIMIT_REACHED', async () => {
    const member = await vendor.addPlayer(100_000n);
    const token = await vendor.openSession(member);
    await setLimit(member, 'loss', '10.00');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        vendor.call('transaction/bet', vendor.betBody(member, token, { cents: 150n })),
      ),
    );
    const statuses = results.map((result) => result.answer.status);
    expect(new Set(statuses)).toEqual(new Set(['RS_OK', 'RS_ERROR_LIMIT_REACHED']));
    // 6 × 1.50 is the most a 10.00 loss limit takes.
    expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(6);
    expect(await vendor.balance(member)).toBe(100_000n - 900n);
    const [usage] = await selectRows<{ used: string | bigint }>(
      testApp.database.db,
      sql`select member_limit_used(${member.id}, 'loss', 'day') as used`,
    );
    expect(BigInt(usage?.used ?? 0)).toBe(900n);
  });

  it('writes the other members’ bets of a batch in which one member is refused, and answers that one alone', async () => {
    // The app's own service batches too; this one (same database) shows which postings went in one statement.
    const batches: string[][] = [];
    const { ledger } = vendor.kit;
    const counting: LedgerService = {
      ...ledger,
      postBatchWithin: (...args) => {
        batches.push(args[0].map((request: PostingRequest) => request.idempotencyKey));
        return ledger.postBatchWithin(...args);
      },
    };
    const service = vendor.newService({ ledger: counting, groupCommit: true });
    const handle = (body: Body) => {
      const payload = stringifyProtocolJson(body);
      return service.handle({
        vendorCode: vendor.vendorCode,
        method: 'transaction/bet',
        body: Buffer.from(payload),
        signature: vendor.signBody(payload),
      });
    };

    const players = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const member = await vendor.addPlayer(1_000n);
        return { member, token: await vendor.openSession(member) };
      }),
    );
    const [limited] = players;
    if (!limited) throw new Error('no players');
    await setLimit(limited.member, 'wager', '1.00');
    expect((await handle(vendor.betBody(limited.member, limited.token, { cents: 100n }))).answer.status).toBe(
      'RS_OK',
    );

    // Bets that reach the batch together go in one statement; until one such batch held the refused bet.
    let wasBatched = false;
    for (let attempt = 0; attempt < 20 && !wasBatched; attempt += 1) {
      const bodies = players.map(({ member, token }) => vendor.betBody(member, token, { cents: 10n }));
      const before = await Promise.all(players.map(({ member }) => vendor.balance(member)));
      batches.length = 0;
      const outcomes = await Promise.all(bodies.map(handle));
      expect(outcomes.map(({ answer }) => answer.status)).toEqual(
        players.map((_, index) => (index === 0 ? 'RS_ERROR_LIMIT_REACHED' : 'RS_OK')),
      );
      for (const [index, { member }] of players.entries()) {
        const expected = (before[index] ?? 0n) - (index === 0 ? 0n : 10n);
        expect(outcomes[index]?.answer.balance).toBe(protocolCents(expected));
        expect(await vendor.balance(member)).toBe(expected);
      }
      const refusedKey = `game:${vendor.vendorCode}:${String(bodies[0]?.transaction_uuid)}`;
      wasBatched = batches.some((keys) => keys.length > 1 && keys.includes(refusedKey));
    }
    expect(wasBatched).toBe(true);
  });
});
