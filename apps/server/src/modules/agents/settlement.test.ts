import type { ContractKind, ProcessContractRequest } from '@wps/contracts/agent-contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import type { MemberRow } from '../members/members.service';
import { type ContractFixture, createInstance, openContractFixture, usd } from './contracts.test-helpers';

const agent = 1;
const player = 0;

type Tier = { minFigure: string; minActiveMembers: number; rateBasisPoints: number };

describe('agent contract settlement (worked examples, Europe/London)', () => {
  let fixture: ContractFixture;

  beforeAll(async () => {
    fixture = await openContractFixture('Europe/London');
  });
  afterAll(async () => {
    await fixture.close();
  });
  // Contracts of a finished example stop settling, so each example sees only its own.
  afterEach(async () => {
    await fixture.database.db.execute(
      sql`update agent_contracts set status = 'terminated', terminated_at = settled_through where status = 'active'`,
    );
  });

  /** A funded top agent, a middle agent under it and three players under the middle agent. */
  const team = async (funds = usd(10_000)) => {
    const top = await fixture.createMember(agent, null);
    const middle = await fixture.createMember(agent, top);
    const players = [
      await fixture.createMember(player, middle),
      await fixture.createMember(player, middle),
      await fixture.createMember(player, middle),
    ] as const;
    if (funds > 0n) await fixture.fund(top, funds);
    return { top, middle, players };
  };

  const agree = async (
    upline: MemberRow,
    downline: MemberRow,
    kind: ContractKind,
    tiers: Tier[],
    period?: ProcessContractRequest extends infer R ? (R extends { period?: infer P } ? P : never) : never,
  ) => {
    const offer = await fixture.instance.contracts.process(
      upline,
      fixture.brand,
      kind,
      { action: 'OFFER', downline: downline.username, tiers, ...(period ? { period } : {}) },
      true,
    );
    const accepted = await fixture.instance.contracts.process(
      downline,
      fixture.brand,
      kind,
      { action: 'ACCEPT', contractId: offer.contract.id },
      true,
    );
    return accepted.contract;
  };

  const recordsOf = async (member: MemberRow, contractId: string) =>
    (await fixture.instance.contracts.payments(member, { contractId, pageNo: 1, pageSize: 100 }, 'USD')).list
      .map((record) => ({
        periodStart: record.periodStart,
        amount: record.amount,
        status: record.status,
        validBet: record.figures.validBet,
        profitLoss: record.figures.profitLoss,
        activeMembers: record.figures.activeMembers,
        rate: record.rateBasisPoints,
      }))
      .reverse();

  const at = (iso: string) => {
    fixture.clock.now = new Date(iso);
  };

  it('daily salary: tiers on valid bet and active members, cut at the London midnight', async () => {
    const { top, middle, players } = await team();
    const [p1, p2, p3] = players;
    at('2025-06-01T12:00:00Z');
    const contract = await agree(top, middle, 'DAILY_SALARY', [
      { minFigure: '1000.00', minActiveMembers: 2, rateBasisPoints: 50 },
      { minFigure: '5000.00', minActiveMembers: 3, rateBasisPoints: 100 },
    ]);
    // 1 June in London is [31 May 23:00Z, 1 June 23:00Z).
    await fixture.addFigures(p1, '2025-05-31T23:00:00Z', usd(2000)); // 00:00–01:00 on 1 June
    await fixture.addFigures(p2, '2025-06-01T22:00:00Z', usd(3500)); // 23:00–24:00 on 1 June
    await fixture.addFigures(p3, '2025-06-01T23:00:00Z', usd(1000)); // 00:00 on 2 June: the next day
    await fixture.addFigures(p1, '2025-06-02T10:00:00Z', usd(3000));
    await fixture.addFigures(p2, '2025-06-02T11:00:00Z', usd(1500));

    at('2025-06-01T22:59:59Z');
    await fixture.instance.settlement.settlePeriods();
    expect(await recordsOf(middle, contract.id)).toEqual([]);

    at('2025-06-01T23:00:00Z');
    await fixture.instance.settlement.settlePeriods();
    at('2025-06-03T00:00:00Z');
    await fixture.instance.settlement.settlePeriods();
    await fixture.instance.settlement.settlePeriods();

    // Day 1: 5,500.00 by two active members reaches only the first tier: 0.50 % = 27.50.
    // Day 2: 5,500.00 by three active members reaches the second: 1.00 % = 55.00.
    expect(await recordsOf(middle, contract.id)).toEqual([
      {
        periodStart: '2025-05-31T23:00:00.000Z',
        amount: '27.50',
        status: 'PAID',
        validBet: '5500.00',
        profitLoss: '-5500.00',
        activeMembers: 2,
        rate: 50,
      },
      {
        periodStart: '2025-06-01T23:00:00.000Z',
        amount: '55.00',
        status: 'PAID',
        validBet: '5500.00',
        profitLoss: '-5500.00',
        activeMembers: 3,
        rate: 100,
      },
    ]);
    expect(await recordsOf(top, contract.id)).toHaveLength(2); // the upline sees the same records
    expect(await fixture.balance(middle)).toBe(usd(82.5));
    expect(await fixture.balance(top)).toBe(usd(10_000) - usd(82.5));
    const [posting] = await selectRows<{ count: number }>(
      fixture.database.db,
      sql`select count(*)::int as count from ledger_transactions
          where idempotency_key = ${`agent-contract:${contract.id}:2025-05-31T23:00:00.000Z`} and kind = 'salary.daily'`,
    );
    expect(posting?.count).toBe(1);
  });

  it('daily salary on the 23-hour spring-forward day (30 March 2025)', async () => {
    const { top, middle, players } = await team();
    at('2025-03-30T08:00:00Z');
    const contract = await agree(top, middle, 'DAILY_SALARY', [
      { minFigure: '0.00', minActiveMembers: 1, rateBasisPoints: 100 },
    ]);
    expect(contract.effectiveFrom).toBe('2025-03-30T00:00:00.000Z'); // GMT midnight
    await fixture.addFigures(players[0], '2025-03-30T22:00:00Z', usd(700)); // 23:00 BST, still 30 March
    await fixture.addFigures(players[0], '2025-03-30T23:00:00Z', usd(900)); // 00:00 BST on 31 March
    at('2025-03-30T23:00:00Z'); // the day ended after 23 hours
    await fixture.instance.settlement.settlePeriods();
    expect(await recordsOf(middle, contract.id)).toMatchObject([
      { periodStart: '2025-03-30T00:00:00.000Z', amount: '7.00', validBet: '700.00' },
    ]);
  });

  it('weekly dividend: tiers on the team loss and active members; a winning week pays nothing', async () => {
    const { top, middle, players } = await team();
    const [p1, p2] = players;
    at('2025-06-04T09:00:00Z'); // Wednesday: the contract covers the week from Monday 2 June (BST)
    const contract = await agree(
      top,
      middle,
      'DIVIDEND',
      [
        { minFigure: '0.00', minActiveMembers: 1, rateBasisPoints: 2000 },
        { minFigure: '10000.00', minActiveMembers: 2, rateBasisPoints: 3000 },
      ],
      'WEEKLY',
    );
    expect(contract.effectiveFrom).toBe('2025-06-01T23:00:00.000Z');
    await fixture.addFigures(p1, '2025-06-02T10:00:00Z', usd(8000), usd(1000)); // loses 7,000
    await fixture.addFigures(p2, '2025-06-08T22:00:00Z', usd(5000), usd(500)); // Sunday 23:00: loses 4,500
    await fixture.addFigures(p1, '2025-06-10T10:00:00Z', usd(1000), usd(5000)); // next week: wins 4,000
    at('2025-06-16T00:00:00Z');
    await fixture.instance.settlement.settlePeriods();
    expect(await recordsOf(middle, contract.id)).toEqual([
      {
        periodStart: '2025-06-01T23:00:00.000Z',
        amount: '3450.00', // 30 % of a team loss of 11,500 with two active members
        status: 'PAID',
        validBet: '13000.00',
        profitLoss: '-11500.00',
        activeMembers: 2,
        rate: 3000,
      },
      {
        periodStart: '2025-06-08T23:00:00.000Z',
        amount: '0.00',
        status: 'ZERO',
        validBet: '1000.00',
        profitLoss: '4000.00',
        activeMembers: 1,
        rate: 0,
      },
    ]);
  });

  it('hourly salary: the repeated autumn hour is settled as two hours', async () => {
    const { top, middle, players } = await team();
    at('2025-10-25T23:30:00Z'); // 00:30 BST on 26 October
    const contract = await agree(top, middle, 'HOURLY_SALARY', [
      { minFigure: '100.00', minActiveMembers: 0, rateBasisPoints: 100 },
    ]);
    await fixture.addFigures(players[0], '2025-10-26T00:00:00Z', usd(500)); // 01:00 BST
    await fixture.addFigures(players[1], '2025-10-26T01:00:00Z', usd(300)); // 01:00 GMT, the same clock hour again
    await fixture.addFigures(players[2], '2025-10-26T02:00:00Z', usd(50)); // below the tier
    at('2025-10-26T03:00:00Z');
    await fixture.instance.settlement.settlePeriods();
    expect(
      (await recordsOf(middle, contract.id)).map((record) => [
        record.periodStart,
        record.amount,
        record.status,
      ]),
    ).toEqual([
      ['2025-10-25T23:00:00.000Z', '0.00', 'ZERO'],
      ['2025-10-26T00:00:00.000Z', '5.00', 'PAID'],
      ['2025-10-26T01:00:00.000Z', '3.00', 'PAID'],
      ['2025-10-26T02:00:00.000Z', '0.00', 'ZERO'],
    ]);
  });

  it('real-time salary: each 5-minute slot pays the day so far less what the day already paid', async () => {
    const { top, middle, players } = await team();
    const [p1, p2] = players;
    at('2025-06-01T10:02:00Z');
    const contract = await agree(top, middle, 'REALTIME_SALARY', [
      { minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 },
    ]);
    expect(contract.effectiveFrom).toBe('2025-06-01T10:00:00.000Z');
    await fixture.addFigures(p1, '2025-06-01T10:00:00Z', usd(1000));
    at('2025-06-01T10:05:00Z');
    await fixture.instance.settlement.settleRealtime();
    await fixture.addFigures(p1, '2025-06-01T10:00:00Z', usd(500));
    at('2025-06-01T10:07:00Z');
    await fixture.instance.settlement.settleRealtime(); // no slot has closed since
    at('2025-06-01T10:10:00Z');
    await fixture.instance.settlement.settleRealtime();
    await fixture.instance.settlement.settleRealtime();
    expect(await fixture.balance(middle)).toBe(usd(15));

    const preview = await fixture.instance.settlement.preview(middle, BigInt(contract.id));
    expect(preview).toMatchObject({ amount: '0.00', figures: { validBet: '1500.00' } });
    await fixture.addFigures(p1, '2025-06-01T22:00:00Z', usd(200)); // 23:00 BST, still 1 June
    expect((await fixture.instance.settlement.preview(middle, BigInt(contract.id))).amount).toBe('2.00');
    await fixture.addFigures(p2, '2025-06-01T23:00:00Z', usd(400)); // 2 June
    at('2025-06-01T23:20:00Z');
    await fixture.instance.settlement.settleRealtime();
    expect(
      (await recordsOf(middle, contract.id)).map((record) => [record.periodStart, record.amount]),
    ).toEqual([
      ['2025-06-01T10:00:00.000Z', '10.00'],
      ['2025-06-01T10:05:00.000Z', '5.00'],
      ['2025-06-01T22:55:00.000Z', '2.00'], // 1 June closed out: 1 % of 1,700 less 15 paid
      ['2025-06-01T23:15:00.000Z', '4.00'], // 2 June so far
    ]);
    expect(await fixture.balance(middle)).toBe(usd(21));
  });

  it('folds the ledger first: a bet made just before the run is paid for', async () => {
    const { top, middle, players } = await team();
    const [player] = players;
    await fixture.fund(player, usd(300));
    // From the start of this hour: real-time salary counts the hours from the contract's start.
    at(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString());
    const contract = await agree(top, middle, 'REALTIME_SALARY', [
      { minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 },
    ]);
    const { ledger, wallet } = fixture.instance;
    const house = await ledger.ensureSystemAccount(fixture.brand.id, 'house', 'USD');
    await ledger.post({
      brandId: fixture.brand.id,
      idempotencyKey: `test-bet:${String(player.id)}:${contract.id}`,
      kind: 'bet',
      legs: [
        { accountId: (await wallet.cashAccount(player, 'USD')).id, amount: -usd(300) },
        { accountId: house.id, amount: usd(300) },
      ],
    });
    at(new Date(Date.now() + 300_000).toISOString());
    await fixture.instance.settlement.settleRealtime();
    expect(await fixture.balance(middle)).toBe(usd(3));
  });

  it('records UNPAID when the upline lacks the money and pays it once on a later run', async () => {
    const { top, middle, players } = await team(0n);
    at('2025-06-01T12:00:00Z');
    const contract = await agree(top, middle, 'DAILY_SALARY', [
      { minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 },
    ]);
    await fixture.addFigures(players[0], '2025-06-01T10:00:00Z', usd(1000));
    at('2025-06-02T00:00:00Z');
    await fixture.instance.settlement.settlePeriods();
    await fixture.instance.settlement.retryUnpaid();
    expect(await recordsOf(middle, contract.id)).toMatchObject([{ amount: '10.00', status: 'UNPAID' }]);
    await fixture.fund(top, usd(5));
    await fixture.instance.settlement.retryUnpaid();
    expect(await recordsOf(middle, contract.id)).toMatchObject([{ status: 'UNPAID' }]);
    await fixture.fund(top, usd(20));
    await fixture.instance.settlement.retryUnpaid();
    await fixture.instance.settlement.retryUnpaid();
    await fixture.instance.settlement.settlePeriods();
    const [record] = (
      await fixture.instance.contracts.payments(
        middle,
        { contractId: contract.id, pageNo: 1, pageSize: 10 },
        'USD',
      )
    ).list;
    expect(record).toMatchObject({ status: 'PAID', amount: '10.00', attempts: 4 });
    expect(await fixture.balance(top)).toBe(usd(15));
    expect(await fixture.balance(middle)).toBe(usd(10));
  });

  it('a platform-paid contract leaves the upline balance alone', async () => {
    const { top, middle, players } = await team(usd(1));
    at('2025-06-01T12:00:00Z');
    const offer = await fixture.instance.contracts.offerPaidByPlatform(
      top.username,
      fixture.brand,
      'DAILY_SALARY',
      {
        action: 'OFFER',
        downline: middle.username,
        tiers: [{ minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 200 }],
      },
      'staff-1',
    );
    expect(offer.contract.payer).toBe('PLATFORM');
    await fixture.instance.contracts.process(
      middle,
      fixture.brand,
      'DAILY_SALARY',
      { action: 'ACCEPT', contractId: offer.contract.id },
      true,
    );
    await fixture.addFigures(players[0], '2025-06-01T10:00:00Z', usd(1000));
    at('2025-06-02T00:00:00Z');
    await fixture.instance.settlement.settlePeriods();
    expect(await fixture.balance(middle)).toBe(usd(20));
    expect(await fixture.balance(top)).toBe(usd(1));
  });

  it('a run that dies half-way writes nothing, and the next run pays each period once', async () => {
    const { top, middle, players } = await team();
    const second = await fixture.createMember(agent, top);
    const secondBettor = await fixture.createMember(player, second);
    at('2025-06-01T12:00:00Z');
    const tiers = [{ minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 }];
    const first = await agree(top, middle, 'DAILY_SALARY', tiers);
    await agree(top, second, 'DAILY_SALARY', tiers);
    await fixture.addFigures(players[0], '2025-06-01T10:00:00Z', usd(1000));
    await fixture.addFigures(secondBettor, '2025-06-01T10:00:00Z', usd(2000));
    at('2025-06-02T00:00:00Z');
    const crashing = createInstance(fixture.database, fixture.clock);
    const post = crashing.ledger.post;
    let calls = 0;
    crashing.ledger.post = async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error('connection lost');
      return post(...args);
    };
    await crashing.settlement.settlePeriods();
    expect(crashing.errors).toHaveLength(1);
    expect(await recordsOf(middle, first.id)).toEqual([]);
    expect(await fixture.balance(middle)).toBe(0n);

    await fixture.instance.settlement.settlePeriods();
    await crashing.settlement.settlePeriods();
    expect(await fixture.balance(middle)).toBe(usd(10));
    expect(await fixture.balance(second)).toBe(usd(20));
    expect(await fixture.balance(top)).toBe(usd(10_000) - usd(30));
  });

  it('pays exactly once when two instances run at the same time, twice each', async () => {
    const top = await fixture.createMember(agent, null);
    await fixture.fund(top, usd(100_000));
    at('2025-06-01T12:00:00Z');
    const middles: MemberRow[] = [];
    for (let index = 0; index < 30; index += 1) {
      const middle = await fixture.createMember(agent, top);
      const bettor = await fixture.createMember(player, middle);
      await agree(top, middle, 'DAILY_SALARY', [
        { minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 },
      ]);
      await fixture.addFigures(bettor, '2025-06-01T10:00:00Z', usd(100 * (index + 1)));
      middles.push(middle);
    }
    at('2025-06-03T00:00:00Z'); // two closed days: 1 June (bets) and 2 June (none)
    const other = createInstance(fixture.database, fixture.clock, { batchSize: 7 });
    const mine = createInstance(fixture.database, fixture.clock, { batchSize: 11 });
    await Promise.all([
      mine.settlement.settlePeriods(),
      other.settlement.settlePeriods(),
      mine.settlement.settlePeriods(),
      other.settlement.settlePeriods(),
    ]);
    expect([...mine.errors, ...other.errors]).toEqual([]);
    const expected = middles.reduce((sum, _middle, index) => sum + usd(index + 1), 0n); // 1 % of 100 × (i + 1)
    for (const [index, middle] of middles.entries()) {
      expect(await fixture.balance(middle)).toBe(usd(index + 1));
    }
    expect(await fixture.balance(top)).toBe(usd(100_000) - expected);
    const [counts] = await selectRows<{ records: number; postings: number }>(
      fixture.database.db,
      sql`select (select count(*)::int from agent_contract_payments where upline_id = ${top.id}) as records,
                 (select count(*)::int from ledger_transactions t join agent_contract_payments p
                    on t.idempotency_key = 'agent-contract:' || p.contract_id || ':' ||
                       to_char(p.period_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                  where p.upline_id = ${top.id}) as postings`,
    );
    expect(counts).toEqual({ records: 60, postings: 30 });
  });
});
