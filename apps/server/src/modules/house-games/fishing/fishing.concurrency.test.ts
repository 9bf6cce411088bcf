import { randomUUID } from 'node:crypto';
import type { FishingBatchResult, FishingSession } from '@wps/contracts/fishing';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../../../db/database';
import { seedDemoData } from '../../../db/seed';
import { openTestDatabase } from '../../../testing/test-database';
import { createTestApp, loginAsMember, type TestApp } from '../../../testing/test-app';
import type { MemberRow } from '../../members/members.service';
import { walletTestKit } from '../../wallet/wallet-api.test-helpers';
import { ledgerTransactions } from '../../wallet/wallet.tables';

type Envelope<T> = { success: boolean; value: T; code?: string };

const minor = (decimal: string): bigint => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/**
 * Two platform instances (two buildApp on two connection pools to one PostgreSQL database) with one frozen
 * clock: a player's batches arriving at once, on both instances and in two sessions, never fire more shots than
 * the allowance's burst, and the money is exactly the fired shots'.
 */
describe.runIf(process.env.DATABASE_URL)('fishing under concurrent batches on PostgreSQL', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let apps: TestApp[] = [];
  let kit: ReturnType<typeof walletTestKit>;
  let member: MemberRow;
  let authorization: string;
  const now = Date.parse('2026-11-24T10:00:00.000Z');

  const call = async <T>(app: TestApp, url: string, payload: object) => {
    const response = await app.app.inject({ method: 'POST', url, headers: { authorization }, payload });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };
  const appAt = (index: number): TestApp => {
    const app = apps[index % apps.length];
    if (!app) throw new Error('no app');
    return app;
  };

  beforeAll(async () => {
    first = await openTestDatabase();
    await seedDemoData(first.db);
    const [row] = await selectRows<{ name: string }>(first.db, sql`select current_database() as name`);
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    second = await openDatabase({ url: url.toString() });
    apps = await Promise.all(
      [first, second].map((database) => createTestApp({}, { database, clock: () => now })),
    );
    kit = walletTestKit(appAt(0));
    member = await kit.addMember('burstfisher');
    await kit.fund(member, 1_000_000n);
    ({ authorization } = await loginAsMember(appAt(0), member.username));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await first.close();
  });

  it('fires exactly the burst of a concurrent flood of batches, and moves exactly their money', async () => {
    const sessions = await Promise.all(
      ['reef', 'deep'].map(
        async (room, index) =>
          (await call<FishingSession>(appAt(index), '/wps/fishing/sessions', { room })).body.value,
      ),
    );
    const before = await kit.balance(member);
    const batches = Array.from({ length: 12 }, (_, index) => {
      const session = sessions[index % 2];
      if (!session) throw new Error('no session');
      const stake = session.room === 'reef' ? '0.10' : '1.00';
      return call<FishingBatchResult>(
        appAt(Math.floor(index / 2)),
        `/wps/fishing/sessions/${session.sessionId}/shots`,
        {
          batchId: randomUUID(),
          shots: Array.from({ length: 5 }, () => ({
            shotId: randomUUID(),
            fish: 'seahorse',
            power: 1,
            stake,
          })),
        },
      );
    });
    const answers = await Promise.all(batches);
    const played = answers.flatMap((answer) => (answer.body.success ? [answer.body.value] : []));
    const refusals = answers.flatMap((answer) => (answer.body.success ? [] : [answer.body.code]));
    expect(refusals.every((code) => code === 'RATE_LIMITED')).toBe(true);
    const fired = played.flatMap((batch) => batch.shots);
    expect(fired).toHaveLength(20);
    expect(new Set(fired.map((shot) => shot.nonce)).size).toBe(20);
    const staked = played.reduce((sum, batch) => sum + minor(batch.staked), 0n);
    const won = played.reduce((sum, batch) => sum + minor(batch.won), 0n);
    expect(await kit.balance(member)).toBe(before - staked + won);
  });

  it('answers one batch sent many times at once with one set of postings', async () => {
    // A member of their own: the first test spent the burst of the other under the frozen clock.
    const retrier = await kit.addMember('retryfisher');
    await kit.fund(retrier, 10_000n);
    ({ authorization } = await loginAsMember(appAt(0), retrier.username));
    const session = (await call<FishingSession>(appAt(0), '/wps/fishing/sessions', { room: 'reef' })).body
      .value;
    const batchId = randomUUID();
    const payload = { batchId, shots: [{ shotId: 'only', fish: 'goby', power: 1, stake: '0.10' }] };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call<FishingBatchResult>(appAt(index), `/wps/fishing/sessions/${session.sessionId}/shots`, payload),
      ),
    );
    expect(answers.every((answer) => answer.body.success)).toBe(true);
    expect(answers.filter((answer) => !answer.body.value.isReplay)).toHaveLength(1);
    const postings = await first.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `fishing:${session.sessionId}:${batchId}:%`));
    expect(postings.length).toBeLessThanOrEqual(2);
    expect(await kit.balance(retrier)).toBe(10_000n - 10n + minor(answers[0]?.body.value.won ?? '0'));
  });
});
