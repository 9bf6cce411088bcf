import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { gameTransactions } from './games.tables';
import { createVendorKit, protocolCents, type VendorKit } from './vendor-wallet.test-helpers';

/**
 * Races of the vendor wallet protocol on a real PostgreSQL (PGlite runs one statement at a time, so it cannot
 * race): duplicate callbacks, a bet against its own rollback, one uuid claimed by two members.
 */
describe.runIf(process.env.DATABASE_URL)('vendor wallet races on PostgreSQL', () => {
  let testApp: TestApp;
  let vendor: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    vendor = await createVendorKit(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const rowsOf = (uuid: string) =>
    testApp.database.db
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.vendorId, vendor.vendorId), eq(gameTransactions.transactionUuid, uuid)));
  const postingsOf = (uuid: string) =>
    testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `game:${vendor.vendorCode}:${uuid}`));

  it('commits the same bet sent 20 times at once exactly once, answering every copy RS_OK', async () => {
    const member = await vendor.addPlayer(10_000n);
    const token = await vendor.openSession(member);
    const bet = vendor.betBody(member, token, { cents: 300n });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        vendor.call('transaction/bet', { ...bet, request_uuid: randomUUID() }),
      ),
    );
    expect(results.map((result) => result.answer.status)).toEqual(Array(20).fill('RS_OK'));
    expect(results.map((result) => result.answer.balance)).toEqual(Array(20).fill(protocolCents(9_700n)));
    expect(await rowsOf(String(bet.transaction_uuid))).toHaveLength(1);
    expect(await postingsOf(String(bet.transaction_uuid))).toHaveLength(1);
    expect(await vendor.balance(member)).toBe(9_700n);
  });

  it('answers bets of many members at once each on its own, a refused one among them changing nothing', async () => {
    const players = await Promise.all(
      Array.from({ length: 16 }, async (_, index) => {
        const member = await vendor.addPlayer(index === 5 ? 50n : 1_000n);
        return { member, token: await vendor.openSession(member) };
      }),
    );
    const bets = players.map(({ member, token }) => vendor.betBody(member, token, { cents: 100n }));
    const results = await Promise.all(bets.map((bet) => vendor.call('transaction/bet', bet)));
    expect(results.map((result) => result.answer.status)).toEqual(
      players.map((_, index) => (index === 5 ? 'RS_ERROR_NOT_ENOUGH_MONEY' : 'RS_OK')),
    );
    for (const [index, { member }] of players.entries()) {
      const expected = index === 5 ? 50n : 900n;
      expect(results[index]?.answer.balance).toBe(protocolCents(expected));
      expect(await vendor.balance(member)).toBe(expected);
      const uuid = String(bets[index]?.transaction_uuid);
      expect(await rowsOf(uuid)).toHaveLength(index === 5 ? 0 : 1);
      expect(await postingsOf(uuid)).toHaveLength(index === 5 ? 0 : 1);
    }
  });

  it('commits the same win and the same rollback sent 20 times at once exactly once', async () => {
    const member = await vendor.addPlayer(10_000n);
    const token = await vendor.openSession(member);
    const paid = vendor.betBody(member, token, { cents: 100n });
    const refunded = vendor.betBody(member, token, { cents: 100n });
    await vendor.call('transaction/bet', paid);
    await vendor.call('transaction/bet', refunded);
    const win = vendor.winBody(member, {
      round: String(paid.round),
      reference: String(paid.transaction_uuid),
      cents: 500n,
    });
    const rollback = vendor.rollbackBody(member, {
      round: String(refunded.round),
      reference: String(refunded.transaction_uuid),
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0 ? vendor.call('transaction/win', win) : vendor.call('transaction/rollback', rollback),
      ),
    );
    expect(new Set(results.map((result) => result.answer.status))).toEqual(new Set(['RS_OK']));
    expect(await postingsOf(String(win.transaction_uuid))).toHaveLength(1);
    expect(await postingsOf(String(rollback.transaction_uuid))).toHaveLength(1);
    expect(await vendor.balance(member)).toBe(10_000n - 200n + 500n + 100n);
  });

  it('ends consistent whichever of a bet and its own rollback comes first, over many rounds', async () => {
    const member = await vendor.addPlayer(100_000n);
    const token = await vendor.openSession(member);
    const seen = new Set<string>();
    for (let round = 0; round < 60; round += 1) {
      const bet = vendor.betBody(member, token, { cents: 100n + BigInt(round) });
      const rollback = vendor.rollbackBody(member, {
        round: String(bet.round),
        reference: String(bet.transaction_uuid),
      });
      // Alternate who is sent first; the member's advisory lock decides who runs first.
      const [betResult, rollbackResult] =
        round % 2 === 0
          ? await Promise.all([
              vendor.call('transaction/bet', bet),
              vendor.call('transaction/rollback', rollback),
            ])
          : (
              await Promise.all([
                vendor.call('transaction/rollback', rollback),
                vendor.call('transaction/bet', bet),
              ])
            ).reverse();
      const pair = `${betResult?.answer.status}/${rollbackResult?.answer.status}`;
      seen.add(pair);
      const [betRow] = await rowsOf(String(bet.transaction_uuid));
      if (pair === 'RS_OK/RS_OK') {
        // The bet ran first: it was taken and then refunded in full.
        expect(betRow).toMatchObject({ kind: 'bet', isRolledBack: true });
        expect(await postingsOf(String(rollback.transaction_uuid))).toHaveLength(1);
      } else {
        // The rollback ran first: it left a tombstone, and the bet was refused without moving money.
        expect(pair).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK/RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        expect(betRow).toMatchObject({ kind: 'tombstone' });
        expect(await postingsOf(String(bet.transaction_uuid))).toHaveLength(0);
      }
      // Either way a retry of the bet hears the same final word, and the member has all their money.
      const retry = await vendor.call('transaction/bet', { ...bet, request_uuid: randomUUID() });
      expect(retry.answer.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect(await vendor.balance(member)).toBe(100_000n);
    }
    expect(seen.size).toBeGreaterThanOrEqual(1);
  });

  it('gives one transaction_uuid to one of two members claiming it at once; the other is a duplicate', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const first = await vendor.addPlayer(1_000n);
      const second = await vendor.addPlayer(1_000n);
      const uuid = randomUUID();
      const bets = [
        vendor.betBody(first, await vendor.openSession(first), { uuid, cents: 100n }),
        vendor.betBody(second, await vendor.openSession(second), { uuid, cents: 100n }),
      ];
      const results = await Promise.all(bets.map((bet) => vendor.call('transaction/bet', bet)));
      expect(results.map((result) => result.answer.status).sort()).toEqual([
        'RS_ERROR_DUPLICATE_TRANSACTION',
        'RS_OK',
      ]);
      expect((await vendor.balance(first)) + (await vendor.balance(second))).toBe(1_900n);
      expect(await rowsOf(uuid)).toHaveLength(1);
    }
  });

  it('keeps every member’s balance right under many members betting at once', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => vendor.addPlayer(5_000n)));
    const tokens = await Promise.all(players.map((member) => vendor.openSession(member)));
    await Promise.all(
      players.flatMap((member, index) =>
        Array.from({ length: 10 }, () =>
          vendor.call(
            'transaction/bet',
            vendor.betBody(member, tokens[index] ?? '', { cents: 100n, closed: true }),
          ),
        ),
      ),
    );
    for (const member of players) expect(await vendor.balance(member)).toBe(4_000n);
  });
});
