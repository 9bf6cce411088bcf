import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { gameRounds, gameTransactions } from './games.tables';
import { addGame, addVendor } from './launch.test-helpers';

type Json = Record<string, unknown>;
type RoundJson = { roundId: string; roundRef: string } & Json;
type RecordPage = {
  list: RoundJson[];
  page: number;
  totalPages: number;
  total: number;
  summary: Json;
};

/**
 * Rounds at known instants around the start of US daylight saving time (2025-03-09 07:00 UTC), seen from
 * Manila (UTC+8, the brand's zone) and New York (UTC-5, then UTC-4).
 */
describe('betting record', () => {
  let testApp: TestApp;
  let member: MemberRow;
  let authorization: string;
  const roundIds = new Map<string, string>();

  const get = async (url: string, headers: Record<string, string> = { authorization }) => {
    const response = await testApp.app.inject({ url, headers });
    return { status: response.statusCode, body: response.json<Json>() };
  };
  const page = async (query: string): Promise<RecordPage> => {
    const { body } = await get(`/wps/member/betting-records?${query}`);
    expect(body, query).toMatchObject({ success: true });
    return body.value as RecordPage;
  };
  const refs = async (query: string) => (await page(query)).list.map((round) => round.roundRef);
  const idOf = (ref: string): string => {
    const id = roundIds.get(ref);
    if (id === undefined) throw new Error(`no round ${ref}`);
    return id;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const kit = walletTestKit(testApp);
    member = await kit.addMember('roundplayer');
    const other = await kit.addMember('otherplayer');
    ({ authorization } = await loginAsMember(testApp, member.username));

    const slots = await addVendor(db, { code: 'TSTSLOTS' });
    const slot = await addGame(db, slots, { code: 'lotus', name: 'Lotus Slot' });
    const esports = await addVendor(db, { code: 'TSTESPORT' });
    const match = await addGame(db, esports, { code: 'match', name: 'Cup Final', gameType: 'SPORTS' });
    const cockfight = await addVendor(db, { code: 'TSTFIGHT' });
    const pit = await addGame(db, cockfight, { code: 'pit', name: 'Pit One', gameType: 'SPORTS' });

    const round = async (
      owner: MemberRow,
      values: {
        ref: string;
        vendorId: bigint;
        gameId: bigint;
        productLine: string;
        at: string;
        bet: bigint;
        win?: bigint;
        refunded?: bigint;
        settled: boolean;
      },
    ) => {
      const validBet = values.settled ? values.bet - (values.refunded ?? 0n) : 0n;
      const [row] = await db
        .insert(gameRounds)
        .values({
          brandId: owner.brandId,
          memberId: owner.id,
          vendorId: values.vendorId,
          gameId: values.gameId,
          roundRef: values.ref,
          productLine: values.productLine,
          currency: 'USD',
          status: values.settled ? 'settled' : 'open',
          betAmount: values.bet,
          winAmount: values.win ?? 0n,
          refundedAmount: values.refunded ?? 0n,
          validBet,
          openedAt: new Date(values.at),
          settledAt: values.settled ? new Date(values.at) : null,
        })
        .returning({ id: gameRounds.id });
      if (!row) throw new Error('round not written');
      roundIds.set(values.ref, row.id.toString());
      return row.id;
    };
    const call = (
      roundId: bigint | null,
      vendorId: bigint,
      values: { uuid: string; kind: 'bet' | 'win' | 'rollback' | 'tombstone'; amount: bigint; ref?: string },
      extra: { isRolledBack?: boolean } = {},
    ) =>
      db.insert(gameTransactions).values({
        vendorId,
        transactionUuid: values.uuid,
        kind: values.kind,
        brandId: member.brandId,
        memberId: member.id,
        roundId,
        referenceUuid: values.ref ?? null,
        amount: values.amount,
        requestHash: `hash-${values.uuid}`,
        ...extra,
      });

    const base = { vendorId: slots, gameId: slot, productLine: 'RNG' };
    const won = await round(member, {
      ...base,
      ref: 'r-won',
      at: '2025-03-09T05:30:00Z', // NY 03-09 00:30 EST · Manila 03-09 13:30
      bet: 1_000n,
      win: 2_500n,
      settled: true,
    });
    await round(member, {
      ref: 'r-open',
      vendorId: esports,
      gameId: match,
      productLine: 'ESPORTS',
      at: '2025-03-09T16:30:00Z', // NY 03-09 12:30 EDT · Manila 03-10 00:30
      bet: 2_000n,
      settled: false,
    });
    const refunded = await round(member, {
      ...base,
      ref: 'r-refunded',
      at: '2025-03-10T04:30:00Z', // NY 03-10 00:30 EDT · Manila 03-10 12:30
      bet: 700n,
      refunded: 700n,
      settled: true,
    });
    await round(member, {
      ref: 'r-fight',
      vendorId: cockfight,
      gameId: pit,
      productLine: 'COCKFIGHT',
      at: '2025-03-08T10:00:00Z', // NY 03-08 05:00 · Manila 03-08 18:00
      bet: 500n,
      settled: true,
    });
    await round(other, { ...base, ref: 'r-other', at: '2025-03-09T05:00:00Z', bet: 9_900n, settled: false });

    await call(won, slots, { uuid: 'bet-1', kind: 'bet', amount: 1_000n });
    await call(won, slots, { uuid: 'win-1', kind: 'win', amount: 2_500n, ref: 'bet-1' });
    await call(refunded, slots, { uuid: 'bet-3', kind: 'bet', amount: 700n }, { isRolledBack: true });
    await call(refunded, slots, { uuid: 'rollback-3', kind: 'rollback', amount: 700n, ref: 'bet-3' });
    await call(refunded, slots, { uuid: 'late-bet', kind: 'tombstone', amount: 0n, ref: 'late-bet' });
  });
  afterAll(() => testApp.close());

  it('lists the member’s rounds newest first, with totals over the whole filter', async () => {
    const value = await page('');
    expect(value.list.map((round) => round.roundRef)).toEqual(['r-refunded', 'r-open', 'r-won', 'r-fight']);
    expect(value).toMatchObject({
      page: 1,
      totalPages: 1,
      total: 4,
      // Bets 42.00, of which 15.00 valid (settled, less refunds); wins 25.00; 7.00 refunded.
      summary: { betAmount: '42.00', validBet: '15.00', winAmount: '25.00', profit: '-10.00' },
    });
    expect(value.list[2]).toEqual({
      roundId: idOf('r-won'),
      roundRef: 'r-won',
      vassalage: 'TSTSLOTS',
      vendorName: 'TSTSLOTS Gaming',
      gameCode: 'lotus',
      gameName: 'Lotus Slot',
      productLine: 'RNG',
      status: 'SETTLED',
      betAmount: '10.00',
      validBet: '10.00',
      winAmount: '25.00',
      refundedAmount: '0.00',
      profit: '15.00',
      currency: 'USD',
      openedAt: '2025-03-09T05:30:00.000Z',
      settledAt: '2025-03-09T05:30:00.000Z',
    });
    expect(value.list[1]).toMatchObject({
      status: 'OPEN',
      validBet: '0.00',
      profit: '-20.00',
      settledAt: null,
    });
    expect(value.list[0]).toMatchObject({ refundedAmount: '7.00', validBet: '0.00', profit: '0.00' });
  });

  it('pages, keeping the totals of the whole filter', async () => {
    const value = await page('pageSize=2&page=2');
    expect(value.list.map((round) => round.roundRef)).toEqual(['r-won', 'r-fight']);
    expect(value).toMatchObject({ page: 2, totalPages: 2, total: 4, summary: { betAmount: '42.00' } });
    expect((await page('pageSize=2&page=3')).list).toEqual([]);
  });

  it('filters by product line, e-sports and cockfight included, and by status', async () => {
    expect(await refs('productLine=ESPORTS')).toEqual(['r-open']);
    expect(await refs('productLine=COCKFIGHT')).toEqual(['r-fight']);
    expect(await refs('productLine=RNG')).toEqual(['r-refunded', 'r-won']);
    expect(await refs('productLine=LIVE')).toEqual([]);
    expect(await refs('status=OPEN')).toEqual(['r-open']);
    expect(await refs('status=SETTLED&productLine=RNG')).toEqual(['r-refunded', 'r-won']);
    expect((await page('productLine=RNG')).summary).toEqual({
      betAmount: '17.00',
      validBet: '10.00',
      winAmount: '25.00',
      profit: '15.00',
    });
  });

  it('takes a day range in the member’s time zone, the brand’s by default', async () => {
    const day = 'from=2025-03-09&to=2025-03-09';
    expect(await refs(day)).toEqual(['r-won']);
    expect(await refs(`${day}&timeZone=Asia/Manila`)).toEqual(['r-won']);
    // The New York day starts at 05:00 UTC (EST) and ends at 04:00 UTC (EDT): 23 hours.
    expect(await refs(`${day}&timeZone=America/New_York`)).toEqual(['r-open', 'r-won']);
    expect(await refs('from=2025-03-10&timeZone=America/New_York')).toEqual(['r-refunded']);
    expect(await refs('to=2025-03-08')).toEqual(['r-fight']);
  });

  it('refuses unknown product lines, statuses, time zones, impossible dates and reversed ranges', async () => {
    for (const [query, field] of [
      ['timeZone=Mars/Olympus', 'timeZone'],
      ['to=0000-01-01', 'to'],
      ['from=2025-03-10&to=2025-03-09', 'to'],
    ] as const) {
      const { body } = await get(`/wps/member/betting-records?${query}`);
      expect(body, query).toMatchObject({ code: 'VALIDATION_FAILED', value: { issues: [{ field }] } });
    }
    for (const query of [
      'from=2025-02-30',
      'productLine=LOTTERY',
      'status=PENDING',
      'pageSize=101',
      'page=0',
      'userId=1',
    ]) {
      expect((await get(`/wps/member/betting-records?${query}`)).body, query).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('shows a round with its bets, wins and rollbacks, not the tombstones', async () => {
    const { body } = await get(`/wps/member/betting-records/${idOf('r-refunded')}`);
    const value = body.value as { round: RoundJson; transactions: Json[]; details: unknown };
    expect(value.round).toMatchObject({ roundRef: 'r-refunded', refundedAmount: '7.00' });
    expect(value.details).toBeNull();
    expect(value.transactions).toEqual([
      {
        kind: 'bet',
        transactionUuid: 'bet-3',
        referenceUuid: null,
        amount: '7.00',
        isRolledBack: true,
        createdAt: expect.any(String) as string,
      },
      {
        kind: 'rollback',
        transactionUuid: 'rollback-3',
        referenceUuid: 'bet-3',
        amount: '7.00',
        isRolledBack: false,
        createdAt: expect.any(String) as string,
      },
    ]);
    const won = (await get(`/wps/member/betting-records/${idOf('r-won')}`)).body.value as {
      transactions: Json[];
    };
    expect(won.transactions.map((call) => [call.kind, call.amount])).toEqual([
      ['bet', '10.00'],
      ['win', '25.00'],
    ]);
  });

  it('answers NOT_FOUND for someone else’s round and for ids that name no round', async () => {
    for (const id of [idOf('r-other'), '999999', 'abc', '0', '99999999999999999999', '-1']) {
      expect(await get(`/wps/member/betting-records/${id}`), id).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    }
  });

  it('needs a member', async () => {
    expect((await get('/wps/member/betting-records', {})).body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await get(`/wps/member/betting-records/${idOf('r-won')}`, {})).body).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
