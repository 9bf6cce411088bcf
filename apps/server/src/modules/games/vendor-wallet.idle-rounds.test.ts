import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { turnoverEvents } from '../turnover/turnover.tables';
import { gameRounds } from './games.tables';
import { createVendorKit, protocolCents, type VendorKit } from './vendor-wallet.test-helpers';

const hourMs = 3_600_000;

/** Rounds a vendor never closed: settled after 24 h without a call, their valid bet counted once. */
describe('idle vendor rounds', () => {
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
  const service = () => vendor.newService();
  const roundOf = async (member: MemberRow, roundRef: string) => {
    const [row] = await db()
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.roundRef, roundRef)));
    if (!row) throw new Error(`no round ${roundRef}`);
    return row;
  };
  /** As if the round's last call came `hours` ago. */
  const age = async (member: MemberRow, roundRef: string, hours: number) => {
    await db()
      .update(gameRounds)
      .set({ updatedAt: sql`now() - make_interval(hours => ${hours})` })
      .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.roundRef, roundRef)));
  };
  const turnoverOf = async (member: MemberRow) =>
    (await db().select().from(turnoverEvents).where(eq(turnoverEvents.memberId, member.id))).map((event) => [
      event.reference,
      event.amount,
    ]);
  const player = async (cents = 10_000n) => {
    const member = await vendor.addPlayer(cents);
    return { member, token: await vendor.openSession(member) };
  };
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

    expect(await service().closeIdleRounds(24 * hourMs)).toBe(1);
    const settled = await roundOf(member, idle.round);
    expect(settled).toMatchObject({ status: 'settled', validBet: 100n, turnoverRecorded: 100n });
    expect(settled.settledAt).toBeInstanceOf(Date);
    expect(await roundOf(member, recent.round)).toMatchObject({ status: 'open', validBet: 0n });
    expect(await turnoverOf(member)).toEqual([[`round:${settled.id}`, 100n]]);

    expect(await service().closeIdleRounds(24 * hourMs)).toBe(0);
    expect(await turnoverOf(member)).toEqual([[`round:${settled.id}`, 100n]]);
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

    await service().closeIdleRounds(24 * hourMs);
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
    expect(await roundOf(member, round)).toMatchObject({ status: 'settled', winAmount: 40n, validBet: 100n });

    await vendor.call('transaction/bet', vendor.betBody(member, token, { round, cents: 10n }));
    expect(await roundOf(member, round)).toMatchObject({ status: 'open', betAmount: 160n });
    await age(member, round, 25);
    await service().closeIdleRounds(24 * hourMs);
    expect(await roundOf(member, round)).toMatchObject({ status: 'settled', validBet: 110n });
    expect(await turnoverOf(member)).toEqual([
      [`round:${settled.id}`, 100n],
      [`round:${settled.id}:110`, 10n],
    ]);
  });

  it('closes each round once when two instances run at the same time', async () => {
    const { member, token } = await player();
    const rounds = await Promise.all([30n, 40n, 50n].map((cents) => openRound(member, token, cents)));
    for (const { round } of rounds) await age(member, round, 48);

    const [first, second] = await Promise.all([
      service().closeIdleRounds(24 * hourMs, 2),
      service().closeIdleRounds(24 * hourMs, 2),
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
      const body = own.betBody(member, await own.openSession(member), { round: randomUUID(), cents: 25n });
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
