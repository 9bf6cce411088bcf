import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LotteryDraw, LotteryGame } from '@wps/contracts/lottery';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

// Machines running these tests are shared and busy: answers may take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
const chunkWait = { timeout: 10_000 };

let permission: SitePermission;
beforeEach(async () => {
  permission = await buildSitePermission();
});

const logInWithApi = (routes: Parameters<typeof mockApi>[0]) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo()),
    'GET /wps/v2/wallets/balance': ok({ balance: '1000.00', currency: 'USD', currencySymbol: '$' }),
    'GET /wps/lottery/bets': ok({ bets: [], total: 0, totalPages: 0 }),
    'POST /wps/lottery/bets': ok({
      requestId: 'r',
      drawId: 'd',
      totalStake: '1.00',
      currency: 'USD',
      balance: '999.00',
      bets: [],
    }),
    ...routes,
  });
};

const draw = (gameCode: string, overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  publicId: `${gameCode}-20261124-0002`,
  gameCode,
  drawAt: '2026-11-24T11:00:00.000Z',
  closesAt: '2026-11-24T10:59:50.000Z',
  status: 'open',
  resultSource: 'fair',
  stations: [],
  serverSeedHash: 'c'.repeat(64),
  serverSeed: null,
  clientSeed: `${gameCode}-20261124-0002`,
  result: null,
  ...overrides,
});

const game = (overrides: Partial<LotteryGame>): LotteryGame & { serverTime: string } => ({
  gameCode: 'X',
  vendor: 'ELOTT',
  name: 'X',
  kind: 'pool',
  region: null,
  balls: 20,
  poolSize: 80,
  intervalSeconds: 120,
  cutoffSeconds: 10,
  resultSource: 'fair',
  betTypes: [],
  currentDraw: null,
  lastDraw: null,
  serverTime: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const results = (last: LotteryDraw) => ok({ draws: [last], total: 1, totalPages: 1 });

describe('the Keno page (pool kind) under the SEA route', () => {
  const keno = game({
    gameCode: 'TCG_SEA-O0003',
    vendor: 'TCG_SEA',
    name: 'SEA Keno',
    betTypes: [1, 2, 3].map((picks) => ({
      code: `pick${String(picks)}`,
      digits: [2],
      odds: picks === 3 ? { '2': '3', '3': '38' } : { [String(picks)]: '3.8' },
      minNumbers: picks,
      maxNumbers: picks,
    })),
    currentDraw: draw('TCG_SEA-O0003'),
  });
  const last = draw('TCG_SEA-O0003', {
    publicId: 'TCG_SEA-O0003-20261124-0001',
    status: 'settled',
    result: { numbers: Array.from({ length: 20 }, (_, i) => i + 1) },
  });

  it('picks numbers into one ticket, shows its paytable, sends it and shows the drawn numbers', async () => {
    const api = logInWithApi({
      'GET /wps/lottery/games/TCG_SEA-O0003': ok(keno),
      'GET /wps/lgw/vn/numeros/opened/game': results(last),
    });
    renderApp('/seaLottery?gameCode=TCG_SEA-O0003', permission);
    const slip = await screen.findByTestId('pool-slip', {}, chunkWait);
    for (const value of [80, 7, 1, 2])
      fireEvent.click(within(slip).getByTestId(`pool-pick-${String(value)}`));
    // At most three numbers: the fourth is not taken.
    expect(within(slip).getByTestId('pool-pick-2').getAttribute('aria-pressed')).toBe('false');
    expect(within(slip).getByTestId('pool-paytable').textContent).toBe(
      'Pays per unit staked: 2 hits 3× · 3 hits 38×',
    );
    fireEvent.change(within(slip).getByLabelText('Stake'), { target: { value: '2' } });
    expect(within(slip).getByTestId('pool-slip-total-amount').textContent).toBe('2.00');
    fireEvent.click(within(slip).getByTestId('pool-slip-submit'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/lottery/bets')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/lottery/bets')[0]?.body).toMatchObject({
      gameCode: 'TCG_SEA-O0003',
      bets: [{ betType: 'pick3', numbers: ['01', '07', '80'], unitStake: '2' }],
    });
    const balls = await screen.findAllByTestId('pool-ball', {}, chunkWait);
    expect(balls).toHaveLength(20);
  });
});

describe('the Speed 10 page (race kind)', () => {
  const race = game({
    gameCode: 'ELOTT-E0006',
    name: 'ELott Speed 10',
    kind: 'race',
    balls: 10,
    poolSize: null,
    betTypes: ['position', 'first_two'].map((code) => ({
      code,
      digits: [],
      odds: { '1': code === 'position' ? '9.7' : '87.3' },
      minNumbers: 1,
      maxNumbers: 100,
    })),
    currentDraw: draw('ELOTT-E0006'),
  });
  const last = draw('ELOTT-E0006', {
    publicId: 'ELOTT-E0006-20261124-0001',
    status: 'settled',
    result: { order: [4, 9, 1, 2, 3, 5, 6, 7, 8, 10] },
  });

  it('bets cars at a position and the first two, and shows the finishing order', async () => {
    const api = logInWithApi({
      'GET /wps/lottery/games/ELOTT-E0006': ok(race),
      'GET /wps/lgw/vn/numeros/opened/game': results(last),
      'GET /wps/lottery/bets': ok({
        bets: [
          {
            id: 'bet-1',
            roundId: 'round-1',
            gameCode: 'ELOTT-E0006',
            drawId: last.publicId,
            betType: 'position',
            numbers: ['1:4'],
            stations: [],
            unitStake: '1',
            stake: '1.00',
            status: 'won',
            payout: '9.70',
            placedAt: '2026-11-24T10:50:00.000Z',
            settledAt: '2026-11-24T11:00:05.000Z',
          },
        ],
        total: 1,
        totalPages: 1,
      }),
    });
    renderApp('/lottery?gameCode=ELOTT-E0006', permission);
    const slip = await screen.findByTestId('race-slip', {}, chunkWait);
    fireEvent.change(within(slip).getByLabelText('Position'), { target: { value: '2' } });
    fireEvent.click(within(slip).getByTestId('race-pick-4'));
    fireEvent.click(within(slip).getByTestId('race-pick-9'));
    expect(within(slip).getByTestId('race-slip-total-amount').textContent).toBe('2.00');
    fireEvent.change(within(slip).getByLabelText('Bet type'), { target: { value: 'first_two' } });
    fireEvent.change(within(slip).getByLabelText('First car'), { target: { value: '4' } });
    expect(within(slip).getByTestId('race-pick-4')).toHaveProperty('disabled', true);
    fireEvent.click(within(slip).getByTestId('race-pick-9'));
    fireEvent.click(within(slip).getByTestId('race-slip-submit'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/lottery/bets')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/lottery/bets')[0]?.body).toMatchObject({
      bets: [{ betType: 'first_two', numbers: ['4-9'], unitStake: '1' }],
    });
    const cars = await screen.findAllByTestId('race-car', {}, chunkWait);
    expect(cars.map((car) => car.textContent)).toEqual(['4', '9', '1', '2', '3', '5', '6', '7', '8', '10']);
    expect((await screen.findByTestId('lottery-bet-row', {}, chunkWait)).textContent).toContain(
      'Car at a position',
    );
  });
});
