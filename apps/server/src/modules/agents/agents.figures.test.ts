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
  downlineFiguresByDay,
  findLevelBelow,
  findTreePosition,
  teamFigures,
  teamFiguresByDay,
  teamFiguresByMember,
  teamHourlyFigures,
} from './agents.repository';
import { rebuildTeamRollups } from './rollups.repository';
import { createRollupService } from './rollups.service';

/** The tree path kept by the members triggers, and the roll-ups folded from the ledger's queue. */

let database: DatabaseHandle;
let ledger: LedgerService;
let brandId: bigint;
let house: bigint;
let clearing: bigint;

const fold = (): Promise<number> => createRollupService({ db: database.db, span: 7 }).fold();

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
    expect(
      await teamFigures(database.db, { agentId: agent, from: day, to: day, scope: 'downline' }),
    ).toMatchObject({ validBet: 0n, depositCount: 0 });
    expect(await fold()).toBeGreaterThan(10);
    expect(await fold()).toBe(0);
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
    const fromTeamRollups = await downlineFiguresByDay(database.db, { agentId: agent, from: day, to: day });
    expect(fromTeamRollups.period).toEqual(team);
    expect(fromTeamRollups.days).toEqual([{ ...team, day }]);
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
      await fold();
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
    expect(await fold()).toBe(0);
    const day = await today();
    expect(
      await teamFigures(database.db, { agentId: player, from: day, to: day, scope: 'self' }),
    ).toMatchObject({
      betCount: 0,
      validBet: 0n,
    });
  });
});

describe('team roll-ups', () => {
  /** A bet of the member as if made `daysAgo` days back: posted now, dated back before the fold sees it. */
  const stakeDaysAgo = async (
    memberId: bigint,
    amount: bigint,
    daysAgo: number,
    kind = 'bet',
  ): Promise<void> => {
    const key = randomUUID();
    await ledger.post({
      brandId,
      idempotencyKey: key,
      kind,
      legs:
        kind === 'bet'
          ? [
              { accountId: await cashOf(memberId), amount: -amount },
              { accountId: house, amount },
            ]
          : [
              { accountId: house, amount: -amount },
              { accountId: await cashOf(memberId), amount },
            ],
    });
    await database.db.execute(
      sql`alter table ledger_transactions disable trigger ledger_transactions_insert_only`,
    );
    await database.db.execute(
      sql`update ledger_transactions set created_at = created_at - make_interval(days => ${daysAgo})
        where idempotency_key = ${key}`,
    );
    await database.db.execute(
      sql`alter table ledger_transactions enable trigger ledger_transactions_insert_only`,
    );
  };

  const dayBefore = async (count: number): Promise<string> => {
    const [row] = await selectRows<{ day: string }>(
      database.db,
      sql`select to_char(${await today()}::date - ${count}::int, 'YYYY-MM-DD') as day`,
    );
    if (!row) throw new Error('no day');
    return row.day;
  };

  /** The team roll-ups answer what the members' daily rows answer, for every period tried. */
  const expectSameAsMemberRows = async (agentId: bigint): Promise<void> => {
    for (const [start, end] of [
      [0, 0],
      [1, 0],
      [3, 1],
      [6, 0],
      [10, 2],
      [40, 0],
    ] as const) {
      const from = await dayBefore(start);
      const to = await dayBefore(end);
      const query = { agentId, from, to };
      const direct = await teamFigures(database.db, { ...query, scope: 'downline' });
      const directDays = await teamFiguresByDay(database.db, { ...query, scope: 'downline' });
      const fromTeam = await downlineFiguresByDay(database.db, query);
      expect({ from, to, ...fromTeam.period }).toEqual({ from, to, ...direct });
      expect(fromTeam.days).toEqual(directDays);
    }
  };

  const teamRows = () =>
    selectRows<{ agent_id: bigint; day: string; gap: number; members: number }>(
      database.db,
      sql`select agent_id, to_char(day, 'YYYY-MM-DD') as day, gap, members from team_activity_daily
        where brand_id = ${brandId} and members <> 0 order by agent_id, day, gap`,
    );

  it('counts active members and figures over any period, days folded in any order, across moves', async () => {
    const top = await createMember(null, 1);
    const sub = await createMember(top, 1);
    const other = await createMember(null, 1);
    const players = [
      await createMember(sub),
      await createMember(sub),
      await createMember(top),
      await createMember(sub),
    ];
    for (const player of players) await fund(player, 100_000n);
    await fold();
    const [first, second, third, fourth] = players;
    if (!first || !second || !third || !fourth) throw new Error('players');

    // Later days first, then earlier ones: each flip changes the gap of the member's next active day.
    await stakeDaysAgo(first, 100n, 2);
    await stakeDaysAgo(second, 200n, 5);
    await fold();
    await expectSameAsMemberRows(top);
    await stakeDaysAgo(first, 300n, 4);
    await stakeDaysAgo(first, 50n, 0);
    await stakeDaysAgo(third, 70n, 30);
    await stakeDaysAgo(third, 70n, 1);
    await fold();
    await expectSameAsMemberRows(top);
    await expectSameAsMemberRows(sub);
    // A refund that nets a day to zero makes the member inactive that day; a win alone does not make it active.
    await stakeDaysAgo(first, 300n, 4, 'bet.rollback');
    await stakeDaysAgo(fourth, 500n, 3, 'win');
    await stakeDaysAgo(fourth, 20n, 3);
    await stakeDaysAgo(fourth, 20n, 2);
    await fold();
    await expectSameAsMemberRows(top);
    await expectSameAsMemberRows(sub);

    // The sub-agent's subtree moves to another agent: the old agent loses its figures, the new one gains them.
    await database.db.update(members).set({ uplineId: other }).where(eq(members.id, sub));
    await expectSameAsMemberRows(top);
    await expectSameAsMemberRows(other);
    await expectSameAsMemberRows(sub);
    expect(
      (
        await downlineFiguresByDay(database.db, {
          agentId: other,
          from: await dayBefore(40),
          to: await today(),
        })
      ).period,
    ).toMatchObject({ activeMembers: 3, validBet: 390n });
    await stakeDaysAgo(second, 10n, 0);
    await fold();
    await expectSameAsMemberRows(other);

    // Incremental rows equal rows rebuilt from scratch.
    const incremental = await teamRows();
    await rebuildTeamRollups(database.db, brandId);
    expect(await teamRows()).toEqual(incremental);
  });

  it.runIf(process.env.DATABASE_URL)(
    'waits for an older transaction still running, so a fold takes every posting committed before it',
    async () => {
      const agent = await createMember(null, 1);
      const player = await createMember(agent);
      await fold();
      // A transaction that began (with an id) before the deposit and is still open when the fold starts.
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let begun = (): void => undefined;
      const hasBegun = new Promise<void>((resolve) => {
        begun = resolve;
      });
      const older = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        begun();
        await released;
      });
      await hasBegun;
      await fund(player, 500n);
      const folding = fold();
      setTimeout(release, 300);
      expect(await folding).toBe(1);
      await older;
      const day = await today();
      expect(
        (await downlineFiguresByDay(database.db, { agentId: agent, from: day, to: day })).period,
      ).toMatchObject({ depositAmount: 500n });
    },
  );

  it('folds each posting once when two folds run at once', async () => {
    const agent = await createMember(null, 1);
    const player = await createMember(agent);
    await fund(player, 10_000n);
    for (let index = 0; index < 20; index += 1) await stake(player, 10n);
    const [one, two] = await Promise.all([fold(), fold()]);
    expect(one + two).toBe(21);
    const day = await today();
    expect(
      (await downlineFiguresByDay(database.db, { agentId: agent, from: day, to: day })).period,
    ).toMatchObject({
      betCount: 20,
      validBet: 200n,
      depositAmount: 10_000n,
      activeMembers: 1,
    });
  });
});
