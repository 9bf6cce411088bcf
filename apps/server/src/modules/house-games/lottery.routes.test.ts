import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import type { MemberRow } from '../members/members.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { findLotteryGame } from './lottery.games';
import { payoutOf } from './lottery.rules';
import type { LotteryService } from './lottery.service';
import { lotteryBets, lotteryDraws } from './lottery.tables';
import { lotteryServiceFor, passCutoff } from './lottery.test-helpers';

type Json = Record<string, unknown>;
type Envelope = { success: boolean; code?: string; message: string; value: Json };
type Draw = {
  publicId: string;
  stations: Array<{ code: string }>;
  serverSeedHash: string | null;
  status: string;
};

const south = 'TCG_LOTTO_VN-O0003';
const speed = 'LOTT-O0001';

describe('lottery routes', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let member: MemberRow;
  let authorization: string;
  let operator: Record<string, string>;
  let job: LotteryService;

  /** As the member by default; `auth` is another member's token or the operator's headers. */
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Json,
    auth: string | Record<string, string> = authorization,
  ) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: typeof auth === 'string' ? { authorization: auth } : auth,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };
  const currentDraw = async (gameCode: string): Promise<Draw> => {
    const { body } = await call('GET', `/wps/lottery/games/${gameCode}`);
    expect(body.success).toBe(true);
    return body.value.currentDraw as Draw;
  };
  const bet = (draw: Draw, bets: Json[], gameCode = south, requestId = randomUUID()) =>
    call('POST', '/wps/lottery/bets', { gameCode, drawId: draw.publicId, requestId, bets });
  const limit = (gameCode: string, number: string, body: Json) =>
    call('PUT', `/wps/backoffice/lottery/games/${gameCode}/numbers/${number}`, body, operator);

  beforeAll(async () => {
    testApp = await createTestApp({ LOTTERY_JOB_INTERVAL_MS: '0' });
    kit = walletTestKit(testApp);
    member = await kit.addMember('lottoplayer');
    await kit.fund(member, 1_000_000n);
    ({ authorization } = await loginAsMember(testApp, member.username));
    operator = await operatorHeaders(testApp.app);
    job = lotteryServiceFor(testApp.database.db);
    await job.scheduleDraws();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists the games with a current draw committed to by its seed hash', async () => {
    const { body } = await call('GET', '/wps/lgw/vn/games/game_menu?vendor=TCG_LOTTO_VN');
    const games = body.value.games as Array<{
      gameCode: string;
      currentDraw: Draw | null;
      betTypes: unknown[];
    }>;
    expect(games.map((game) => game.gameCode)).toEqual([
      'TCG_LOTTO_VN-O0001',
      'TCG_LOTTO_VN-O0002',
      'TCG_LOTTO_VN-O0003',
      'TCG_LOTTO_VN-O0004',
    ]);
    for (const game of games) expect(game.currentDraw?.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const draw = await currentDraw(south);
    expect(draw.stations.length).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/wps/lottery/games/TCG_SEA-O0099')).body.code).toBe('GAME_NOT_FOUND');
  });

  it('prices a ticket on the server, debits it once per request id', async () => {
    const draw = await currentDraw(south);
    const station = draw.stations[0]?.code ?? '';
    const before = await kit.balance(member);
    const requestId = randomUUID();
    const lines = [
      { betType: 'bao_lo', numbers: ['23'], stations: [station], unitStake: '1.00' },
      {
        betType: 'dau_duoi',
        numbers: ['01', '02'],
        stations: draw.stations.slice(0, 2).map((s) => s.code),
        unitStake: '0.10',
      },
    ];
    const first = await bet(draw, lines, south, requestId);
    expect(first.body).toMatchObject({ success: true, value: { totalStake: '18.80' } });
    expect(await kit.balance(member)).toBe(before - 1880n);
    const again = await bet(draw, lines, south, requestId);
    expect(again.body.value).toEqual(first.body.value);
    expect(await kit.balance(member)).toBe(before - 1880n);
    const changed = await bet(draw, [{ ...lines[0], unitStake: '2.00' }], south, requestId);
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
    const bad = await bet(draw, [
      { betType: 'xien', numbers: ['01', '02'], stations: [station], unitStake: '1' },
    ]);
    expect(bad).toMatchObject({ status: 400, body: { code: 'LOTTERY_BET_INVALID' } });
  });

  it('refuses a blocked number and a bet over the number cap, also when bets race', async () => {
    const draw = await currentDraw(south);
    const station = draw.stations[0]?.code ?? '';
    expect((await limit(south, '45', { cap: null, blocked: true })).body.success).toBe(true);
    const blocked = await bet(draw, [
      { betType: 'de', numbers: ['45'], stations: [station], unitStake: '1' },
    ]);
    expect(blocked).toMatchObject({
      status: 409,
      body: { code: 'LOTTERY_NUMBER_BLOCKED' },
    });

    expect(blocked.body.message).toContain('45');
    // Potential payout per number and station: unit × 75.
    await limit(south, '67', { cap: '100', blocked: false });
    const line = { betType: 'bao_lo', numbers: ['67'], stations: [station], unitStake: '1' };
    expect((await bet(draw, [line])).body.success).toBe(true);
    const over = await bet(draw, [line]);
    expect(over).toMatchObject({ status: 409, body: { code: 'LOTTERY_NUMBER_LIMIT' } });

    await limit(south, '68', { cap: '100', blocked: false });
    const before = await kit.balance(member);
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => bet(draw, [{ ...line, numbers: ['68'] }])),
    );
    expect(racing.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(racing.filter((answer) => answer.body.code === 'LOTTERY_NUMBER_LIMIT')).toHaveLength(7);
    expect(await kit.balance(member)).toBe(before - 1800n);
    const { body } = await call('GET', `/wps/backoffice/lottery/games/${south}/numbers`, undefined, operator);
    expect(body.value.numbers).toEqual([
      { number: '45', cap: null, blocked: true },
      { number: '67', cap: '100.00', blocked: false },
      { number: '68', cap: '100.00', blocked: false },
    ]);
  });

  it('refuses bets after the cut-off', async () => {
    const draw = await currentDraw('TCG_LOTTO_VN-O0001');
    await passCutoff(testApp.database.db, draw.publicId);
    const late = await bet(
      draw,
      [{ betType: 'bao_lo', numbers: ['11'], unitStake: '1' }],
      'TCG_LOTTO_VN-O0001',
    );
    expect(late).toMatchObject({ status: 409, body: { code: 'LOTTERY_DRAW_CLOSED' } });
  });

  it('draws fairly, pays every winner exactly once, and proves the result', async () => {
    const { db } = testApp.database;
    const draw = await currentDraw(south);
    const station = draw.stations[0]?.code ?? '';
    const lines = Array.from({ length: 10 }, (_, i) => ({
      betType: 'bao_lo',
      numbers: [String(i * 2).padStart(2, '0'), String(i * 2 + 1).padStart(2, '0')],
      stations: [station],
      unitStake: '0.50',
    }));
    expect((await bet(draw, lines)).body.success).toBe(true);
    const before = await kit.balance(member);
    await passCutoff(db, draw.publicId, true);
    await job.closeDue();
    expect(await job.drawDue()).toBeGreaterThan(0);
    const [row] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.publicId, draw.publicId));
    const game = findLotteryGame(south);
    if (!row?.result || !game) throw new Error('not drawn');
    const bets = await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
    const expected = bets.reduce((sum, line) => sum + payoutOf(game, row.result ?? {}, line), 0n);

    await Promise.all([job.settleDue(), lotteryServiceFor(db).settleDue(), job.settleDraw(row.id)]);
    await job.settleDue();
    expect(await kit.balance(member)).toBe(before + expected);
    const settled = await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
    expect(settled.every((line) => line.status !== 'pending')).toBe(true);
    expect(settled.reduce((sum, line) => sum + line.payout, 0n)).toBe(expected);
    const wins = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `lottery:${row.id}:%:win`));
    expect(wins[0]?.n).toBe(settled.filter((line) => line.payout > 0n).length);

    const shown = await call('GET', `/wps/lottery/draws/${draw.publicId}`);
    expect(shown.body.value).toMatchObject({ status: 'settled', serverSeedHash: draw.serverSeedHash });
    const proof = await call('GET', `/wps/lottery/draws/${draw.publicId}/verify`);
    expect(proof.body.value).toMatchObject({ hashMatches: true, resultMatches: true });
    const history = await call('GET', `/wps/lgw/vn/numeros/opened/game?gameCode=${south}`);
    expect((history.body.value.draws as Draw[]).map((opened) => opened.publicId)).toContain(draw.publicId);
    const mine = await call('GET', `/wps/lottery/bets?drawId=${draw.publicId}`);
    expect(
      (mine.body.value.bets as Array<{ status: string }>).every((line) => line.status !== 'pending'),
    ).toBe(true);
    const record = await call('GET', '/wps/member/betting-records?productLine=LOTT&status=SETTLED');
    expect(record.body.success).toBe(true);
    const recent = await call('GET', '/wps/lgw/vn/games/game_menu/recent');
    expect((recent.body.value.games as Array<{ gameCode: string }>)[0]?.gameCode).toBe(south);
    const latest = await call('GET', '/wps/lotto/lgw/games/opened/numero');
    expect((latest.body.value.draws as Draw[]).some((opened) => opened.publicId === draw.publicId)).toBe(
      true,
    );
  });

  it('leaves a draw to the settler holding its lease, and takes it over once the lease ran out', async () => {
    const { db } = testApp.database;
    const game = 'LOTT-O0002';
    const draw = await currentDraw(game);
    const lines = ['1:0', '1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '1:7', '1:8', '1:9'].map((number) => ({
      betType: 'position',
      numbers: [number],
      unitStake: '1',
    }));
    expect((await bet(draw, lines, game)).body.success).toBe(true);
    const before = await kit.balance(member);
    await passCutoff(db, draw.publicId, true);
    await job.closeDue();
    await job.drawDue();
    // Another instance claimed it and is (as far as anyone knows) still working on it.
    await db.execute(sql`update lottery_draws set status = 'settling', settle_lease_until = now() + interval '1 minute'
      where public_id = ${draw.publicId}`);
    expect(await job.settleDue()).toBe(0);
    // It died: its lease runs out and the next run takes the draw over.
    await db.execute(sql`update lottery_draws set settle_lease_until = now() - interval '1 second'
      where public_id = ${draw.publicId}`);
    expect(await job.settleDue()).toBe(10);
    expect(await job.settleDue()).toBe(0);
    // Exactly one position-1 digit wins: 9.70.
    expect(await kit.balance(member)).toBe(before + 970n);
    expect((await call('GET', `/wps/lottery/draws/${draw.publicId}`)).body.value.status).toBe('settled');
  });

  it('takes an operator-entered result for an operator game, audited, and settles it', async () => {
    const { db } = testApp.database;
    const settings = await call(
      'PUT',
      `/wps/backoffice/lottery/games/${speed}/settings`,
      { resultSource: 'operator', defaultNumberCap: null },
      operator,
    );
    expect(settings.body.value).toEqual({ resultSource: 'operator', defaultNumberCap: null });
    const draw = await currentDraw(speed);
    expect(draw.serverSeedHash).toBeNull();
    expect(
      (await bet(draw, [{ betType: 'sum', numbers: ['BIG', 'EVEN'], unitStake: '10' }], speed)).body.success,
    ).toBe(true);
    const before = await kit.balance(member);
    const early = await call(
      'POST',
      `/wps/backoffice/lottery/draws/${draw.publicId}/result`,
      { result: { balls: [9, 9, 9] } },
      operator,
    );
    expect(early.body.code).toBe('LOTTERY_RESULT_REJECTED');
    await passCutoff(db, draw.publicId, true);
    await job.closeDue();
    expect(await job.drawDue()).toBe(0);
    const wrong = await call(
      'POST',
      `/wps/backoffice/lottery/draws/${draw.publicId}/result`,
      { result: { balls: [9, 9] } },
      operator,
    );
    expect(wrong.body.code).toBe('LOTTERY_RESULT_REJECTED');
    const entered = await call(
      'POST',
      `/wps/backoffice/lottery/draws/${draw.publicId}/result`,
      { result: { balls: [9, 9, 9] } },
      operator,
    );
    expect(entered.body.value).toMatchObject({ status: 'settled', result: { balls: [9, 9, 9] } });
    expect(await kit.balance(member)).toBe(before + 1950n);
    const again = await call(
      'POST',
      `/wps/backoffice/lottery/draws/${draw.publicId}/result`,
      { result: { balls: [0, 0, 0] } },
      operator,
    );
    expect(again.body.code).toBe('LOTTERY_RESULT_REJECTED');
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.entityId, draw.publicId));
    expect(audit.map((event) => event.action)).toEqual(['lottery.result.enter']);
    const listed = await call(
      'GET',
      `/wps/backoffice/lottery/draws?gameCode=${speed}&status=settled`,
      undefined,
      operator,
    );
    expect(listed.body.value.draws).toEqual([
      expect.objectContaining({
        publicId: draw.publicId,
        betCount: 1,
        totalStake: '20.00',
        totalPayout: '19.50',
      }),
    ]);
  });
});
