import { randomUUID } from 'node:crypto';
import { elapsedToReach } from '@wps/contracts/crash';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { findInvariantViolations } from '../../testing/test-database';
import type { MemberRow } from '../members/members.repository';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { crashBets } from './crash.tables';
import {
  buildCrashApp,
  type CrashApp,
  commitTestChain,
  crashPlayers,
  createTestClock,
  openCrashDatabase,
  placeBet,
  type TestClock,
} from './crash.test-helpers';
import { betOn, openCockfightHarness, openOperatorFight } from './cockfight/cockfight.test-helpers';
import { lotteryServiceFor } from './lottery.test-helpers';
import { openPvpHarness, sit, tableOf as pvpTableOf, viewOf } from './pvp/pvp.test-helpers';
import { findTable, type TableDefinition } from './tables/table-config';
import { findLatestRound, listMemberRoundBets } from './tables/tables.repository';
import { openTablesHarness, type TablesHarness } from './tables/tables.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

/** A member's own limit, set as the member centre sets it. */
const setLimit = async (
  app: FastifyInstance,
  authorization: string,
  limit: { kind: string; amount: string; period?: string },
) => {
  const response = await app.inject({
    method: 'PUT',
    url: '/wps/member/protection/limits',
    headers: { authorization },
    payload: { period: 'day', ...limit },
  });
  expect(response.json<Envelope<unknown>>().success).toBe(true);
};

/** A time-out of a day, as the member starts it (it signs them out: answers a fresh session). */
const startTimeOut = async (
  app: FastifyInstance,
  database: DatabaseHandle,
  member: MemberRow,
  authorization: string,
) => {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/member/protection/time-out',
    headers: { authorization },
    payload: { days: 1 },
  });
  expect(response.json<Envelope<unknown>>().success).toBe(true);
  return (await loginAsMember({ database }, member.username)).authorization;
};

const wagerUsed = async (database: DatabaseHandle, member: MemberRow): Promise<bigint> => {
  const [row] = await selectRows<{ used: string | bigint }>(
    database.db,
    sql`select member_limit_used(${member.id}, 'wager', 'day') as used`,
  );
  return row ? BigInt(row.used) : 0n;
};

const codeOf = (error: unknown): string => (error instanceof AppError ? error.code : String(error));

describe('crash under player protection', { timeout: 90_000 }, () => {
  let database: DatabaseHandle;
  let clock: TestClock;
  let crash: CrashApp;
  let players: ReturnType<typeof crashPlayers>;

  beforeEach(async () => {
    database = await openCrashDatabase();
    clock = createTestClock();
    crash = await buildCrashApp(database, clock);
    players = crashPlayers(database);
  });
  afterEach(async () => {
    await crash.close();
    await database.close();
  });

  const openRound = async () => {
    await crash.drive();
    const state = (await crash.app.inject({ url: '/wps/crash/state' })).json<
      Envelope<{ round: { roundId: string; startsAt: string } | null }>
    >().value;
    if (!state.round) throw new Error('no round was opened');
    return { roundId: state.round.roundId, startsAtMs: Date.parse(state.round.startsAt) };
  };

  const betsOf = (member: MemberRow) =>
    database.db.select().from(crashBets).where(eq(crashBets.memberId, member.id));

  it('takes a bet up to a wager limit exactly, then refuses the next one with PLAYER_LIMIT_REACHED', async () => {
    const [firstPoint = 100n] = await commitTestChain(database, () => true, 2);
    const { member, authorization } = await players.add(10_000n);
    await setLimit(crash.app, authorization, { kind: 'wager', amount: '5.00' });

    const first = await openRound();
    expect((await placeBet(crash.app, authorization, { amount: '5.00' })).body.success).toBe(true);
    expect(await wagerUsed(database, member)).toBe(500n);
    clock.set(first.startsAtMs);
    await crash.drive();
    clock.set(first.startsAtMs + elapsedToReach(firstPoint));
    await crash.drive();
    await crash.drive();
    clock.advance(500);

    const second = await openRound();
    expect(second.roundId).not.toBe(first.roundId);
    const before = await players.balance(member);
    const refused = await placeBet(crash.app, authorization, { amount: '0.01' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_LIMIT_REACHED');
    expect(await players.balance(member)).toBe(before);
    expect(await betsOf(member)).toHaveLength(1);
    expect(await wagerUsed(database, member)).toBe(500n);
  });

  it('refuses an excluded member’s bet with PLAYER_EXCLUDED, writing nothing', async () => {
    await commitTestChain(database, () => true, 1);
    const { member, authorization } = await players.add(10_000n);
    const again = await startTimeOut(crash.app, database, member, authorization);
    await openRound();
    const refused = await placeBet(crash.app, again, { amount: '1.00' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_EXCLUDED');
    expect(await players.balance(member)).toBe(10_000n);
    expect(await betsOf(member)).toEqual([]);
  });
});

describe('lottery under player protection', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  const speed = 'LOTT-O0001';

  beforeAll(async () => {
    testApp = await createTestApp({ LOTTERY_JOB_INTERVAL_MS: '0' });
    kit = walletTestKit(testApp);
    await lotteryServiceFor(testApp.database.db).scheduleDraws();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const player = async () => {
    const member = await kit.addMember(`lotguard${randomUUID().slice(0, 6)}`, { paymentPassword: null });
    await kit.fund(member, 100_000n);
    return loginAsMember(testApp, member.username);
  };

  const ticket = async (authorization: string): Promise<TicketAnswer> => {
    const answer = await ticketOnCurrentDraw(authorization);
    // A speed draw can close between reading it and betting on it: the next one is taken then.
    return answer.body.code === 'LOTTERY_DRAW_CLOSED' ? ticketOnCurrentDraw(authorization) : answer;
  };

  const ticketOnCurrentDraw = async (authorization: string) => {
    const game = await testApp.app.inject({ url: `/wps/lottery/games/${speed}`, headers: { authorization } });
    const draw = game.json<Envelope<{ currentDraw: { publicId: string } }>>().value.currentDraw;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/lottery/bets',
      headers: { authorization },
      payload: {
        gameCode: speed,
        drawId: draw.publicId,
        requestId: randomUUID(),
        bets: [{ betType: 'sum', numbers: ['BIG'], unitStake: '1' }],
      },
    });
    return { status: response.statusCode, body: response.json<Envelope<{ totalStake: string }>>() };
  };
  type TicketAnswer = Awaited<ReturnType<typeof ticketOnCurrentDraw>>;

  it('takes tickets up to a wager limit exactly, then refuses the next one with PLAYER_LIMIT_REACHED', async () => {
    // What one such ticket costs, from another member's.
    const priced = await ticket((await player()).authorization);
    expect(priced.body.success).toBe(true);
    const { totalStake } = priced.body.value;

    const { member, authorization } = await player();
    await setLimit(testApp.app, authorization, { kind: 'wager', amount: totalStake });
    const first = await ticket(authorization);
    expect(first.body).toMatchObject({ success: true });
    const before = await kit.balance(member);
    const refused = await ticket(authorization);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_LIMIT_REACHED');
    expect(await kit.balance(member)).toBe(before);
  });

  it('refuses an excluded member’s ticket with PLAYER_EXCLUDED', async () => {
    const { member, authorization } = await player();
    const again = await startTimeOut(testApp.app, testApp.database, member, authorization);
    const refused = await ticket(again);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_EXCLUDED');
    expect(await kit.balance(member)).toBe(100_000n);
  });
});

describe('house tables under player protection', () => {
  let harness: TablesHarness;
  let players: ReturnType<typeof crashPlayers>;

  beforeEach(async () => {
    harness = await openTablesHarness();
    players = crashPlayers(harness.database);
  });
  afterEach(async () => {
    expect(await findInvariantViolations(harness.database)).toEqual([]);
    await harness.close();
  });

  const tableOf = (code: string): TableDefinition => {
    const table = findTable(code);
    if (!table) throw new Error(`no table ${code}`);
    return table;
  };
  const usd = (member: MemberRow) => ({ id: member.brandId, currency: 'USD' });

  it('takes bets up to a wager limit exactly, then refuses the next request with PLAYER_LIMIT_REACHED', async () => {
    const service = harness.instance({ tables: [tableOf('ROU-A')] });
    await service.drive();
    const round = await findLatestRound(harness.database.db, 'ROU-A');
    if (!round) throw new Error('no round');
    const { member, authorization } = await players.add(100_000n);
    await setLimit(harness.testApp.app, authorization, { kind: 'wager', amount: '30.00' });
    const request = (spot: string, amount: string) => ({
      tableId: 'ROU-A',
      roundId: round.id.toString(),
      bets: [{ spot, amount }],
      requestId: randomUUID(),
    });
    await service.placeBets(member, usd(member), request('red', '20.00'));
    await service.placeBets(member, usd(member), request('black', '10.00'));
    expect(await wagerUsed(harness.database, member)).toBe(3_000n);
    await expect(service.placeBets(member, usd(member), request('even', '10.00'))).rejects.toMatchObject({
      code: 'PLAYER_LIMIT_REACHED',
    });
    expect(await players.balance(member)).toBe(100_000n - 3_000n);
    expect(await listMemberRoundBets(harness.database.db, round.id, member.id)).toHaveLength(2);
  });

  it('places the other members’ requests of a group in which one member is refused', async () => {
    const service = harness.instance({ tables: [tableOf('ROU-A')] });
    await service.drive();
    const round = await findLatestRound(harness.database.db, 'ROU-A');
    if (!round) throw new Error('no round');
    const members = await Promise.all(Array.from({ length: 6 }, () => players.add(100_000n)));
    const [limited, excluded] = members;
    if (!limited || !excluded) throw new Error('no players');
    await setLimit(harness.testApp.app, limited.authorization, { kind: 'wager', amount: '10.00' });
    await service.placeBets(limited.member, usd(limited.member), {
      tableId: 'ROU-A',
      roundId: round.id.toString(),
      bets: [{ spot: 'black', amount: '10.00' }],
      requestId: randomUUID(),
    });
    await startTimeOut(harness.testApp.app, harness.database, excluded.member, excluded.authorization);

    // Requests that arrive together go in one transaction; until such a group was declined for the refusals.
    let wasDeclined = false;
    for (let attempt = 0; attempt < 20 && !wasDeclined; attempt += 1) {
      const before = service.placementCounts();
      const balances = await Promise.all(members.map(({ member }) => players.balance(member)));
      const outcomes = await Promise.allSettled(
        members.map(({ member }) =>
          service.placeBets(member, usd(member), {
            tableId: 'ROU-A',
            roundId: round.id.toString(),
            bets: [{ spot: 'red', amount: '10.00' }],
            requestId: randomUUID(),
          }),
        ),
      );
      expect(
        outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'placed' : codeOf(outcome.reason))),
      ).toEqual(['PLAYER_LIMIT_REACHED', 'PLAYER_EXCLUDED', 'placed', 'placed', 'placed', 'placed']);
      for (const [index, { member }] of members.entries()) {
        const expected = (balances[index] ?? 0n) - (index < 2 ? 0n : 1_000n);
        expect(await players.balance(member)).toBe(expected);
      }
      wasDeclined = service.placementCounts().declined > before.declined;
    }
    expect(wasDeclined).toBe(true);
  });
});

describe('fishing under player protection', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const player = async () => {
    const member = await kit.addMember(`fishguard${randomUUID().slice(0, 6)}`, { paymentPassword: null });
    await kit.fund(member, 100_000n);
    return loginAsMember(testApp, member.username);
  };
  const post = async <T>(url: string, authorization: string, payload: object) => {
    const response = await testApp.app.inject({ method: 'POST', url, headers: { authorization }, payload });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };
  const open = (authorization: string) =>
    post<{ sessionId: string }>('/wps/fishing/sessions', authorization, { room: 'reef' });
  const fire = (authorization: string, sessionId: string, count: number) =>
    post<{ staked: string }>(`/wps/fishing/sessions/${sessionId}/shots`, authorization, {
      batchId: randomUUID(),
      shots: Array.from({ length: count }, () => ({
        shotId: randomUUID(),
        fish: 'clownfish',
        power: 1,
        stake: '0.10',
      })),
    });

  it('refuses the batch that would pass a wager limit with PLAYER_LIMIT_REACHED, moving nothing', async () => {
    const { member, authorization } = await player();
    await setLimit(testApp.app, authorization, { kind: 'wager', amount: '0.50' });
    const session = await open(authorization);
    expect(session.body.success).toBe(true);
    const played = await fire(authorization, session.body.value.sessionId, 5);
    expect(played.body.success).toBe(true);
    const before = await kit.balance(member);
    const refused = await fire(authorization, session.body.value.sessionId, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_LIMIT_REACHED');
    expect(await kit.balance(member)).toBe(before);
  });

  it('opens no session for an excluded member (PLAYER_EXCLUDED)', async () => {
    const { member, authorization } = await player();
    const again = await startTimeOut(testApp.app, testApp.database, member, authorization);
    const refused = await open(again);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_EXCLUDED');
    const [row] = await selectRows(
      testApp.database.db,
      sql`select 1 from fishing_sessions where member_id = ${member.id}`,
    );
    expect(row).toBeUndefined();
  });
});

describe('cockfight under player protection', () => {
  it('refuses the bet that would pass a wager limit with PLAYER_LIMIT_REACHED', async () => {
    const harness = await openCockfightHarness();
    try {
      const service = harness.instance();
      const fightId = await openOperatorFight(service, harness.brand);
      const { member, authorization } = await harness.players.add(100_000n);
      await setLimit(harness.testApp.app, authorization, { kind: 'wager', amount: '20.00' });
      await betOn(service, member, fightId, 'meron', '20.00');
      await expect(betOn(service, member, fightId, 'wala', '10.00')).rejects.toMatchObject({
        code: 'PLAYER_LIMIT_REACHED',
      });
      expect(await harness.players.balance(member)).toBe(100_000n - 2_000n);
    } finally {
      await harness.close();
    }
  });
});

describe('card rooms under player protection', { timeout: 60_000 }, () => {
  it('seats no excluded member, deals no hand to one already seated, and does not sit them back in', async () => {
    const harness = await openPvpHarness();
    try {
      const service = harness.instance();
      const alice = await harness.player(50_000n);
      const bob = await harness.player(50_000n);
      const carol = await harness.player(50_000n);
      const tableId = await pvpTableOf(service, alice.member.brandId, 'HOLDEM-LOW-6');
      await sit(service, alice, tableId, '100', 0);
      await sit(service, bob, tableId, '100', 1);
      await service.setSittingOut(bob.member, tableId, true);

      // Carol excluded: no seat, and no money moved for it.
      await startTimeOut(harness.testApp.app, harness.database, carol.member, carol.authorization);
      await expect(sit(service, carol, tableId, '100', 2)).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED' });
      expect(await harness.cash(carol)).toBe(50_000n);

      // Bob excluded while sitting out: he cannot sit back in; Alice alone is dealt no hand.
      await startTimeOut(harness.testApp.app, harness.database, bob.member, bob.authorization);
      await expect(service.setSittingOut(bob.member, tableId, false)).rejects.toMatchObject({
        code: 'PLAYER_EXCLUDED',
      });

      // Alice excluded while seated with Dave playing: no hand is dealt to her; she leaves with her chips.
      const dave = await harness.player(50_000n);
      await sit(service, dave, tableId, '100', 3);
      await startTimeOut(harness.testApp.app, harness.database, alice.member, alice.authorization);
      await service.drive();
      expect((await viewOf(service, dave, tableId)).table.hand).toBeNull();
      await service.leave(alice.member, tableId);
      expect(await harness.cash(alice)).toBe(50_000n);
    } finally {
      await harness.close();
    }
  });
});
