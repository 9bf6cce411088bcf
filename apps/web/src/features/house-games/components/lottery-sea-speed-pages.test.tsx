import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LotteryBet, LotteryDraw, LotteryGame } from '@wps/contracts/lottery';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

// Machines running these tests are shared and busy: answers may take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

/** The lottery page's code loads on demand; on a busy machine the first render takes a while. */
const chunkWait = { timeout: 10_000 };

let permission: SitePermission;

/** A logged-in member (token in session storage) whose balance is 1,000.00 unless a route says otherwise. */
const logInWithApi = (routes: Parameters<typeof mockApi>[0]) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo()),
    'GET /wps/v2/wallets/balance': ok({ balance: '1000.00', currency: 'USD', currencySymbol: '$' }),
    ...routes,
  });
};

beforeEach(async () => {
  permission = await buildSitePermission();
});

const betType = (code: string) => ({
  code,
  digits: [4],
  odds: { 1: '1.95' },
  minNumbers: 1,
  maxNumbers: 100,
});

const draw = (gameCode: string, overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  publicId: `${gameCode}-20261124-0002`,
  gameCode,
  drawAt: '2026-11-24T11:00:00.000Z',
  closesAt: '2026-11-24T10:30:00.000Z',
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
  gameCode: 'TCG_SEA-O0001',
  vendor: 'TCG_SEA',
  name: 'SEA 4D',
  kind: 'sea4d',
  region: null,
  balls: null,
  intervalSeconds: null,
  cutoffSeconds: 1800,
  resultSource: 'fair',
  betTypes: ['big', 'small', 'ibox_big', 'ibox_small'].map(betType),
  currentDraw: draw('TCG_SEA-O0001'),
  lastDraw: null,
  serverTime: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const bet = (overrides: Partial<LotteryBet>): LotteryBet => ({
  id: 'bet-1',
  roundId: 'round-1',
  gameCode: 'TCG_SEA-O0001',
  drawId: 'TCG_SEA-O0001-20261123-0001',
  betType: 'big',
  numbers: ['0042'],
  stations: [],
  unitStake: '1',
  stake: '1.00',
  status: 'won',
  payout: '180.00',
  placedAt: '2026-11-23T08:00:00.000Z',
  settledAt: '2026-11-23T11:05:00.000Z',
  ...overrides,
});

const seaNumbers = Array.from({ length: 23 }, (_, index) => String(1000 + index));
seaNumbers[5] = '0042';

describe('the SEA 4D page', () => {
  it('totals Big and Small per number, sends i-Box lines when boxed, and marks matched results', async () => {
    const api = logInWithApi({
      'GET /wps/lottery/games/TCG_SEA-O0001': ok(game({})),
      'GET /wps/lgw/vn/numeros/opened/game': ok({
        draws: [
          draw('TCG_SEA-O0001', {
            publicId: 'TCG_SEA-O0001-20261123-0001',
            status: 'settled',
            serverSeed: 'd'.repeat(64),
            result: { numbers: seaNumbers },
          }),
        ],
        total: 1,
        totalPages: 1,
      }),
      'GET /wps/lottery/bets': ok({ bets: [bet({})], total: 1, totalPages: 1 }),
      'POST /wps/lottery/bets': ok({
        requestId: 'r',
        drawId: 'TCG_SEA-O0001-20261124-0002',
        totalStake: '6.00',
        currency: 'USD',
        balance: '994.00',
        bets: [],
      }),
    });
    renderApp('/seaLottery?gameCode=TCG_SEA-O0001', permission);
    const slip = await screen.findByTestId('sea-slip', {}, chunkWait);
    const total = () => within(slip).getByTestId('sea-slip-total-amount').textContent;

    fireEvent.change(within(slip).getByLabelText('4D numbers'), { target: { value: '1234 0088' } });
    expect(total()).toBe('2.00');
    fireEvent.change(within(slip).getByLabelText('Small amount per number'), { target: { value: '2' } });
    expect(total()).toBe('6.00');
    fireEvent.click(within(slip).getByLabelText(/i-Box/));
    fireEvent.click(within(slip).getByTestId('sea-slip-submit'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/lottery/bets')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/lottery/bets')[0]?.body).toMatchObject({
      gameCode: 'TCG_SEA-O0001',
      bets: [
        { betType: 'ibox_big', numbers: ['1234', '0088'], unitStake: '1' },
        { betType: 'ibox_small', numbers: ['1234', '0088'], unitStake: '2' },
      ],
    });

    // 1st, 2nd and 3rd, then 10 special and 10 consolation; the member's Big on 0042 is a special prize.
    const result = await screen.findByTestId('sea-result', {}, chunkWait);
    expect(within(result).getByText('1st prize').nextElementSibling?.textContent).toBe('1000');
    expect(within(result).getAllByRole('listitem')).toHaveLength(20);
    expect(within(result).getByTestId('sea-number-matched').textContent).toBe('Your number: 0042');
  });

  it('refuses a slip without an amount', async () => {
    logInWithApi({ 'GET /wps/lottery/games/TCG_SEA-O0001': ok(game({})) });
    renderApp('/seaLottery?gameCode=TCG_SEA-O0001', permission);
    const slip = await screen.findByTestId('sea-slip', {}, chunkWait);
    fireEvent.change(within(slip).getByLabelText('4D numbers'), { target: { value: '123' } });
    fireEvent.change(within(slip).getByLabelText('Big amount per number'), { target: { value: '' } });
    fireEvent.click(within(slip).getByTestId('sea-slip-submit'));
    expect(within(slip).getByTestId('sea-numbers-error').textContent).toBe(
      'Numbers could not be read. Separate them with spaces.',
    );
    expect(within(slip).getByTestId('sea-big-error').textContent).toBe('Enter a Big or a Small amount.');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });
});

describe('the speed lottery page', () => {
  const speed = game({
    gameCode: 'LOTT-O0001',
    vendor: 'LOTT',
    name: 'Lott 3D',
    kind: 'speed',
    balls: 3,
    intervalSeconds: 180,
    betTypes: ['sum', 'position', 'straight'].map(betType),
    currentDraw: draw('LOTT-O0001'),
    lastDraw: draw('LOTT-O0001', {
      publicId: 'LOTT-O0001-20261124-0001',
      status: 'settled',
      result: { balls: [3, 7, 1] },
    }),
  });

  it('stakes one unit per pick and shows the drawn balls', async () => {
    logInWithApi({
      'GET /wps/lottery/games/LOTT-O0001': ok(speed),
      'GET /wps/lgw/vn/numeros/opened/game': ok({ draws: [speed.lastDraw], total: 1, totalPages: 1 }),
      'GET /wps/lottery/bets': ok({ bets: [], total: 0, totalPages: 0 }),
    });
    renderApp('/lottery?gameCode=LOTT-O0001', permission);
    const slip = await screen.findByTestId('speed-slip', {}, chunkWait);
    const total = () => within(slip).getByTestId('speed-slip-total-amount').textContent;

    fireEvent.click(within(slip).getByTestId('speed-pick-BIG'));
    fireEvent.click(within(slip).getByTestId('speed-pick-ODD'));
    expect(within(slip).getByTestId('speed-pick-BIG').getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(within(slip).getByLabelText('Stake per pick'), { target: { value: '2.50' } });
    expect(total()).toBe('5.00');
    fireEvent.change(within(slip).getByLabelText('Bet type'), { target: { value: 'position' } });
    expect(total()).toBe('0.00');
    fireEvent.click(within(slip).getByTestId('speed-pick-1:7'));
    expect(total()).toBe('2.50');
    fireEvent.change(within(slip).getByLabelText('Bet type'), { target: { value: 'straight' } });
    fireEvent.click(within(slip).getByTestId('speed-slip-submit'));
    expect(within(slip).getByTestId('speed-straight-error').textContent).toBe('Enter at least one number.');

    const balls = await screen.findAllByTestId('speed-ball', {}, chunkWait);
    expect(balls.map((ball) => ball.textContent)).toEqual(['3', '7', '1']);
    expect(screen.getByTestId('lottery-my-bets-empty')).toBeTruthy();
  });

  it('says so when the game does not exist', async () => {
    logInWithApi({});
    renderApp('/lottery?gameCode=LOTT-X9', permission);
    expect((await screen.findByTestId('lottery-unknown-game', {}, chunkWait)).textContent).toContain(
      'not available',
    );
  });
});
