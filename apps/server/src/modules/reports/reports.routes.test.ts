import {
  ggrReportSchema,
  moneyReportSchema,
  playerReportSchema,
  reportOptionsSchema,
} from '@wps/contracts/reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { addGame, addVendor } from '../games/launch.test-helpers';
import { envelopeOf } from '../payments/deposits.test-helpers';
import { brands } from '../site/site.tables';
import { reportDaily, reportGamesDaily, reportMoneyDaily, reportPlayerMonths } from './reports.tables';

/**
 * The report routes over roll-up rows written here (the fold's own test covers how they are made): filters,
 * sorting, paging, the CSV exports and their escaping, and the permission.
 */

let testApp: TestApp;
let headers: Record<string, string>;
let vendorId: bigint;
let safeGameId: bigint;
let formulaGameId: bigint;

const period = 'from=2025-01-01&to=2025-01-05';

/** A report's answer, checked against its contract. */
const get = async <Schema extends z.ZodType>(
  url: string,
  schema: Schema,
): Promise<{ value: z.infer<Schema> }> => {
  const response = await testApp.app.inject({ url: `/wps/backoffice/reports/${url}`, headers });
  expect(response.statusCode).toBe(200);
  return { value: schema.parse(envelopeOf(response).value) };
};

const statusOf = async (url: string, requestHeaders: Record<string, string> = headers): Promise<number> =>
  (await testApp.app.inject({ url: `/wps/backoffice/reports/${url}`, headers: requestHeaders })).statusCode;

const csvOf = async (url: string) => {
  const response = await testApp.app.inject({ url: `/wps/backoffice/reports/${url}`, headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  return {
    response,
    lines: response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n'),
  };
};

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await operatorHeaders(testApp.app);
  const { db } = testApp.database;
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  vendorId = await addVendor(db, { code: 'RPTVENDOR' });
  safeGameId = await addGame(db, vendorId, { code: 'rpt-safe', name: 'Lucky, "Quoted" Reels' });
  formulaGameId = await addGame(db, vendorId, { code: 'rpt-formula', name: '=HYPERLINK("http://x")' });
  const game = (day: string, gameId: bigint, productLine: string, stake: bigint, payout: bigint) => ({
    brandId: brand.id,
    day,
    productLine,
    vendorId,
    gameId,
    betCount: 1n,
    stake,
    payout,
  });
  await db.insert(reportGamesDaily).values([
    game('2025-01-01', safeGameId, 'RNG', 10_000n, 4_000n),
    game('2025-01-02', safeGameId, 'RNG', 5_000n, 9_000n),
    game('2025-01-02', formulaGameId, 'LIVE', 20_000n, 1_000n),
    game('2025-01-03', formulaGameId, 'LIVE', 1_000n, 0n),
    // Outside the period: never counted.
    game('2025-01-09', safeGameId, 'RNG', 99_999n, 0n),
  ]);
  const day = (date: string, figures: Partial<typeof reportDaily.$inferInsert>) => ({
    brandId: brand.id,
    day: date,
    ...figures,
  });
  await db.insert(reportDaily).values([
    day('2025-01-01', { betCount: 1n, stake: 10_000n, payout: 4_000n, bonusAmount: 500n, activePlayers: 2 }),
    day('2025-01-02', {
      betCount: 2n,
      stake: 25_000n,
      payout: 10_000n,
      depositCount: 2n,
      depositAmount: 30_000n,
      newPlayers: 3,
      firstDepositors: 1,
      activePlayers: 1,
    }),
    day('2025-01-03', { betCount: 1n, stake: 1_000n, activePlayers: 1 }),
  ]);
  // Player 1 bet on the 1st and 2nd, player 2 on the 1st and 3rd: two players over the period, not four.
  await db.insert(reportPlayerMonths).values([
    { brandId: brand.id, month: '2025-01-01', memberId: 1n, days: 0b11 },
    { brandId: brand.id, month: '2025-01-01', memberId: 2n, days: 0b101 },
  ]);
  await db.insert(reportMoneyDaily).values([
    {
      brandId: brand.id,
      day: '2025-01-02',
      flow: 'deposit',
      channel: 'BANK_TRANSFER',
      count: 1n,
      amount: 10_000n,
    },
    { brandId: brand.id, day: '2025-01-02', flow: 'deposit', channel: '+EVIL', count: 1n, amount: 20_000n },
    { brandId: brand.id, day: '2025-01-01', flow: 'bonus', channel: 'bonus.grant', count: 1n, amount: 500n },
  ]);
});

afterAll(async () => {
  await testApp.close();
});

describe('the GGR report', () => {
  it('groups by day with NGR, from the day rows', async () => {
    const { value } = await get(`ggr?${period}`, ggrReportSchema);
    expect(value.list.map((row) => [row.key, row.stake, row.payout, row.ggr, row.bonus, row.ngr])).toEqual([
      ['2025-01-01', '100.00', '40.00', '60.00', '5.00', '55.00'],
      ['2025-01-02', '250.00', '100.00', '150.00', '0.00', '150.00'],
      ['2025-01-03', '10.00', '0.00', '10.00', '0.00', '10.00'],
    ]);
    expect(value.totals).toMatchObject({ stake: '360.00', ggr: '220.00', bonus: '5.00', ngr: '215.00' });
  });

  it('filters by product line, vendor and game, and leaves NGR out when filtered', async () => {
    const live = await get(`ggr?${period}&productLine=LIVE`, ggrReportSchema);
    expect(live.value.list.map((row) => [row.key, row.ggr, row.ngr])).toEqual([
      ['2025-01-02', '190.00', null],
      ['2025-01-03', '10.00', null],
    ]);
    const game = await get(`ggr?${period}&groupBy=game&gameId=${safeGameId}`, ggrReportSchema);
    expect(game.value.list).toEqual([
      expect.objectContaining({
        key: safeGameId.toString(),
        label: 'Lucky, "Quoted" Reels (RPTVENDOR Gaming)',
      }),
    ]);
    expect(game.value.totals.ggr).toBe('20.00');
    const vendor = await get(`ggr?${period}&groupBy=vendor&vendorId=${vendorId}`, ggrReportSchema);
    expect(vendor.value.list.map((row) => [row.label, row.ggr])).toEqual([['RPTVENDOR Gaming', '220.00']]);
    const lines = await get(`ggr?${period}&groupBy=product_line`, ggrReportSchema);
    expect(lines.value.list.map((row) => [row.key, row.ggr])).toEqual([
      ['LIVE', '200.00'],
      ['RNG', '20.00'],
    ]);
  });

  it('sorts and pages on the server', async () => {
    const byGgr = await get(`ggr?${period}&groupBy=game&sort=ggr&order=desc&pageSize=1`, ggrReportSchema);
    expect(byGgr.value).toMatchObject({ total: 2, totalPages: 2 });
    expect(byGgr.value.list.map((row) => [row.key, row.ggr])).toEqual([[formulaGameId.toString(), '200.00']]);
    const second = await get(
      `ggr?${period}&groupBy=game&sort=ggr&order=desc&pageSize=1&pageNo=2`,
      ggrReportSchema,
    );
    expect(second.value.list.map((row) => [row.key, row.ggr])).toEqual([[safeGameId.toString(), '20.00']]);
    // The totals are the whole filter's, whatever the page.
    expect(second.value.totals.ggr).toBe('220.00');
    const byDayDesc = await get(`ggr?${period}&order=desc`, ggrReportSchema);
    expect(byDayDesc.value.list.map((row) => row.key)).toEqual(['2025-01-03', '2025-01-02', '2025-01-01']);
  });

  it('refuses a period the wrong way round or too long, and a sort it does not know', async () => {
    expect(await statusOf(`ggr?from=2025-01-05&to=2025-01-01`)).toBe(400);
    expect(await statusOf(`ggr?from=2023-01-01&to=2025-01-01`)).toBe(400);
    expect(await statusOf(`ggr?${period}&sort=stake;drop`)).toBe(400);
  });

  it('exports every row as CSV, quoted, with text that a spreadsheet would run made inert', async () => {
    const { response, lines } = await csvOf(`ggr/export?${period}&groupBy=game&sort=key`);
    expect(response.headers['content-disposition']).toContain('ggr-by-game_2025-01-01_2025-01-05.csv');
    expect(lines).toEqual([
      'key,label,bet_count,stake,payout,ggr,bonus,ngr',
      `${safeGameId},"Lucky, ""Quoted"" Reels (RPTVENDOR Gaming)",2,150.00,130.00,20.00,,`,
      `${formulaGameId},"'=HYPERLINK(""http://x"") (RPTVENDOR Gaming)",2,210.00,10.00,200.00,,`,
    ]);
    const money = await csvOf(`money/export?${period}&flow=deposit&sort=amount&order=desc`);
    expect(money.lines).toEqual(['key,count,amount', "'+EVIL,1,200.00", 'BANK_TRANSFER,1,100.00']);
  });
});

describe('the other reports', () => {
  it('answers money by channel or day, and bonus cost by kind', async () => {
    const deposits = await get(`money?${period}&flow=deposit&sort=amount&order=desc`, moneyReportSchema);
    expect(deposits.value.list.map((row) => [row.key, row.count, row.amount])).toEqual([
      ['+EVIL', 1, '200.00'],
      ['BANK_TRANSFER', 1, '100.00'],
    ]);
    expect(deposits.value.totals).toMatchObject({ count: 2, amount: '300.00' });
    const byDay = await get(
      `money?${period}&flow=deposit&groupBy=day&channel=BANK_TRANSFER`,
      moneyReportSchema,
    );
    expect(byDay.value.list).toEqual([{ key: '2025-01-02', count: 1, amount: '100.00' }]);
    const bonus = await get(`money?${period}&flow=bonus`, moneyReportSchema);
    expect(bonus.value.list).toEqual([{ key: 'bonus.grant', count: 1, amount: '5.00' }]);
  });

  it('answers player activity by day, with distinct active players over the period', async () => {
    const { value } = await get(`players?${period}&sort=newPlayers&order=desc`, playerReportSchema);
    expect(
      value.list.map((row) => [row.day, row.activePlayers, row.newPlayers, row.firstDepositors]),
    ).toEqual([
      ['2025-01-02', 1, 3, 1],
      ['2025-01-01', 2, 0, 0],
      ['2025-01-03', 1, 0, 0],
    ]);
    expect(value.totals).toMatchObject({ day: '2025-01-01..2025-01-05', activePlayers: 2, newPlayers: 3 });
    const single = await get('players?from=2025-01-02&to=2025-01-03', playerReportSchema);
    expect(single.value.totals.activePlayers).toBe(2);
    const oneDay = await get('players?from=2025-01-03&to=2025-01-03', playerReportSchema);
    expect(oneDay.value.totals.activePlayers).toBe(1);
  });

  it("offers the filters' choices", async () => {
    const { value } = await get(`options?vendorId=${vendorId}`, reportOptionsSchema);
    expect(value.productLines).toEqual(['LIVE', 'RNG']);
    expect(value.vendors).toContainEqual({ id: vendorId.toString(), name: 'RPTVENDOR Gaming' });
    expect(value.games.map((game) => game.id).sort()).toEqual(
      [safeGameId.toString(), formulaGameId.toString()].sort(),
    );
  });

  it('is refused without the reports permission', async () => {
    const content = await createStaff(testApp.app, { role: 'content', username: 'reportless' });
    for (const url of ['dashboard', `ggr?${period}`, `ggr/export?${period}`, 'players', 'money', 'options']) {
      expect([url, await statusOf(url, content)]).toEqual([url, 403]);
    }
    const finance = await createStaff(testApp.app, { role: 'finance', username: 'reporter' });
    expect(await statusOf('dashboard', finance)).toBe(200);
  });
});
