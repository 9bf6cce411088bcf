import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import type { PostingRequest } from './ledger.service';
import { walletTestKit } from './wallet-api.test-helpers';

/** `postBatch`: many postings in one statement (lottery wins); the ledger invariants are checked at close. */
describe('ledger batch postings', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let members: MemberRow[];

  beforeAll(async () => {
    testApp = await createTestApp({ LOTTERY_JOB_INTERVAL_MS: '0' });
    kit = walletTestKit(testApp);
    members = [await kit.addMember('batchone'), await kit.addMember('batchtwo')];
  });
  afterAll(async () => {
    await testApp.close();
  });

  const wins = async (prefix: string, amounts: readonly bigint[]): Promise<PostingRequest[]> => {
    const brandId = members[0]?.brandId ?? 0n;
    const house = await kit.ledger.ensureSystemAccount(brandId, 'house', 'USD', 'batch');
    return Promise.all(
      amounts.map(async (amount, i) => {
        const member = members[i % members.length];
        if (!member) throw new Error('no member');
        const cash = await kit.ledger.ensureMemberAccount(brandId, member.id, 'USD');
        return {
          brandId,
          idempotencyKey: `${prefix}:${i}`,
          kind: 'win',
          productLine: 'LOTT',
          legs: [
            { accountId: house.id, amount: -amount },
            { accountId: cash.id, amount },
          ],
        };
      }),
    );
  };

  it('writes every posting with running balances, repeats answer as replays, changed requests conflict', async () => {
    const [one, two] = members;
    if (!one || !two) throw new Error('no members');
    const requests = await wins('batch', [100n, 200n, 300n, 400n, 500n]);
    const brandId = one.brandId;
    const first = await kit.ledger.postBatch(brandId, requests);
    expect(first.map((row) => row.isReplay)).toEqual([false, false, false, false, false]);
    expect(await kit.balance(one)).toBe(900n);
    expect(await kit.balance(two)).toBe(600n);
    const cash = await kit.ledger.ensureMemberAccount(brandId, one.id, 'USD');
    const { entries } = await kit.ledger.listEntries(cash.id);
    expect(entries.map((entry) => entry.balanceAfter)).toEqual([900n, 400n, 100n]);

    const more = await wins('batch', [100n, 200n, 300n, 400n, 500n, 600n]);
    const again = await kit.ledger.postBatch(brandId, more);
    expect(again.map((row) => row.isReplay)).toEqual([true, true, true, true, true, false]);
    expect(again.slice(0, 5).map((row) => row.transactionId)).toEqual(first.map((row) => row.transactionId));
    expect(await kit.balance(two)).toBe(1200n);
    await expect(kit.ledger.postBatch(brandId, await wins('batch', [101n]))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
  });
});
