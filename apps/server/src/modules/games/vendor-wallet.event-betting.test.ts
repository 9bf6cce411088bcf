import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { gameRounds, gameTransactions } from './games.tables';
import { createVendorKit, protocolCents, type VendorKit } from './vendor-wallet.test-helpers';

/**
 * Rounds of the product lines that bet on events (a sports vendor's): the operator's valid-bet rule, rounds left
 * open until the vendor settles them, a win taken back and paid again when a result is corrected, and the bet's
 * text kept as the round's detail.
 */
describe('vendor wallet: sports rounds', () => {
  let testApp: TestApp;
  let sports: VendorKit;
  let slots: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    sports = await createVendorKit(testApp, 'TSTSPORTS', 'SPORTS');
    slots = await createVendorKit(testApp, 'TSTSLOTS');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const roundOf = async (vendor: VendorKit, member: MemberRow, roundRef: string) => {
    const [row] = await testApp.database.db
      .select()
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.vendorId, vendor.vendorId),
          eq(gameRounds.memberId, member.id),
          eq(gameRounds.roundRef, roundRef),
        ),
      );
    if (!row) throw new Error('no round');
    return row;
  };

  /** A slip of `stake` cents settled with a win of `win` cents: the round as it is then. */
  const settled = async (vendor: VendorKit, stake: bigint, win: bigint) => {
    const member = await vendor.addPlayer(10_000n);
    const token = await vendor.openSession(member);
    const round = randomUUID();
    const bet = vendor.betBody(member, token, { round, cents: stake });
    expect((await vendor.call('transaction/bet', bet)).answer.status).toBe('RS_OK');
    const paid = await vendor.call(
      'transaction/win',
      vendor.winBody(member, { round, reference: String(bet.transaction_uuid), cents: win }),
    );
    expect(paid.answer.status).toBe('RS_OK');
    return { member, round, bet, row: await roundOf(vendor, member, round) };
  };

  it('counts the lesser of stake and net result as valid bet: pushes nothing, low odds little', async () => {
    // stake 10.00: lost, won at 1.50, won at 1.20, push, half won at 2.00, half lost
    const cases: Array<[bigint, bigint]> = [
      [0n, 1_000n],
      [1_500n, 500n],
      [1_200n, 200n],
      [1_000n, 0n],
      [1_500n, 500n],
      [500n, 500n],
    ];
    for (const [win, validBet] of cases) {
      const { row } = await settled(sports, 1_000n, win);
      expect({ win, validBet: row.validBet, recorded: row.turnoverRecorded }).toEqual({
        win,
        validBet,
        recorded: validBet,
      });
    }
    // Other product lines keep the whole stake.
    expect((await settled(slots, 1_000n, 1_000n)).row.validBet).toBe(1_000n);
  });

  it('leaves an open sports round open however long it waits; an idle slot round is closed', async () => {
    const rounds = await Promise.all(
      [sports, slots].map(async (vendor) => {
        const member = await vendor.addPlayer(1_000n);
        const round = randomUUID();
        const bet = vendor.betBody(member, await vendor.openSession(member), { round, cents: 100n });
        expect((await vendor.call('transaction/bet', bet)).answer.status).toBe('RS_OK');
        return { vendor, member, round };
      }),
    );
    await sports.newService().closeIdleRounds(0);
    const statuses = await Promise.all(
      rounds.map(async ({ vendor, member, round }) => (await roundOf(vendor, member, round)).status),
    );
    expect(statuses).toEqual(['open', 'settled']);
  });

  it('takes a win back by rollback once, after which a corrected win is paid', async () => {
    const { member, round, bet } = await settled(sports, 1_000n, 2_000n);
    expect(await sports.balance(member)).toBe(11_000n);
    const [win] = await testApp.database.db
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.memberId, member.id), eq(gameTransactions.kind, 'win')));
    if (!win) throw new Error('no win');

    const rollback = sports.rollbackBody(member, { round, reference: win.transactionUuid });
    const undone = await sports.call('transaction/rollback', rollback);
    expect(undone.answer).toMatchObject({ status: 'RS_OK', balance: protocolCents(9_000n) });
    // The same rollback again moves nothing.
    expect((await sports.call('transaction/rollback', rollback)).answer.status).toBe('RS_OK');
    expect(await sports.balance(member)).toBe(9_000n);
    let row = await roundOf(sports, member, round);
    expect({ win: row.winAmount, validBet: row.validBet, recorded: row.turnoverRecorded }).toEqual({
      win: 0n,
      validBet: 1_000n,
      recorded: 1_000n,
    });
    const [posting] = await testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `game:TSTSPORTS:${String(rollback.transaction_uuid)}`));
    expect(posting).toMatchObject({ kind: 'win.rollback', productLine: 'SPORTS' });

    // The corrected result: a push.
    const corrected = await sports.call(
      'transaction/win',
      sports.winBody(member, { round, reference: String(bet.transaction_uuid), cents: 1_000n }),
    );
    expect(corrected.answer.status).toBe('RS_OK');
    expect(await sports.balance(member)).toBe(10_000n);
    row = await roundOf(sports, member, round);
    expect({ win: row.winAmount, validBet: row.validBet, recorded: row.turnoverRecorded }).toEqual({
      win: 1_000n,
      validBet: 0n,
      recorded: 0n,
    });
  });

  it('refuses to take back a win the cash no longer covers, writing nothing', async () => {
    const { member, round } = await settled(sports, 1_000n, 5_000n);
    await sports.kit.fund(member, -13_500n);
    const [win] = await testApp.database.db
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.memberId, member.id), eq(gameTransactions.kind, 'win')));
    if (!win) throw new Error('no win');
    const before = await sports.counts();
    const refused = await sports.call(
      'transaction/rollback',
      sports.rollbackBody(member, { round, reference: win.transactionUuid }),
    );
    expect(refused.answer).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: protocolCents(500n),
    });
    expect(await sports.counts()).toEqual(before);
  });

  it('voids a settled slip: its win taken back, then its stake refunded', async () => {
    const { member, round, bet } = await settled(sports, 1_000n, 1_800n);
    const [win] = await testApp.database.db
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.memberId, member.id), eq(gameTransactions.kind, 'win')));
    if (!win) throw new Error('no win');
    const refundBody = sports.rollbackBody(member, { round, reference: String(bet.transaction_uuid) });
    // Refunding the stake of a round that still has its win would pay twice: refused until the win is back.
    expect((await sports.call('transaction/rollback', refundBody)).answer.status).toBe('RS_ERROR_UNKNOWN');
    const undone = sports.rollbackBody(member, { round, reference: win.transactionUuid });
    expect((await sports.call('transaction/rollback', undone)).answer.status).toBe('RS_OK');
    expect((await sports.call('transaction/rollback', refundBody)).answer.status).toBe('RS_OK');
    expect(await sports.balance(member)).toBe(10_000n);
    const row = await roundOf(sports, member, round);
    expect({ refunded: row.refundedAmount, validBet: row.validBet }).toEqual({
      refunded: 1_000n,
      validBet: 0n,
    });
  });

  it('keeps the first bet’s text as the round’s detail, shown in the betting record', async () => {
    const member = await sports.addPlayer(1_000n);
    const token = await sports.openSession(member);
    const round = randomUUID();
    const text = 'single: Lions v Hawks match_result home @ 1.950';
    for (const bet of [text, 'a second bet']) {
      const body = sports.betBody(member, token, { round, cents: 100n, bet });
      expect((await sports.call('transaction/bet', body)).answer.status).toBe('RS_OK');
    }
    const row = await roundOf(sports, member, round);
    expect(row.details).toEqual({ bet: text });
    const { authorization } = await loginAsMember(testApp, member.username);
    const response = await testApp.app.inject({
      url: `/wps/member/betting-records/${row.id.toString()}`,
      headers: { authorization },
    });
    expect(response.json<{ value: { details: unknown } }>().value.details).toEqual({ bet: text });
  });
});
