import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { carriedRequirement, createTurnoverService } from './turnover.service';

describe('turnover requirement', () => {
  let testApp: TestApp;
  let member: { id: bigint; brandId: bigint };

  beforeAll(async () => {
    testApp = await createTestApp();
    ({ member } = await loginAsMember(testApp, demoPlayer.username));
  });
  afterAll(() => testApp.close());

  it('rises with deposits once per reference and falls with valid bets, never below zero', async () => {
    const { db } = testApp.database;
    const turnover = createTurnoverService({ db });
    const base = { brandId: member.brandId, memberId: member.id, currency: 'USD' };
    expect(await turnover.remaining(member.id, 'USD')).toBe(0n);

    await db.transaction((tx) =>
      turnover.addRequirement(tx, { ...base, amount: 5_000n, source: 'deposit', reference: 'deposit:1' }),
    );
    await db.transaction((tx) =>
      turnover.addRequirement(tx, { ...base, amount: 5_000n, source: 'deposit', reference: 'deposit:1' }),
    );
    expect(await turnover.remaining(member.id, 'USD')).toBe(5_000n);

    await db.transaction((tx) =>
      turnover.recordValidBet(tx, { ...base, amount: 2_000n, reference: 'round:1', productLine: 'RNG' }),
    );
    await db.transaction((tx) =>
      turnover.recordValidBet(tx, { ...base, amount: 2_000n, reference: 'round:1', productLine: 'RNG' }),
    );
    expect(await turnover.remaining(member.id, 'USD')).toBe(3_000n);

    await db.transaction((tx) =>
      turnover.recordValidBet(tx, { ...base, amount: 9_000n, reference: 'round:2', productLine: 'RNG' }),
    );
    expect(await turnover.remaining(member.id, 'USD')).toBe(0n);
    expect(await turnover.remaining(member.id, 'PHP')).toBe(0n);
  });

  it('moves the share of a transfer to the receiver once per reference, keeping the total whole', async () => {
    const { db } = testApp.database;
    const turnover = createTurnoverService({ db });
    const [receiver] = await db
      .insert(members)
      .values({ brandId: member.brandId, username: 'carrier', nickname: 'carrier' })
      .returning({ id: members.id });
    if (!receiver) throw new Error('receiver not created');
    const receiverId = receiver.id;
    await db.transaction((tx) =>
      turnover.addRequirement(tx, {
        brandId: member.brandId,
        memberId: member.id,
        currency: 'USD',
        amount: 1_000n,
        source: 'bonus',
        reference: 'bonus:carry',
      }),
    );
    const money = {
      brandId: member.brandId,
      fromMemberId: member.id,
      toMemberId: receiverId,
      currency: 'USD',
      amount: 1n,
      senderBalanceBefore: 3n,
      reference: 'transfer:carry',
    };
    expect(await db.transaction((tx) => turnover.carryWithTransfer(tx, money))).toBe(334n);
    await db.transaction((tx) => turnover.carryWithTransfer(tx, money));
    expect(await turnover.remaining(member.id, 'USD')).toBe(666n);
    expect(await turnover.remaining(receiverId, 'USD')).toBe(334n);
  });

  it('carries a share of the requirement rounded up, never more than what is outstanding', () => {
    expect(carriedRequirement(1_000n, 400n, 1_000n)).toBe(400n);
    expect(carriedRequirement(1_000n, 1n, 3n)).toBe(334n);
    expect(carriedRequirement(2_000n, 500n, 1_000n)).toBe(1_000n);
    expect(carriedRequirement(100n, 500n, 500n)).toBe(100n);
    expect(carriedRequirement(0n, 500n, 1_000n)).toBe(0n);
  });

  it('keeps its history insert-only', async () => {
    await expect(testApp.database.db.execute(sql`update turnover_events set amount = 1`)).rejects.toSatisfy(
      (error: Error) => /insert-only/.test(String(error.cause)),
    );
  });
});
