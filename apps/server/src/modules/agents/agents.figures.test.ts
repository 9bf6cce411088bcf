import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import { members } from '../members/members.tables';
import { seedSiteDemo } from '../site/site.seed';
import { brands } from '../site/site.tables';
import { createLedgerService, type LedgerService } from '../wallet/ledger.service';
import { seedWalletDemo } from '../wallet/wallet.seed';
import {
  findLevelBelow,
  findTreePosition,
  teamFigures,
  teamFiguresByDay,
  teamFiguresByMember,
  teamHourlyFigures,
} from './agents.repository';

/** The tree path kept by the members triggers, and the roll-ups kept by the ledger trigger. */

let database: DatabaseHandle;
let ledger: LedgerService;
let brandId: bigint;
let house: bigint;
let clearing: bigint;

const createMember = async (uplineId: bigint | null, type = 0): Promise<bigint> => {
  const [row] = await database.db
    .insert(members)
    .values({ brandId, username: `m${randomUUID().slice(0, 12)}`, nickname: 'Tree', type, uplineId })
    .returning({ id: members.id });
  if (!row) throw new Error('member not created');
  return row.id;
};

const pathOf = async (memberId: bigint): Promise<string | undefined> =>
  (await findTreePosition(database.db, memberId))?.path;

const cashOf = async (memberId: bigint): Promise<bigint> =>
  (await ledger.ensureMemberAccount(brandId, memberId, 'USD')).id;

const fund = async (memberId: bigint, amount: bigint, kind = 'deposit'): Promise<void> => {
  await ledger.post({
    brandId,
    idempotencyKey: randomUUID(),
    kind,
    legs: [
      { accountId: clearing, amount: -amount },
      { accountId: await cashOf(memberId), amount },
    ],
  });
};

const stake = async (memberId: bigint, amount: bigint, kind = 'bet'): Promise<void> => {
  await ledger.post({
    brandId,
    idempotencyKey: randomUUID(),
    kind,
    legs: [
      { accountId: await cashOf(memberId), amount: -amount },
      { accountId: house, amount },
    ],
  });
};

const pay = async (memberId: bigint, amount: bigint, kind = 'win'): Promise<void> => {
  await ledger.post({
    brandId,
    idempotencyKey: randomUUID(),
    kind,
    legs: [
      { accountId: house, amount: -amount },
      { accountId: await cashOf(memberId), amount },
    ],
  });
};

const today = async (): Promise<string> => {
  const [row] = await selectRows<{ day: string }>(
    database.db,
    sql`select to_char((now() at time zone b.time_zone)::date, 'YYYY-MM-DD') as day from brands b where b.id = ${brandId}`,
  );
  if (!row) throw new Error('no brand');
  return row.day;
};

beforeAll(async () => {
  database = await openTestDatabase();
  const brand = await seedSiteDemo(database.db);
  brandId = brand.id;
  await seedWalletDemo(database.db, { id: brand.id, currency: 'USD' });
  ledger = createLedgerService({ db: database.db });
  house = (await ledger.ensureSystemAccount(brandId, 'house', 'USD')).id;
  clearing = (await ledger.ensureSystemAccount(brandId, 'payment_clearing', 'USD')).id;
});

afterAll(async () => {
  await database.close();
});

describe('downline tree', () => {
  it('places a new member under its upline and gives levels', async () => {
    const agent = await createMember(null, 1);
    const subAgent = await createMember(agent, 1);
    const player = await createMember(subAgent);
    expect(await pathOf(agent)).toBe(`/${agent}/`);
    expect(await pathOf(player)).toBe(`/${agent}/${subAgent}/${player}/`);
    expect(await findLevelBelow(database.db, agent, player)).toBe(2);
    expect(await findLevelBelow(database.db, agent, subAgent)).toBe(1);
    expect(await findLevelBelow(database.db, subAgent, agent)).toBeNull();
    expect(await findLevelBelow(database.db, agent, agent)).toBe(0);
  });

  it('moves a member with its whole subtree', async () => {
    const first = await createMember(null, 1);
    const second = await createMember(null, 1);
    const subAgent = await createMember(first, 1);
    const player = await createMember(subAgent);
    await database.db.update(members).set({ uplineId: second }).where(eq(members.id, subAgent));
    expect(await pathOf(subAgent)).toBe(`/${second}/${subAgent}/`);
    expect(await pathOf(player)).toBe(`/${second}/${subAgent}/${player}/`);
    expect((await findTreePosition(database.db, player))?.depth).toBe(3);
    expect(await findLevelBelow(database.db, first, player)).toBeNull();
    expect(await findLevelBelow(database.db, second, player)).toBe(2);
    await database.db.update(members).set({ uplineId: null }).where(eq(members.id, subAgent));
    expect(await pathOf(player)).toBe(`/${subAgent}/${player}/`);
  });

  it('refuses to move a member under its own downline', async () => {
    const agent = await createMember(null, 1);
    const subAgent = await createMember(agent, 1);
    const player = await createMember(subAgent);
    await expect(
      database.db.update(members).set({ uplineId: player }).where(eq(members.id, agent)),
    ).rejects.toThrow();
    await expect(
      database.db.update(members).set({ uplineId: agent }).where(eq(members.id, agent)),
    ).rejects.toThrow();
    expect(await pathOf(player)).toBe(`/${agent}/${subAgent}/${player}/`);
  });
});

describe('roll-ups from the ledger', () => {
  it('counts bets, wins, rollbacks, deposits, withdrawals and bonuses once, in the same transaction', async () => {
    const agent = await createMember(null, 1);
    const player = await createMember(agent);
    const other = await createMember(agent);
    await fund(player, 10_000n);
    await fund(other, 500n);
    await pay(player, 300n, 'bonus.signup');
    await stake(player, 1_000n);
    await stake(player, 400n, 'slot.bet');
    await pay(player, 250n);
    await pay(player, 400n, 'bet.rollback');
    // A transfer is not a figure.
    await ledger.post({
      brandId,
      idempotencyKey: randomUUID(),
      kind: 'transfer.downline',
      legs: [
        { accountId: await cashOf(player), amount: -100n },
        { accountId: await cashOf(other), amount: 100n },
      ],
    });
    const hold = await ledger.reserve({
      brandId,
      idempotencyKey: randomUUID(),
      accountId: await cashOf(player),
      amount: 2_000n,
      kind: 'withdrawal.request',
    });
    await ledger.postHold({
      brandId,
      holdId: hold.holdId,
      destinationAccountId: clearing,
      kind: 'withdrawal.paid',
    });
    await stake(other, 200n);

    const day = await today();
    const [playerFigures] = await teamFiguresByMember(database.db, {
      agentId: player,
      from: day,
      to: day,
      scope: 'self',
    });
    expect(playerFigures).toMatchObject({
      betCount: 1,
      betAmount: 1_000n,
      validBet: 1_000n,
      payout: 250n,
      profitLoss: -750n,
      depositCount: 1,
      depositAmount: 10_000n,
      withdrawalCount: 1,
      withdrawalAmount: 2_000n,
      bonusAmount: 300n,
    });
    const team = await teamFigures(database.db, { agentId: agent, from: day, to: day, scope: 'downline' });
    expect(team).toMatchObject({
      betCount: 2,
      validBet: 1_200n,
      payout: 250n,
      profitLoss: -950n,
      depositCount: 2,
      depositAmount: 10_500n,
      withdrawalAmount: 2_000n,
      activeMembers: 2,
    });
    const [series] = await teamFiguresByDay(database.db, {
      agentId: agent,
      from: day,
      to: day,
      scope: 'team',
    });
    expect(series).toMatchObject({ day, validBet: 1_200n, activeMembers: 2 });
    const hours = await teamHourlyFigures(database.db, {
      agentId: agent,
      fromHour: new Date(Date.now() - 2 * 3_600_000),
      toHour: new Date(Date.now() + 3_600_000),
      scope: 'direct',
    });
    expect(hours.reduce((sum, hour) => sum + hour.validBet, 0n)).toBe(1_200n);
    // Another agent's scope sees none of it.
    const stranger = await createMember(null, 1);
    expect(
      await teamFigures(database.db, { agentId: stranger, from: day, to: day, scope: 'team' }),
    ).toMatchObject({
      validBet: 0n,
      activeMembers: 0,
    });
  });

  it('buckets days and hours on the brand clock', async () => {
    await database.db.update(brands).set({ timeZone: 'Asia/Kolkata' }).where(eq(brands.id, brandId));
    try {
      const player = await createMember(null);
      await fund(player, 1_000n);
      const [row] = await selectRows<{ matches: boolean; half: boolean }>(
        database.db,
        sql`select f.day = (now() at time zone 'Asia/Kolkata')::date as matches,
            extract(minute from h.hour_start at time zone 'UTC') = 30 as half
          from member_figures_daily f
          join member_figures_hourly h on h.member_id = f.member_id
          where f.member_id = ${player}`,
      );
      expect(row).toEqual({ matches: true, half: true });
    } finally {
      await database.db.update(brands).set({ timeZone: 'Asia/Manila' }).where(eq(brands.id, brandId));
    }
  });

  it('rolls back with the money: a refused posting leaves no figures', async () => {
    const player = await createMember(null);
    await expect(stake(player, 5n)).rejects.toThrow();
    const day = await today();
    expect(
      await teamFigures(database.db, { agentId: player, from: day, to: day, scope: 'self' }),
    ).toMatchObject({
      betCount: 0,
      validBet: 0n,
    });
  });
});
