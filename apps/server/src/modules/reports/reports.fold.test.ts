import { randomUUID } from 'node:crypto';
import type { Dashboard } from '@wps/contracts/reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { createVendorKit, type VendorKit } from '../games/vendor-wallet.test-helpers';
import { bonusTestKit, minorOf } from '../house-games/bonus.test-helpers';
import { members } from '../members/members.tables';
import { createDepositFixture, type DepositAnswer, envelopeOf } from '../payments/deposits.test-helpers';
import { createWithdrawalFixture } from '../payments/withdrawals.test-helpers';
import { brands } from '../site/site.tables';
import { createLedgerService } from '../wallet/ledger.service';
import { createReportsFoldService } from './fold.service';

/**
 * The reports' fold against the ledger: a scripted day through the real services (a deposit approved by staff,
 * vendor bets, a win and a rollback, a bonus, a withdrawal paid) moves the dashboard by exactly what happened, the
 * dashboard's day equals the ledger's own sums, a second fold (or two at once) counts nothing again, and days are
 * cut in the brand's time zone.
 */

let testApp: TestApp;
let vendor: VendorKit;
let headers: Record<string, string>;

const dashboard = async (query: string, requestHeaders = headers): Promise<Dashboard> => {
  const response = await testApp.app.inject({
    url: `/wps/backoffice/reports/dashboard?${query}`,
    headers: requestHeaders,
  });
  expect(response.statusCode).toBe(200);
  return envelopeOf<Dashboard>(response).value;
};

const memberRow = async (id: bigint) => {
  const [row] = await testApp.database.db.select().from(members).where(eq(members.id, id));
  if (!row) throw new Error(`no member ${id}`);
  return row;
};

/** The brand's figures of a day straight from the ledger's tables (the test's own scan, the fold's oracle). */
const ledgerDay = async (brandId: bigint, day: string) => {
  const [row] = await selectRows<Record<string, string | bigint | number | null>>(
    testApp.database.db,
    sql`with shares as (
      select t.id, t.kind, sum(e.amount) as amount
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.member_id is not null
      join brands b on b.id = t.brand_id and b.currency = e.currency
      where t.brand_id = ${brandId} and (t.created_at at time zone b.time_zone)::date = ${day}::date
      group by t.id, t.kind, a.member_id having sum(e.amount) <> 0
    )
    select
      coalesce(sum(-amount) filter (where kind = 'bet' or kind like '%.bet' or kind = 'bet.rollback'
        or kind like '%.bet.rollback' or kind like '%.refund'), 0) as stake,
      coalesce(sum(amount) filter (where kind = 'win' or kind like '%.win' or kind like '%win.rollback'), 0)
        as payout,
      coalesce(sum(amount) filter (where kind = 'deposit'), 0) as deposits,
      coalesce(sum(-amount) filter (where kind = 'withdrawal.paid'), 0) as withdrawals,
      coalesce(sum(amount) filter (where kind like 'bonus%' or kind like 'rebate%' or kind like 'reward%'), 0)
        as bonus
    from shares`,
  );
  if (!row) throw new Error('no ledger figures');
  return {
    stake: BigInt(row.stake ?? 0),
    payout: BigInt(row.payout ?? 0),
    deposits: BigInt(row.deposits ?? 0),
    withdrawals: BigInt(row.withdrawals ?? 0),
    bonus: BigInt(row.bonus ?? 0),
  };
};

const demoBrandId = async (): Promise<bigint> => {
  const [brand] = await testApp.database.db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  return brand.id;
};

beforeAll(async () => {
  testApp = await createTestApp();
  vendor = await createVendorKit(testApp);
  headers = await operatorHeaders(testApp.app);
  await testApp.app.reports.fold.fold();
});

afterAll(async () => {
  await testApp.close();
});

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the reports fold', () => {
  it('moves the dashboard by exactly a scripted day, equal to the ledger, and counts it once', async () => {
    const first = await dashboard('');
    // A period around today that a midnight during the test cannot leave.
    const around = `from=${shiftDay(first.today, -1)}&to=${shiftDay(first.today, 1)}`;
    const before = await dashboard(around);

    // A player deposits 50.00 (approved by staff), bets 3.00 and 2.00 at the vendor, wins 4.50, and has the
    // 2.00 bet rolled back.
    const deposits = createDepositFixture(testApp);
    const player = await deposits.createMember();
    const asked = envelopeOf<DepositAnswer>(
      await deposits.deposit(player, {
        channelCode: 'BANK_TRANSFER',
        amount: '50.00',
        playerReference: 'R1',
      }),
    ).value;
    expect(envelopeOf(await deposits.approve(asked.id)).success).toBe(true);
    const playerRow = await memberRow(player.id);
    const token = await vendor.openSession(playerRow);
    const round = randomUUID();
    const firstBet = randomUUID();
    const secondBet = randomUUID();
    for (const [uuid, cents] of [
      [firstBet, 300n],
      [secondBet, 200n],
    ] as const) {
      const bet = await vendor.call(
        'transaction/bet',
        vendor.betBody(playerRow, token, { uuid, round, cents }),
      );
      expect(bet.answer.status).toBe('RS_OK');
    }
    const rollback = await vendor.call(
      'transaction/rollback',
      vendor.rollbackBody(playerRow, { round, reference: secondBet, closed: false }),
    );
    expect(rollback.answer.status).toBe('RS_OK');
    const win = await vendor.call(
      'transaction/win',
      vendor.winBody(playerRow, { round, reference: firstBet, cents: 450n }),
    );
    expect(win.answer.status).toBe('RS_OK');

    // Another member gets a 7.00 bonus; a third withdraws 100.00 (money given by hand, which is no figure).
    const bonusMember = await vendor.addPlayer();
    await bonusTestKit(testApp.app, testApp.database).grant(bonusMember, 700n);
    const withdrawals = createWithdrawalFixture(testApp);
    await withdrawals.setSettings();
    const payee = await withdrawals.createMember({ balance: 20_000n });
    const payoutAccountId = await withdrawals.addPayoutAccount(payee);
    const requested = envelopeOf<{ id: string }>(
      await withdrawals.requestWithdrawal(payee, { payoutAccountId, amount: '100.00' }),
    ).value;
    expect(envelopeOf(await withdrawals.review(requested.id, 'approve')).success).toBe(true);

    expect(await testApp.app.reports.fold.fold()).toBeGreaterThan(0);
    const after = await dashboard(around);
    const moved = (field: 'stake' | 'payout' | 'ggr' | 'bonus' | 'ngr') =>
      minorOf(after.periodFigures[field]) - minorOf(before.periodFigures[field]);
    expect({
      stake: moved('stake'),
      payout: moved('payout'),
      ggr: moved('ggr'),
      bonus: moved('bonus'),
      ngr: moved('ngr'),
      bets: after.periodFigures.betCount - before.periodFigures.betCount,
      deposits: [
        after.periodFigures.deposits.count - before.periodFigures.deposits.count,
        minorOf(after.periodFigures.deposits.amount) - minorOf(before.periodFigures.deposits.amount),
      ],
      withdrawals: [
        after.periodFigures.withdrawals.count - before.periodFigures.withdrawals.count,
        minorOf(after.periodFigures.withdrawals.amount) - minorOf(before.periodFigures.withdrawals.amount),
      ],
      active: after.periodFigures.activePlayers - before.periodFigures.activePlayers,
      newPlayers: after.periodFigures.newPlayers - before.periodFigures.newPlayers,
      firstDepositors: after.periodFigures.firstDepositors - before.periodFigures.firstDepositors,
    }).toEqual({
      stake: 300n,
      payout: 450n,
      ggr: -150n,
      bonus: 700n,
      ngr: -850n,
      bets: 1,
      deposits: [1, 5_000n],
      withdrawals: [1, 10_000n],
      active: 1,
      newPlayers: 3,
      firstDepositors: 1,
    });

    // Every day of the dashboard equals the ledger's own sums for that day.
    const brandId = await demoBrandId();
    for (const day of after.series.filter((entry) => entry.day <= after.today)) {
      const ledger = await ledgerDay(brandId, day.day);
      expect([day.day, minorOf(day.stake), minorOf(day.payout), minorOf(day.bonus)]).toEqual([
        day.day,
        ledger.stake,
        ledger.payout,
        ledger.bonus,
      ]);
      expect([minorOf(day.deposits.amount), minorOf(day.withdrawals.amount)]).toEqual([
        ledger.deposits,
        ledger.withdrawals,
      ]);
    }

    // The vendor's game carries the game movements; the deposit its channel, the withdrawal its payout method.
    const byGame = envelopeOf<{ list: Array<{ key: string; stake: string; payout: string }> }>(
      await testApp.app.inject({
        url: `/wps/backoffice/reports/ggr?${around}&groupBy=game&gameId=${vendor.gameId}`,
        headers,
      }),
    ).value.list;
    expect(byGame).toEqual([
      expect.objectContaining({ key: vendor.gameId.toString(), stake: '3.00', payout: '4.50' }),
    ]);
    const channels = async (flow: string) =>
      envelopeOf<{ list: Array<{ key: string; count: number }> }>(
        await testApp.app.inject({ url: `/wps/backoffice/reports/money?${around}&flow=${flow}`, headers }),
      ).value.list.map((row) => row.key);
    expect(await channels('deposit')).toContain('BANK_TRANSFER');
    expect(await channels('withdrawal')).toContain('bank');

    // Folding again, or twice at once from two instances, counts nothing twice.
    const other = createReportsFoldService({ db: testApp.database.db });
    await Promise.all([testApp.app.reports.fold.fold(), other.fold(), other.fold()]);
    expect(await dashboard(around)).toEqual(after);

    // The same player betting again in a later batch is still one active player.
    const again = await vendor.call('transaction/bet', vendor.betBody(playerRow, token, { cents: 100n }));
    expect(again.answer.status).toBe('RS_OK');
    await testApp.app.reports.fold.fold();
    const later = await dashboard(around);
    const activeOn = (figures: Dashboard, day: string) =>
      figures.series.find((entry) => entry.day === day)?.activePlayers;
    expect([
      later.periodFigures.betCount - after.periodFigures.betCount,
      later.periodFigures.activePlayers - after.periodFigures.activePlayers,
      // The day's count too (the bet's day: today, unless a midnight passed since the first bets).
      activeOn(later, later.today),
    ]).toEqual([1, 0, later.today === after.today ? activeOn(after, after.today) : 1]);
  });

  it("cuts days in the brand's time zone", async () => {
    const { db } = testApp.database;
    const [demo] = await db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    // The same instant is on different dates at UTC+14 and UTC−11.
    const zones = { EAST: 'Pacific/Kiritimati', WEST: 'Pacific/Pago_Pago' } as const;
    const ledger = createLedgerService({ db });
    const posted: Array<{ code: string; zone: string; transactionId: bigint }> = [];
    for (const [code, zone] of Object.entries(zones)) {
      const [brand] = await db
        .insert(brands)
        .values({ ...rest, merchantCode: `TZ${code}`, timeZone: zone })
        .returning({ id: brands.id });
      if (!brand) throw new Error('brand not created');
      const [member] = await db
        .insert(members)
        .values({ brandId: brand.id, username: `tz${randomUUID().slice(0, 10)}`, nickname: 'Zone' })
        .returning({ id: members.id });
      if (!member) throw new Error('member not created');
      const cash = await ledger.ensureMemberAccount(brand.id, member.id, 'USD');
      const house = await ledger.ensureSystemAccount(brand.id, 'house', 'USD');
      // Money given by hand (no figure), then a bet of 10.00.
      await ledger.post({
        brandId: brand.id,
        idempotencyKey: randomUUID(),
        kind: 'adjustment',
        legs: [
          { accountId: house.id, amount: -1_000n },
          { accountId: cash.id, amount: 1_000n },
        ],
      });
      const result = await ledger.post({
        brandId: brand.id,
        idempotencyKey: randomUUID(),
        kind: 'bet',
        productLine: 'RNG',
        legs: [
          { accountId: cash.id, amount: -1_000n },
          { accountId: house.id, amount: 1_000n },
        ],
      });
      posted.push({ code, zone, transactionId: result.transactionId });
    }
    await testApp.app.reports.fold.fold();
    for (const { code, zone, transactionId } of posted) {
      const [row] = await selectRows<{ created_at: Date | string }>(
        db,
        sql`select created_at from ledger_transactions where id = ${transactionId}`,
      );
      if (!row) throw new Error('no transaction');
      const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(row.created_at));
      const zoneHeaders = await operatorHeaders(testApp.app, `TZ${code}`);
      const figures = await dashboard(
        `from=${shiftDay(localDay, -1)}&to=${shiftDay(localDay, 1)}`,
        zoneHeaders,
      );
      expect(figures.timeZone).toBe(zone);
      expect(figures.series.map((day) => [day.day, day.stake, day.activePlayers])).toEqual([
        [shiftDay(localDay, -1), '0.00', 0],
        [localDay, '10.00', 1],
        [shiftDay(localDay, 1), '0.00', 0],
      ]);
    }
  });
});
