import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LotteryBet, LotteryDraw, LotteryGame } from '@wps/contracts/lottery';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok, type MockRequest } from '../../../testing/mock-api';
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

const gameCode = 'TCG_LOTTO_VN-O0003';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const betType = (code: string, digits: number[]) => ({
  code,
  digits,
  odds: { 2: '75' },
  minNumbers: 1,
  maxNumbers: 100,
});

const buildDraw = (overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  publicId: `${gameCode}-20261124-0001`,
  gameCode,
  drawAt: '2026-11-24T09:15:00.000Z',
  closesAt: '2026-11-24T09:00:00.000Z',
  status: 'open',
  resultSource: 'fair',
  stations: [
    { code: 'TG', name: 'Tiền Giang' },
    { code: 'KG', name: 'Kiên Giang' },
    { code: 'DL', name: 'Đà Lạt' },
  ],
  serverSeedHash: 'a'.repeat(64),
  serverSeed: null,
  clientSeed: `${gameCode}-20261124-0001`,
  result: null,
  ...overrides,
});

const southGame = (
  overrides: Partial<LotteryGame & { serverTime: string }> = {},
): LotteryGame & { serverTime: string } => ({
  gameCode,
  vendor: 'TCG_LOTTO_VN',
  name: 'South Lotto',
  kind: 'vn',
  region: 'south',
  balls: null,
  intervalSeconds: null,
  cutoffSeconds: 900,
  resultSource: 'fair',
  betTypes: [betType('bao_lo', [2, 3, 4]), betType('de', [2]), betType('dau_duoi', [2]), betType('da', [2])],
  currentDraw: buildDraw(),
  lastDraw: null,
  // The server's clock says 2 minutes before the cut-off, whatever the test machine's clock says.
  serverTime: '2026-11-24T08:58:00.000Z',
  ...overrides,
});

const buildBet = (overrides: Partial<LotteryBet> = {}): LotteryBet => ({
  id: 'bet-1',
  roundId: 'round-1',
  gameCode,
  drawId: `${gameCode}-20261123-0001`,
  betType: 'bao_lo',
  numbers: ['45', '67'],
  stations: ['TG'],
  unitStake: '1',
  stake: '36.00',
  status: 'won',
  payout: '75.00',
  placedAt: '2026-11-23T08:00:00.000Z',
  settledAt: '2026-11-23T09:20:00.000Z',
  ...overrides,
});

/** Yesterday's settled draw: TG's eighth prize is 45, so the member's bao lô on 45 matched it. */
const settledDraw = buildDraw({
  publicId: `${gameCode}-20261123-0001`,
  status: 'settled',
  serverSeed: 'b'.repeat(64),
  result: {
    stations: {
      TG: [
        '123456',
        '11111',
        '22222',
        '33333',
        '44444',
        '55501',
        '55502',
        '55503',
        '55504',
        '55505',
        '55506',
        '55507',
        '6666',
        '7777',
        '8888',
        '9999',
        '321',
        '45',
      ],
      KG: [
        '654321',
        '11112',
        '22223',
        '33334',
        '44445',
        '55511',
        '55512',
        '55513',
        '55514',
        '55515',
        '55516',
        '55517',
        '6667',
        '7778',
        '8889',
        '9990',
        '322',
        '46',
      ],
      DL: [
        '111111',
        '11113',
        '22224',
        '33335',
        '44446',
        '55521',
        '55522',
        '55523',
        '55524',
        '55525',
        '55526',
        '55527',
        '6668',
        '7779',
        '8880',
        '9991',
        '323',
        '47',
      ],
    },
  },
});

const menu = ok({
  games: [
    { ...southGame(), gameCode: 'TCG_LOTTO_VN-O0001', name: 'North Lotto', region: 'north' },
    southGame(),
  ],
});

const renderVnPage = (routes: Parameters<typeof logInWithApi>[0] = {}) => {
  const api = logInWithApi({
    [`GET /wps/lottery/games/${gameCode}`]: ok(southGame()),
    'GET /wps/lgw/vn/games/game_menu': menu,
    'GET /wps/lgw/vn/numeros/opened/game': ok({ draws: [settledDraw], total: 1, totalPages: 1 }),
    'GET /wps/lottery/bets': ok({ bets: [buildBet()], total: 1, totalPages: 1 }),
    ...routes,
  });
  renderApp(`/vnLottery?gameCode=${gameCode}`, permission);
  return api;
};

const typeNumbers = (slip: HTMLElement, text: string) => {
  fireEvent.change(within(slip).getByLabelText('Numbers'), { target: { value: text } });
};

describe('the Vietnamese lottery page', () => {
  it('shows the game, its regions, the cut-off countdown by the server clock, results by prize and my bets', async () => {
    renderVnPage();

    expect((await screen.findByTestId('lottery-game-name', {}, chunkWait)).textContent).toBe('South Lotto');
    expect(screen.getByTestId('vn-region-TCG_LOTTO_VN-O0003').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('vn-region-TCG_LOTTO_VN-O0001').getAttribute('href')).toBe(
      '/vnLottery?gameCode=TCG_LOTTO_VN-O0001',
    );
    await waitFor(() => {
      expect(screen.getByTestId('lottery-countdown-time').textContent).toMatch(/^0[12]:\d\d$/);
    });
    expect(screen.getByRole('timer')).toBeTruthy();

    // The result table, by prize, with the member's matched number marked (TG eighth prize 45).
    const table = await screen.findByTestId('vn-result-table', {}, chunkWait);
    const eighth = within(table).getByText('Eighth').closest('tr');
    expect(eighth?.textContent).toContain('45');
    const matched = within(table).getAllByTestId('vn-lot-matched');
    expect(matched.map((lot) => lot.textContent)).toEqual(['Your number: 45']);
    expect(within(table).getByText('Special').closest('tr')?.textContent).toContain('123456');

    const row = await screen.findByTestId('lottery-bet-row', {}, chunkWait);
    expect(within(row).getByTestId('lottery-bet-status').textContent).toBe('Won');
    expect(within(row).getByTestId('lottery-bet-payout').textContent).toBe('75.00');
  });

  it('totals the stake live with the shared rules: stations × numbers × lots × unit', async () => {
    renderVnPage();
    const slip = await screen.findByTestId('vn-slip', {}, chunkWait);
    const total = () => within(slip).getByTestId('vn-slip-total-amount').textContent;

    expect(total()).toBe('0.00');
    typeNumbers(slip, '12 34 56');
    // One station (the first, chosen by default) × 3 numbers × 18 lots × 1.
    expect(total()).toBe('54.00');
    fireEvent.click(within(slip).getByTestId('vn-station-KG'));
    expect(total()).toBe('108.00');
    fireEvent.change(within(slip).getByLabelText('Stake per number per lot'), { target: { value: '2.5' } });
    expect(total()).toBe('270.00');
    fireEvent.change(within(slip).getByLabelText('Bet type'), { target: { value: 'de' } });
    // Đề covers the special prize only: 2 stations × 3 × 1 × 2.5.
    expect(total()).toBe('15.00');
    fireEvent.click(within(slip).getByTestId('vn-set-tai'));
    expect(within(slip).getByTestId('vn-number-count').textContent).toBe('50 numbers read.');
    expect(total()).toBe('250.00');
  });

  it('says what is wrong beside each field and sends nothing', async () => {
    const api = renderVnPage();
    const slip = await screen.findByTestId('vn-slip', {}, chunkWait);

    fireEvent.click(within(slip).getByTestId('vn-station-TG'));
    typeNumbers(slip, '12 345');
    fireEvent.change(within(slip).getByLabelText('Stake per number per lot'), { target: { value: '0' } });
    fireEvent.click(within(slip).getByTestId('vn-slip-submit'));

    expect(within(slip).getByTestId('vn-stations-error').textContent).toBe('Choose at least one station.');
    expect(within(slip).getByTestId('vn-unit-stake-error').textContent).toBe(
      'Enter a stake above zero with at most two decimals.',
    );
    fireEvent.click(within(slip).getByTestId('vn-station-TG'));
    expect(within(slip).getByTestId('vn-numbers-error').textContent).toBe(
      'All numbers of one bet must have the same number of digits.',
    );
    expect(within(slip).getByLabelText('Numbers').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(api.requestsTo('POST /wps/lottery/bets')).toHaveLength(0);
  });

  it('confirms, places the ticket with a requestId, then reads the balance and my bets again', async () => {
    let balance = '1000.00';
    let bets: LotteryBet[] = [];
    const api = renderVnPage({
      'GET /wps/v2/wallets/balance': () => ok({ balance, currency: 'USD', currencySymbol: '$' }),
      'GET /wps/lottery/bets': () => ok({ bets, total: bets.length, totalPages: 1 }),
      'POST /wps/lottery/bets': (request: MockRequest) => {
        balance = '946.00';
        bets = [
          buildBet({
            id: 'bet-2',
            drawId: buildDraw().publicId,
            status: 'pending',
            payout: '0.00',
            stake: '54.00',
          }),
        ];
        return ok({
          requestId: 'x',
          drawId: buildDraw().publicId,
          totalStake: '54.00',
          currency: 'USD',
          balance,
          bets,
          echo: request.body,
        });
      },
    });
    const slip = await screen.findByTestId('vn-slip', {}, chunkWait);
    await waitFor(() => {
      expect(screen.getByTestId('lottery-balance').textContent).toBe('$ 1,000.00');
    });
    typeNumbers(slip, '12 34 56');
    fireEvent.click(within(slip).getByTestId('vn-slip-submit'));

    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Bao lô (every prize), 3 numbers, stations TG. Total stake 54.00.');
    fireEvent.click(within(dialog).getByTestId('dialog-confirm'));

    await waitFor(() => {
      expect(screen.getByTestId('lottery-balance').textContent).toBe('$ 946.00');
    });
    const sent = api.requestsTo('POST /wps/lottery/bets');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      gameCode,
      drawId: buildDraw().publicId,
      requestId: expect.stringMatching(uuid) as unknown,
      bets: [{ betType: 'bao_lo', numbers: ['12', '34', '56'], stations: ['TG'], unitStake: '1' }],
    });
    expect(within(slip).getByTestId('vn-slip-placed').textContent).toBe(
      `Bet placed on draw ${buildDraw().publicId}: 54.00.`,
    );
    expect(within(slip).getByLabelText<HTMLTextAreaElement>('Numbers').value).toBe('');
    const row = await screen.findByTestId('lottery-bet-row');
    expect(within(row).getByTestId('lottery-bet-status').textContent).toBe('Pending');
  });

  it('shows the server’s refusal in words and keeps the slip for another try with the same requestId', async () => {
    const api = renderVnPage({ 'POST /wps/lottery/bets': fail('LOTTERY_NUMBER_BLOCKED') });
    const slip = await screen.findByTestId('vn-slip', {}, chunkWait);
    typeNumbers(slip, '13');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      fireEvent.click(within(slip).getByTestId('vn-slip-submit'));
      fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('dialog-confirm'));
      expect((await within(slip).findByTestId('form-error')).textContent).toBe(
        'This number is not accepting bets for this draw.',
      );
      await waitFor(() => {
        expect(screen.queryByTestId('confirm-dialog')).toBeNull();
      });
    }
    const sent = api.requestsTo('POST /wps/lottery/bets').map((request) => request.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual(sent[1]);
    expect(within(slip).getByLabelText<HTMLTextAreaElement>('Numbers').value).toBe('13');
  });

  it('announces how a pending bet settled when the next read shows it', async () => {
    let status: LotteryBet['status'] = 'pending';
    renderVnPage({
      'GET /wps/lottery/bets': () =>
        ok({
          bets: [buildBet({ status, payout: status === 'won' ? '1350.00' : '0.00' })],
          total: 1,
          totalPages: 1,
        }),
    });
    expect(
      within(await screen.findByTestId('lottery-bet-row')).getByTestId('lottery-bet-status').textContent,
    ).toBe('Pending');
    // The draw is past its cut-off (not the open draw), so the page keeps asking until it settles.
    status = 'won';
    await waitFor(
      () => {
        expect(screen.getByTestId('lottery-settlement-notice').textContent).toBe(
          `Your bet on draw ${gameCode}-20261123-0001 won 1,350.00.`,
        );
      },
      { timeout: 5000 },
    );
    expect(screen.getByTestId('lottery-bet-payout').textContent).toBe('1,350.00');
  });

  it('at the cut-off (by the server clock) reads the game again and moves to the next draw', async () => {
    let reads = 0;
    const api = renderVnPage({
      [`GET /wps/lottery/games/${gameCode}`]: () => {
        reads += 1;
        return ok(
          reads === 1
            ? // One second before the cut-off by the server's clock.
              southGame({ serverTime: '2026-11-24T08:59:59.000Z' })
            : southGame({
                currentDraw: buildDraw({
                  publicId: `${gameCode}-20261125-0001`,
                  closesAt: '2026-11-25T09:00:00.000Z',
                }),
              }),
        );
      },
    });
    // The first draw closes within a second (it may already have when the page shows).
    await screen.findByTestId('lottery-draw-id', {}, chunkWait);
    await waitFor(
      () => {
        expect(screen.getByTestId('lottery-draw-id').textContent).toBe(`${gameCode}-20261125-0001`);
      },
      { timeout: 5000 },
    );
    expect(api.requestsTo(`GET /wps/lottery/games/${gameCode}`).length).toBeGreaterThanOrEqual(2);
    expect(within(screen.getByTestId('vn-slip')).getByTestId('vn-slip-submit').hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('asks for a game when the address names none', async () => {
    logInWithApi({});
    renderApp('/vnLottery', permission);
    expect((await screen.findByTestId('lottery-no-game', {}, chunkWait)).textContent).toContain(
      'Choose a lottery game',
    );
  });
});
