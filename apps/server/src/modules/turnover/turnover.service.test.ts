import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { createTurnoverService } from './turnover.service';

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
      turnover.recordValidBet(tx, { ...base, amount: 2_000n, reference: 'round:1' }),
    );
    await db.transaction((tx) =>
      turnover.recordValidBet(tx, { ...base, amount: 2_000n, reference: 'round:1' }),
    );
    expect(await turnover.remaining(member.id, 'USD')).toBe(3_000n);

    await db.transaction((tx) =>
      turnover.recordValidBet(tx, { ...base, amount: 9_000n, reference: 'round:2' }),
    );
    expect(await turnover.remaining(member.id, 'USD')).toBe(0n);
    expect(await turnover.remaining(member.id, 'PHP')).toBe(0n);
  });

  it('keeps its history insert-only', async () => {
    await expect(testApp.database.db.execute(sql`update turnover_events set amount = 1`)).rejects.toSatisfy(
      (error: Error) => /insert-only/.test(String(error.cause)),
    );
  });
});
