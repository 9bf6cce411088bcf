import { houseGameLimitsResponseSchema } from '@wps/contracts/house-games-admin';
import { adminDrawsResponseSchema, adminLotteryGamesResponseSchema } from '@wps/contracts/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import type { LotteryService } from './lottery.service';
import { lotteryServiceFor, passCutoff } from './lottery.test-helpers';

type Headers = Record<string, string>;

const south = 'TCG_LOTTO_VN-O0003';
const speed = 'LOTT-O0001';

describe("the console's lottery draws and house-game limits", () => {
  let testApp: TestApp;
  let admin: Headers;
  let support: Headers;
  let job: LotteryService;

  beforeAll(async () => {
    testApp = await createTestApp({ LOTTERY_JOB_INTERVAL_MS: '0' });
    admin = await operatorHeaders(testApp.app);
    support = await createStaff(testApp.app, { username: 'lottery-support', role: 'support' });
    job = lotteryServiceFor(testApp.database.db);
    await job.scheduleDraws();
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Headers = admin) =>
    testApp.app.inject({ method: 'GET', url: `/wps/backoffice${url}`, headers });
  const draws = async (query: string) => {
    const response = await get(`/lottery/draws?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminDrawsResponseSchema.parse(response.json()).value;
  };

  it('lists every lottery game with what entering a result needs and its settings', async () => {
    const response = await get('/lottery/games', support);
    expect(response.statusCode, response.body).toBe(200);
    const { currency, games } = adminLotteryGamesResponseSchema.parse(response.json()).value;
    expect(currency).toBe('USD');
    expect(games.find((game) => game.gameCode === south)).toEqual({
      gameCode: south,
      vendor: 'TCG_LOTTO_VN',
      name: 'South Lotto',
      kind: 'vn',
      region: 'south',
      balls: null,
      poolSize: null,
      resultSource: 'fair',
      defaultNumberCap: null,
    });
    expect(games.find((game) => game.gameCode === speed)).toMatchObject({ kind: 'speed', balls: 3 });
    expect(games.find((game) => game.gameCode === 'ELOTT-E0002')).toMatchObject({
      kind: 'pool',
      balls: 5,
      poolSize: 11,
    });
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/wps/backoffice/lottery/games' })).statusCode,
    ).toBe(401);
  });

  it('splits the draws into upcoming (soonest first) and past, and by station', async () => {
    const { db } = testApp.database;
    const [first] = (await draws(`gameCode=${speed}&view=upcoming`)).draws;
    if (!first) throw new Error('no upcoming draw');
    await passCutoff(db, first.publicId, true);
    await job.closeDue();
    await job.drawDue();
    await job.settleDue();

    const past = await draws(`gameCode=${speed}&view=past`);
    expect(past.draws.map((draw) => draw.publicId)).toEqual([first.publicId]);
    expect(past.draws[0]?.status).toBe('settled');
    expect((await draws(`gameCode=${speed}&view=past&status=open`)).total).toBe(0);

    const upcoming = await draws(`gameCode=${speed}&view=upcoming&pageSize=100`);
    expect(upcoming.draws.map((draw) => draw.publicId)).not.toContain(first.publicId);
    expect(upcoming.draws.every((draw) => draw.status === 'open' || draw.status === 'closed')).toBe(true);
    const times = upcoming.draws.map((draw) => draw.drawAt);
    expect(times).toEqual([...times].sort());

    const southDraws = await draws(`gameCode=${south}&view=upcoming`);
    const station = southDraws.draws[0]?.stations[0]?.code;
    if (station === undefined) throw new Error('no South station drawing');
    const atStation = await draws(`gameCode=${south}&station=${station}`);
    expect(atStation.total).toBeGreaterThan(0);
    expect(atStation.draws.every((draw) => draw.stations.some((entry) => entry.code === station))).toBe(true);
    // Hà Nội draws only in the North.
    expect((await draws(`gameCode=${south}&station=HN`)).total).toBe(0);
    expect((await get('/lottery/draws?station=h%20n')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("shows each house game's limits in the brand's currency, to staff who may look", async () => {
    const response = await get('/house-games/limits', support);
    expect(response.statusCode, response.body).toBe(200);
    const { currency, games } = houseGameLimitsResponseSchema.parse(response.json()).value;
    expect(currency).toBe('USD');
    const limitsOf = (gameCode: string) => games.find((game) => game.gameCode === gameCode)?.limits ?? [];
    expect(limitsOf('HOUSE_SLOT')).toEqual([
      { label: 'Bet levels', value: '1.00, 2.00, 5.00, 10.00, 20.00, 50.00, 100.00' },
    ]);
    expect(limitsOf('BACCARAT')).toContainEqual({
      label: 'Baccarat A',
      value: '10.00 to 50000.00 a bet, at most 100000.00 a round',
    });
    expect(limitsOf('HOLDEM').length).toBeGreaterThan(0);
    expect(limitsOf('FISHING').map((limit) => limit.label)).toEqual([
      'Room shallows',
      'Room reef',
      'Room deep',
    ]);
    expect(limitsOf('COCKFIGHT')).toContainEqual({
      label: 'Most per player (a fight without its own)',
      value: '5000.00',
    });
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/wps/backoffice/house-games/limits' })).statusCode,
    ).toBe(401);
  });
});
