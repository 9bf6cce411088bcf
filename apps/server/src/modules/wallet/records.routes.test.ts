import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { recordTypeOf } from './records/transaction-records';
import { walletTestKit } from './wallet-api.test-helpers';

type Json = Record<string, unknown>;

/**
 * Movements at known instants around the start of US daylight saving time (2025-03-09 07:00 UTC), seen from
 * Manila (UTC+8, the brand's zone) and New York (UTC-5, then UTC-4).
 */
const timeline = [
  { key: 'bonus', at: '2025-03-09T04:30:00Z' }, // NY 03-08 23:30 EST · Manila 03-09 12:30
  { key: 'rngBet', at: '2025-03-09T05:30:00Z' }, // NY 03-09 00:30 EST · Manila 03-09 13:30
  { key: 'rngWin', at: '2025-03-09T15:30:00Z' }, // NY 03-09 11:30 EDT · Manila 03-09 23:30
  { key: 'liveBet', at: '2025-03-09T16:30:00Z' }, // NY 03-09 12:30 EDT · Manila 03-10 00:30
  { key: 'liveWin', at: '2025-03-10T03:30:00Z' }, // NY 03-09 23:30 EDT · Manila 03-10 11:30
  { key: 'rngBet2', at: '2025-03-10T04:30:00Z' }, // NY 03-10 00:30 EDT · Manila 03-10 12:30
] as const;

describe('account record and profit and loss', () => {
  let testApp: TestApp;
  let member: MemberRow;
  let authorization: string;
  const ids = new Map<string, string>();

  const get = async (url: string) => {
    const response = await testApp.app.inject({ url, headers: { authorization } });
    const isJson = String(response.headers['content-type']).startsWith('application/json');
    return { response, body: isJson ? response.json<Json>() : {} };
  };
  const recordIds = async (query: string) => {
    const { body } = await get(`/wps/member/records/transactions?${query}`);
    const value = body.value as { list: Array<{ transactionId: string }> };
    return value.list.map((record) => [...ids].find(([, id]) => id === record.transactionId)?.[0]);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const kit = walletTestKit(testApp);
    member = await kit.addMember('recorder');
    ({ authorization } = await loginAsMember(testApp, member.username));
    // Posted in time order, so entry ids (the record's order) agree with the times they are moved to.
    const posted = {
      bonus: await kit.fund(member, 10_000n, '=HYPERLINK("http://evil.example")'),
      rngBet: await kit.play(member, 'bet', 1_000n, 'RNG'),
      rngWin: await kit.play(member, 'win', 2_500n, 'RNG'),
      liveBet: await kit.play(member, 'bet', 2_000n, 'LIVE'),
      liveWin: await kit.play(member, 'win', 500n, 'LIVE'),
      rngBet2: await kit.play(member, 'bet', 700n, 'RNG'),
    };
    for (const { key, at } of timeline) {
      await kit.backdate(posted[key], at);
      ids.set(key, posted[key].toString());
    }
  });
  afterAll(() => testApp.close());

  it('lists the main wallet newest first, with signed amounts and running balances', async () => {
    const { body } = await get('/wps/member/records/transactions');
    expect(body).toMatchObject({ success: true, value: { total: 6, totalPages: 1, currency: 'USD' } });
    const [newest] = (body.value as { list: Json[] }).list;
    expect(newest).toEqual({
      id: expect.any(String) as string,
      transactionId: ids.get('rngBet2'),
      time: '2025-03-10T04:30:00.000Z',
      type: 'bet',
      kind: 'bet',
      amount: '-7.00',
      balanceAfter: '93.00',
      reference: null,
      memo: null,
    });
  });

  it('pages', async () => {
    const { body } = await get('/wps/member/records/transactions?pageSize=2&pageNo=2');
    expect(body).toMatchObject({ value: { total: 6, totalPages: 3 } });
    expect(await recordIds('pageSize=2&pageNo=2')).toEqual(['liveBet', 'rngWin']);
  });

  it('filters by type', async () => {
    expect(await recordIds('type=bet')).toEqual(['rngBet2', 'liveBet', 'rngBet']);
    expect(await recordIds('type=bonus')).toEqual(['bonus']);
    expect(await recordIds('type=withdrawal')).toEqual([]);
  });

  it('takes a day range in the member’s time zone, the brand’s by default', async () => {
    const day = 'from=2025-03-09&to=2025-03-09';
    expect(await recordIds(`${day}&timeZone=Asia/Manila`)).toEqual(['rngWin', 'rngBet', 'bonus']);
    expect(await recordIds(day)).toEqual(['rngWin', 'rngBet', 'bonus']);
    // The New York day starts at 05:00 UTC (EST) and ends at 04:00 UTC (EDT): 23 hours.
    expect(await recordIds(`${day}&timeZone=America/New_York`)).toEqual([
      'liveWin',
      'liveBet',
      'rngWin',
      'rngBet',
    ]);
    expect(await recordIds('from=2025-03-10&timeZone=America/New_York&type=bet')).toEqual(['rngBet2']);
    expect(await recordIds('to=2025-03-08&timeZone=America/New_York')).toEqual(['bonus']);
  });

  it('refuses unknown time zones, impossible dates and reversed ranges', async () => {
    for (const [query, field] of [
      ['timeZone=Mars/Olympus', 'timeZone'],
      ["timeZone=UTC';drop table members;--", 'timeZone'],
      ['from=2025-02-30', 'from'],
      ['to=0000-01-01', 'to'],
      ['from=2025-03-10&to=2025-03-09', 'to'],
    ] as const) {
      const { body } = await get(`/wps/member/records/transactions?${query}`);
      expect(body, query).toMatchObject({ code: 'VALIDATION_FAILED', value: { issues: [{ field }] } });
    }
    for (const query of ['type=lottery', 'from=9/3/2025', 'pageSize=1000']) {
      expect((await get(`/wps/member/records/transactions?${query}`)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('exports the filtered record as CSV in the member’s local time, defusing formulas', async () => {
    const { response } = await get(
      '/wps/member/records/transactions/export?from=2025-03-08&to=2025-03-09&timeZone=America/New_York',
    );
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="account-records_2025-03-08_2025-03-09.csv"',
    );
    expect(response.headers['x-export-truncated']).toBe('false');
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toEqual([
      'time,type,kind,amount,balanceAfter,currency,reference,memo,transactionId',
      `2025-03-09 23:30:00,win,win,5.00,100.00,USD,,,${ids.get('liveWin')}`,
      `2025-03-09 12:30:00,bet,bet,-20.00,95.00,USD,,,${ids.get('liveBet')}`,
      `2025-03-09 11:30:00,win,win,25.00,115.00,USD,,,${ids.get('rngWin')}`,
      `2025-03-09 00:30:00,bet,bet,-10.00,90.00,USD,,,${ids.get('rngBet')}`,
      `2025-03-08 23:30:00,bonus,bonus,100.00,100.00,USD,,"'=HYPERLINK(""http://evil.example"")",${ids.get('bonus')}`,
    ]);
    expect(
      (await get('/wps/member/records/transactions/export?timeZone=Nowhere/Special')).body,
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('sums bets and wins by product line and by the member’s day', async () => {
    const manila = await get('/wps/member/records/profit?from=2025-03-09&to=2025-03-10');
    expect(manila.body).toMatchObject({
      success: true,
      value: {
        currency: 'USD',
        byProduct: [
          { productLine: 'LIVE', betAmount: '20.00', winAmount: '5.00', profit: '-15.00' },
          { productLine: 'RNG', betAmount: '17.00', winAmount: '25.00', profit: '8.00' },
        ],
        byDay: [
          { day: '2025-03-10', betAmount: '27.00', winAmount: '5.00', profit: '-22.00' },
          { day: '2025-03-09', betAmount: '10.00', winAmount: '25.00', profit: '15.00' },
        ],
        total: { betAmount: '37.00', winAmount: '30.00', profit: '-7.00' },
      },
    });
    const newYork = await get(
      '/wps/member/records/profit?from=2025-03-09&to=2025-03-10&timeZone=America/New_York',
    );
    expect(newYork.body).toMatchObject({
      value: {
        byDay: [
          { day: '2025-03-10', betAmount: '7.00', winAmount: '0.00', profit: '-7.00' },
          { day: '2025-03-09', betAmount: '30.00', winAmount: '30.00', profit: '0.00' },
        ],
      },
    });
    const nothing = await get('/wps/member/records/profit?from=2024-01-01&to=2024-01-31');
    expect(nothing.body).toMatchObject({
      value: {
        byProduct: [],
        byDay: [],
        total: { betAmount: '0.00', winAmount: '0.00', profit: '0.00' },
      },
    });
  });

  it('exports profit and loss as CSV, both tables and the total', async () => {
    const { response } = await get('/wps/member/records/profit/export?from=2025-03-09&to=2025-03-10');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="profit-and-loss_2025-03-09_2025-03-10.csv"',
    );
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toEqual([
      'group,name,betAmount,winAmount,profit,currency',
      'product,LIVE,20.00,5.00,-15.00,USD',
      'product,RNG,17.00,25.00,8.00,USD',
      'day,2025-03-10,27.00,5.00,-22.00,USD',
      'day,2025-03-09,10.00,25.00,15.00,USD',
      'total,,37.00,30.00,-7.00,USD',
    ]);
  });

  it('needs a session', async () => {
    for (const url of ['/wps/member/records/transactions', '/wps/member/records/profit/export']) {
      expect((await testApp.app.inject({ url })).json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('names the record type after the first segment of the kind', () => {
    expect(recordTypeOf('withdrawal.returned')).toBe('withdrawal');
    expect(recordTypeOf('transfer.upline')).toBe('transfer');
    expect(recordTypeOf('wallet.to_game')).toBe('wallet');
    expect(recordTypeOf('hold.reserve')).toBe('other');
  });
});
