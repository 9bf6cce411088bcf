import { randomUUID } from 'node:crypto';
import { lotteryRouteOf } from '@wps/contracts/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, operatorHeaders, type TestApp } from '../../testing/test-app';
import { gameVendors, games } from '../games/games.tables';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { findLotteryGame } from './lottery.games';
import { payoutOf } from './lottery.rules';
import type { LotteryService } from './lottery.service';
import { lotteryBets, lotteryDraws } from './lottery.tables';
import { lotteryServiceFor, passCutoff } from './lottery.test-helpers';

type Json = Record<string, unknown>;
type Envelope = { success: boolean; code?: string; message: string; value: Json };
type Draw = { publicId: string; serverSeedHash: string | null };

/**
 * Every lottery tile of the catalogue opens a game with a draw taking bets, and the kinds added for the dead
 * tiles (Keno, Pick 10, 11 of 5, the Speed 10 race, SEA 5D and Quick 3 on the speed engine) take bets through
 * the ledger and settle them: on an operator's result (exact payouts) and on a fair draw (proved).
 */
describe('lottery games of every kind the catalogue lists', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let authorization: string;
  let operator: Record<string, string>;
  let job: LotteryService;
  let member: Awaited<ReturnType<ReturnType<typeof walletTestKit>['addMember']>>;

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
  const bet = (gameCode: string, draw: Draw, bets: Json[]) =>
    call('POST', '/wps/lottery/bets', { gameCode, drawId: draw.publicId, requestId: randomUUID(), bets });

  beforeAll(async () => {
    testApp = await createTestApp({ LOTTERY_JOB_INTERVAL_MS: '0' });
    kit = walletTestKit(testApp);
    member = await kit.addMember('kindsplayer');
    await kit.fund(member, 10_000_000n);
    ({ authorization } = await loginAsMember(testApp, member.username));
    operator = await operatorHeaders(testApp.app);
    job = lotteryServiceFor(testApp.database.db);
    await job.scheduleDraws();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('opens every listed lottery game, one of each kind among them', async () => {
    const listed = await testApp.database.db
      .select({ gameCode: games.gameCode, vendor: gameVendors.code })
      .from(games)
      .innerJoin(gameVendors, eq(games.vendorId, gameVendors.id))
      .where(and(eq(games.isEnabled, true), eq(gameVendors.isEnabled, true)));
    const lotteryTiles = listed.filter((game) => lotteryRouteOf(game.vendor) !== null);
    expect(lotteryTiles.length).toBeGreaterThanOrEqual(20);
    const dead: string[] = [];
    const kinds = new Set<string>();
    for (const { gameCode } of lotteryTiles) {
      const { body } = await call('GET', `/wps/lottery/games/${gameCode}`);
      const draw = body.value.currentDraw as Draw | null;
      if (!body.success || draw === null) dead.push(gameCode);
      else kinds.add(String(body.value.kind));
    }
    expect(dead).toEqual([]);
    expect([...kinds].sort()).toEqual(['pool', 'race', 'sea4d', 'speed', 'vn']);
    const menu = await call('GET', '/wps/lgw/vn/games/game_menu');
    const menuCodes = (menu.body.value.games as Array<{ gameCode: string }>).map((game) => game.gameCode);
    expect(menuCodes.sort()).toEqual(lotteryTiles.map((game) => game.gameCode).sort());
  });

  it.each([
    {
      name: 'SEA Keno',
      gameCode: 'TCG_SEA-O0003',
      lines: [
        { betType: 'pick3', numbers: ['01', '02', '50'], unitStake: '2' },
        { betType: 'pick1', numbers: ['20'], unitStake: '1' },
      ],
      result: { numbers: Array.from({ length: 20 }, (_, i) => i + 1) },
      // pick3 with 2 hits: 2 × 3; pick1 hit: 1 × 3.8
      stake: 300n,
      payout: 980n,
    },
    {
      name: 'Lott Pick 10',
      gameCode: 'LOTT-O0003',
      lines: [
        {
          betType: 'pick10',
          numbers: ['41', '42', '43', '44', '45', '46', '47', '48', '49', '50'],
          unitStake: '1',
        },
      ],
      result: { numbers: Array.from({ length: 20 }, (_, i) => i + 1) },
      stake: 100n,
      payout: 300n,
    },
    {
      name: 'ELott 11 of 5',
      gameCode: 'ELOTT-E0002',
      lines: [
        { betType: 'pick2', numbers: ['3', '11'], unitStake: '1' },
        { betType: 'pick3', numbers: ['3', '11', '1'], unitStake: '1' },
      ],
      result: { numbers: [11, 3, 5, 7, 9] },
      stake: 200n,
      payout: 520n,
    },
    {
      name: 'ELott Speed 10',
      gameCode: 'ELOTT-E0006',
      lines: [
        { betType: 'position', numbers: ['1:4', '2:4'], unitStake: '1' },
        { betType: 'first_two', numbers: ['4-9'], unitStake: '1' },
      ],
      result: { order: [4, 9, 1, 2, 3, 5, 6, 7, 8, 10] },
      stake: 300n,
      payout: 970n + 8730n,
    },
    {
      name: 'SEA 5D',
      gameCode: 'TCG_SEA-O0002',
      lines: [{ betType: 'position', numbers: ['5:7'], unitStake: '1' }],
      result: { balls: [0, 0, 0, 0, 7] },
      stake: 100n,
      payout: 970n,
    },
  ])('$name: takes a bet through the ledger and pays it on the result', async (game) => {
    const { db } = testApp.database;
    const settings = await call(
      'PUT',
      `/wps/backoffice/lottery/games/${game.gameCode}/settings`,
      { resultSource: 'operator', defaultNumberCap: null },
      operator,
    );
    expect(settings.body.success).toBe(true);
    await job.scheduleDraws();
    const draw = await currentDraw(game.gameCode);
    const before = await kit.balance(member);
    const placed = await bet(game.gameCode, draw, game.lines);
    expect(placed.body.success).toBe(true);
    expect(await kit.balance(member)).toBe(before - game.stake);
    await passCutoff(db, draw.publicId, true);
    await job.closeDue();
    const wrong = await call(
      'POST',
      `/wps/backoffice/lottery/draws/${draw.publicId}/result`,
      { result: { numbers: [1, 1], order: [1], balls: [1] } },
      operator,
    );
    expect(wrong.body.code).toBe('LOTTERY_RESULT_REJECTED');
    const entered = await call(
      'POST',
      `/wps/backoffice/lottery/draws/${draw.publicId}/result`,
      { result: game.result },
      operator,
    );
    expect(entered.body.value).toMatchObject({ status: 'settled' });
    expect(await kit.balance(member)).toBe(before - game.stake + game.payout);
    const fair = { resultSource: 'fair', defaultNumberCap: null };
    await call('PUT', `/wps/backoffice/lottery/games/${game.gameCode}/settings`, fair, operator);
  });

  it.each(['ELOTT-E0001', 'ELOTT-E0006', 'TCG_SEA-O0004'])(
    '%s: draws fairly, settles what the rules say, and proves the result',
    async (gameCode) => {
      const { db } = testApp.database;
      const draw = await currentDraw(gameCode);
      const lines =
        gameCode === 'ELOTT-E0001'
          ? Array.from({ length: 8 }, (_, i) => ({
              betType: 'pick2',
              numbers: [String(i * 10 + 1), String(i * 10 + 2)],
              unitStake: '1',
            }))
          : gameCode === 'ELOTT-E0006'
            ? [{ betType: 'position', numbers: ['1:1', '1:2', '1:3', '1:4', '1:5'], unitStake: '1' }]
            : [{ betType: 'sum', numbers: ['BIG', 'ODD'], unitStake: '1' }];
      expect((await bet(gameCode, draw, lines)).body.success).toBe(true);
      const before = await kit.balance(member);
      await passCutoff(db, draw.publicId, true);
      await job.closeDue();
      expect(await job.drawDue()).toBeGreaterThan(0);
      await job.settleDue();
      const [row] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.publicId, draw.publicId));
      const definition = findLotteryGame(gameCode);
      if (!row?.result || !definition) throw new Error('not drawn');
      expect(row.status).toBe('settled');
      const bets = await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
      const expected = bets.reduce((sum, line) => sum + payoutOf(definition, row.result ?? {}, line), 0n);
      expect(await kit.balance(member)).toBe(before + expected);
      const proof = await call('GET', `/wps/lottery/draws/${draw.publicId}/verify`);
      expect(proof.body.value).toMatchObject({ hashMatches: true, resultMatches: true });
    },
  );
});
