import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
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

  it('records many valid bets at once: several per member, each reference once, listeners told once', async () => {
    const { db } = testApp.database;
    const turnover = createTurnoverService({ db });
    const [other] = await db
      .insert(members)
      .values({ brandId: member.brandId, username: 'batcher', nickname: 'batcher' })
      .returning({ id: members.id });
    if (!other) throw new Error('member not created');
    const told: string[] = [];
    const toldOne: string[] = [];
    turnover.onValidBet(
      (_tx, bet) => Promise.resolve(void told.push(`one:${bet.reference}`)),
      (_tx, bets) => Promise.resolve(void told.push(...bets.map((bet) => `many:${bet.reference}`))),
    );
    turnover.onValidBet((_tx, bet) => Promise.resolve(void toldOne.push(bet.reference)));
    const owner = { brandId: member.brandId, memberId: other.id, currency: 'USD' };
    await db.transaction((tx) =>
      turnover.addRequirement(tx, {
        ...owner,
        amount: 1_000n,
        source: 'deposit',
        reference: 'deposit:batch',
      }),
    );
    const bet = (memberId: bigint, amount: bigint, reference: string) => ({
      brandId: member.brandId,
      memberId,
      currency: 'USD',
      amount,
      reference,
      productLine: 'LIVE',
    });
    const first = [
      bet(other.id, 300n, 'batch:1'),
      bet(other.id, 200n, 'batch:2'),
      bet(member.id, 50n, 'batch:3'),
    ];
    await db.transaction((tx) => turnover.recordValidBets(tx, first));
    expect(await turnover.remaining(other.id, 'USD')).toBe(500n);
    // Repeated with a new bet: only the new one counts, and lowers to zero, not below.
    await db.transaction((tx) => turnover.recordValidBets(tx, [...first, bet(other.id, 900n, 'batch:4')]));
    expect(await turnover.remaining(other.id, 'USD')).toBe(0n);
    expect(told.sort()).toEqual(['many:batch:1', 'many:batch:2', 'many:batch:3', 'many:batch:4']);
    expect(toldOne.sort()).toEqual(['batch:1', 'batch:2', 'batch:3', 'batch:4']);
    const events = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from turnover_events where reference like 'batch:%' and source = 'bet'`,
    );
    expect(events).toEqual([{ n: 4 }]);
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
