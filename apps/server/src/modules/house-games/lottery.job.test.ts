import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';

type Envelope = { success: boolean; code?: string; value: Record<string, unknown> };
type Draw = { publicId: string; stations: Array<{ code: string }>; status: string };

/**
 * The lottery job on its own timer, as the platform runs it, with the VN schedule shortened through config
 * (what the browser journey does): a bet is placed, the draw happens, the bet is settled and shown.
 */
describe('lottery job on a shortened schedule', () => {
  let testApp: TestApp;
  let authorization: string;

  beforeAll(async () => {
    testApp = await createTestApp({
      LOTTERY_JOB_INTERVAL_MS: '250',
      LOTTERY_VN_DRAW_EVERY_SECONDS: '4',
      LOTTERY_CUTOFF_SECONDS: '1',
    });
    const kit = walletTestKit(testApp);
    const member = await kit.addMember('jobplayer');
    await kit.fund(member, 100_000n);
    ({ authorization } = await loginAsMember(testApp, member.username));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = async (url: string) =>
    (await testApp.app.inject({ url, headers: { authorization } })).json<Envelope>();

  const waitFor = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const value = await read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('gave up waiting');
  };

  it('schedules, closes, draws and settles by itself', async () => {
    const gameCode = 'TCG_LOTTO_VN-O0003';
    const placed = await waitFor(async () => {
      const draw = (await get(`/wps/lottery/games/${gameCode}`)).value.currentDraw as Draw | null;
      if (!draw) return undefined;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/wps/lottery/bets',
        headers: { authorization },
        payload: {
          gameCode,
          drawId: draw.publicId,
          requestId: randomUUID(),
          bets: [
            { betType: 'bao_lo', numbers: ['07'], stations: [draw.stations[0]?.code], unitStake: '0.10' },
          ],
        },
      });
      const body = response.json<Envelope>();
      return body.success ? draw : undefined;
    });
    const settled = await waitFor(async () => {
      const bets = (await get(`/wps/lottery/bets?drawId=${placed.publicId}`)).value.bets as Array<{
        status: string;
      }>;
      return bets.every((line) => line.status !== 'pending') ? bets : undefined;
    });
    expect(settled).toHaveLength(1);
    const draw = (await get(`/wps/lottery/draws/${placed.publicId}`)).value as Draw;
    expect(draw.status).toBe('settled');
    const history = (await get(`/wps/lgw/vn/numeros/opened/game?gameCode=${gameCode}`)).value.draws as Draw[];
    expect(history.map((opened) => opened.publicId)).toContain(placed.publicId);
  });
});
