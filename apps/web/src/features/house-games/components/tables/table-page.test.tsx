import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/app-providers';
import { createQueryClient } from '../../../../lib/query-client';
import { buildSitePermission } from '../../../../testing/permission-fixture';
import { buildMemberInfo, fail, mockApi, ok, type MockRequest } from '../../../../testing/mock-api';
import { renderApp } from '../../../../testing/render-app';
import type { MyTableBet, TableGame, TableRound, TableState, TableSummary } from '../../api/tables-queries';
import { TablePage } from './table-page';

/** The server's clock in every answer: far from this machine's, so a countdown by the local clock shows. */
const serverTime = '2031-05-06T10:00:00.000Z';
const at = (offsetMs: number) => new Date(Date.parse(serverTime) + offsetMs).toISOString();

const tables: TableSummary[] = [
  {
    tableId: 'BAC-A',
    game: 'BACCARAT',
    name: 'Baccarat A',
    minStake: '1000',
    maxStake: '5000000',
    maxPerRound: '10000000',
  },
  {
    tableId: 'BAC-B',
    game: 'BACCARAT',
    name: 'Baccarat B',
    minStake: '10000',
    maxStake: '50000000',
    maxPerRound: '100000000',
  },
  {
    tableId: 'ROU-A',
    game: 'ROULETTE',
    name: 'Roulette A',
    minStake: '1000',
    maxStake: '2000000',
    maxPerRound: '10000000',
  },
];

const round = (overrides: Partial<TableRound> = {}): TableRound => ({
  roundId: '7',
  number: 7,
  phase: 'BETTING',
  closesAt: at(7_400),
  dealingEndsAt: null,
  serverSeedHash: 'ab'.repeat(32),
  clientSeed: 'c1',
  nonce: 0,
  shoe: null,
  steps: [],
  result: null,
  serverSeed: null,
  ...overrides,
});

const state = (game: TableGame, overrides: Partial<TableState> = {}): TableState & { serverTime: string } => {
  const table = tables.find((candidate) => candidate.game === game) ?? tables[0];
  return {
    serverTime,
    tableId: table?.tableId ?? '',
    game,
    name: table?.name ?? '',
    limits: { minStake: '1000', maxStake: '5000000', maxPerRound: '10000000' },
    round: round(),
    totals: { players: 3, bets: 4, spots: [{ spot: 'banker', amount: '250000', players: 2 }] },
    history: { beadPlate: [], bigRoad: [] },
    ...overrides,
  };
};

const myBet = (overrides: Partial<MyTableBet>): MyTableBet => ({
  betId: '1',
  roundId: '6',
  roundNumber: 6,
  tableId: 'BAC-A',
  spot: 'player',
  amount: '2000',
  currency: 'USD',
  status: 'SETTLED',
  returned: '0',
  ...overrides,
});

const tableApi = (
  game: TableGame,
  routes: Parameters<typeof mockApi>[0] = {},
  overrides: Partial<TableState> = {},
) => {
  const tableId = game === 'ROULETTE' ? 'ROU-A' : 'BAC-A';
  return mockApi({
    'GET /wps/tables': ok({ tables }),
    [`GET /wps/tables/${tableId}/state`]: ok(state(game, overrides)),
    [`GET /wps/tables/${tableId}/my-bets`]: ok({ bets: [] }),
    'GET /wps/v2/wallets/balance': ok({ balance: '100.00', currency: 'USD', currencySymbol: '$' }),
    ...routes,
  });
};

const renderTable = (game: TableGame, path: string) => {
  const router = createMemoryRouter([{ path: '/house/:game', element: <TablePage game={game} /> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

const placedBody = (requests: MockRequest[]) =>
  requests[0]?.body as { tableId: string; roundId: string; bets: unknown[]; requestId: string };

const click = (testId: string) => {
  fireEvent.click(screen.getByTestId(testId));
};

describe('a live table page', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on /house/baccarat, lays chips on the spots and confirms them in one request with a request id', async () => {
    window.sessionStorage.setItem('token', 'tok-1');
    const api = tableApi('BACCARAT', {
      'GET /wps/member/info': ok(buildMemberInfo()),
      'POST /wps/tables/bets': ok({ bets: [] }),
    });
    renderApp('/house/baccarat', await buildSitePermission());
    const confirm = await screen.findByTestId('table-confirm', {}, { timeout: 10_000 });
    expect(screen.getByTestId('table-option-BAC-A').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('table-option-BAC-B').textContent).toContain('100.00 – 500,000.00');
    // The chips fit the table's limits: its minimum first.
    expect(
      within(screen.getByTestId('table-chips'))
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['10', '25', '50', '100', '500', '1K']);
    // Everyone's stakes on each spot, and the players at the table.
    expect(screen.getByTestId('spot-total-banker').textContent).toContain('2,500.00');
    expect(screen.getByTestId('table-players').textContent).toContain('3');

    click('table-chip-25.00');
    click('spot-player');
    click('spot-player');
    click('table-chip-10.00');
    click('spot-banker');
    expect(screen.getByTestId('spot-chip-player').textContent).toBe('50.00');
    expect(confirm.textContent).toContain('60.00');
    await waitFor(() => {
      expect((confirm as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(confirm);
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/tables/bets')).toHaveLength(1);
    });
    const body = placedBody(api.requestsTo('POST /wps/tables/bets'));
    expect(body).toMatchObject({
      tableId: 'BAC-A',
      roundId: '7',
      bets: [
        { spot: 'player', amount: '50.00' },
        { spot: 'banker', amount: '10.00' },
      ],
    });
    expect(body.requestId).toMatch(/\S{8,}/);
    // The slip is cleared once the bets are taken.
    await waitFor(() => {
      expect(screen.getByTestId('table-confirm').textContent).toContain('0.00');
    });
  });

  it('rebets the last round and doubles it; a spot over the table maximum is refused on the page', async () => {
    const api = tableApi('BACCARAT', {
      'GET /wps/tables/BAC-A/my-bets': ok({
        bets: [
          myBet({ spot: 'player', amount: '2000' }),
          myBet({ betId: '2', spot: 'tie', amount: '1000' }),
          myBet({ betId: '3', roundId: '5', roundNumber: 5, spot: 'banker', amount: '9000' }),
        ],
      }),
      'POST /wps/tables/bets': ok({ bets: [] }),
    });
    renderTable('BACCARAT', '/house/baccarat');
    const rebet = await screen.findByTestId('table-rebet');
    await waitFor(() => {
      expect((rebet as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(rebet);
    expect(screen.getByTestId('table-confirm').textContent).toContain('30.00');
    click('table-double');
    expect(screen.getByTestId('table-confirm').textContent).toContain('60.00');
    click('table-confirm');
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/tables/bets')).toHaveLength(1);
    });
    expect(placedBody(api.requestsTo('POST /wps/tables/bets')).bets).toEqual([
      { spot: 'player', amount: '40.00' },
      { spot: 'tie', amount: '20.00' },
    ]);

    // 1K chips up to the spot's maximum of 50,000.00: the next one is refused before anything is sent.
    click('table-chip-1000.00');
    for (let chip = 0; chip < 50; chip += 1) click('spot-bankerPair');
    expect(screen.queryByTestId('table-notice')).toBeNull();
    click('spot-bankerPair');
    expect(screen.getByTestId('table-notice').textContent).toBe('A spot takes at most 50,000.00 a round.');
    expect(screen.getByTestId('spot-chip-bankerPair').textContent).toBe('50,000.00');
  });

  it('shows the server’s refusal of a bet in place', async () => {
    tableApi('BACCARAT', { 'POST /wps/tables/bets': fail('TABLE_BETTING_CLOSED') });
    renderTable('BACCARAT', '/house/baccarat');
    fireEvent.click(await screen.findByTestId('spot-tie'));
    click('table-confirm');
    expect((await screen.findByTestId('table-error')).textContent).toBe(
      'Bets are closed for this round; wait for the next one.',
    );
    // The slip stays, so the player can bet it on the next round.
    expect(screen.getByTestId('spot-chip-tie').textContent).toBe('10.00');
  });

  it('counts down by the server’s clock', async () => {
    tableApi('BACCARAT');
    renderTable('BACCARAT', '/house/baccarat');
    const countdown = await screen.findByTestId('table-countdown');
    // 7.4 s left by the server's clock when its answer arrived (this machine's clock is years away).
    expect(['7', '8']).toContain(countdown.dataset.seconds);
    expect(screen.getByTestId('table-round').dataset.roundId).toBe('7');
  });

  it('shows a settled round: the cards dealt, the outcome, the winnings, the roads and the verify link', async () => {
    tableApi(
      'BACCARAT',
      {
        'GET /wps/tables/BAC-A/my-bets': ok({
          bets: [myBet({ roundId: '7', roundNumber: 7, spot: 'banker', amount: '1000', returned: '1950' })],
        }),
      },
      {
        round: round({
          phase: 'SETTLED',
          closesAt: at(-9_000),
          steps: ['9H', '2S', 'KD', '5C', '8D'].map((value, index) => ({
            atMs: (index + 1) * 1000,
            at: at(-8_000 + index * 1000),
            value,
            side: index % 2 === 0 ? 'player' : 'banker',
          })),
          result: {
            player: ['9H', 'KD', '8D'],
            banker: ['2S', '5C'],
            playerTotal: 7,
            bankerTotal: 7,
            outcome: 'tie',
            natural: false,
            playerPair: false,
            bankerPair: false,
          },
        }),
        history: {
          beadPlate: [
            { column: 0, row: 0, outcome: 'banker' },
            { column: 0, row: 1, outcome: 'tie' },
          ],
          bigRoad: [{ column: 0, row: 0, winner: 'banker', ties: 1, playerPair: false, bankerPair: false }],
        },
      },
    );
    renderTable('BACCARAT', '/house/baccarat');
    const result = await screen.findByTestId('table-result');
    expect(result.dataset.outcome).toBe('tie');
    expect(screen.getByTestId('table-outcome').textContent).toBe('Tie at 7');
    expect(
      within(screen.getByTestId('baccarat-hand-player'))
        .getAllByRole('img')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['9 of hearts', 'King of diamonds', '8 of diamonds']);
    expect(screen.getByTestId('baccarat-hand-banker').dataset.total).toBe('7');
    expect((await screen.findByTestId('table-winnings')).textContent).toBe(
      'You won: 19.50 came back on your 10.00.',
    );
    expect(screen.getByTestId('baccarat-bead-plate').dataset.count).toBe('2');
    expect(screen.getByTestId('table-verify-link').getAttribute('href')).toBe('/fairness?tableRound=7');
    expect(screen.getByTestId('spot-tie').className).toContain('table-spot--won');
  });

  it('reveals the cards step by step at the server’s instants while dealing', async () => {
    tableApi(
      'BACCARAT',
      {},
      {
        round: round({
          phase: 'DEALING',
          closesAt: at(-1_500),
          steps: [
            { atMs: 1000, at: at(-500), value: 'AS', side: 'player' },
            { atMs: 2000, at: at(60_000), value: 'QH', side: 'banker' },
          ],
        }),
      },
    );
    renderTable('BACCARAT', '/house/baccarat');
    const player = await screen.findByTestId('baccarat-hand-player');
    expect(
      within(player)
        .getAllByRole('img')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Ace of spades']);
    // The banker's card is still face down.
    expect(within(screen.getByTestId('baccarat-hand-banker')).queryAllByRole('img')).toEqual([]);
    expect(screen.getByTestId('table-phase').dataset.phase).toBe('DEALING');
  });
});

describe('the roulette table', { timeout: 30_000 }, () => {
  const reduceMotion = (isReduced: boolean) => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: isReduced && query.includes('reduce'),
      media: query,
    }));
  };
  beforeEach(() => {
    reduceMotion(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes inside and outside bets of the European layout', async () => {
    const api = tableApi('ROULETTE', { 'POST /wps/tables/bets': ok({ bets: [] }) }, { history: {} });
    renderTable('ROULETTE', '/house/roulette');
    for (const spot of [
      'straight:0',
      'split:1-2',
      'street:34-35-36',
      'corner:0-1-2-3',
      'sixLine:31-32-33-34-35-36',
      'dozen:2',
      'red',
    ]) {
      fireEvent.click(await screen.findByTestId(`spot-${spot}`));
    }
    click('table-confirm');
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/tables/bets')).toHaveLength(1);
    });
    expect(placedBody(api.requestsTo('POST /wps/tables/bets')).bets).toEqual(
      [
        'straight:0',
        'split:1-2',
        'street:34-35-36',
        'corner:0-1-2-3',
        'sixLine:31-32-33-34-35-36',
        'dozen:2',
        'red',
      ].map((spot) => ({ spot, amount: '10.00' })),
    );
  });

  const spinning = (landsInMs: number) =>
    round({
      phase: 'DEALING',
      closesAt: at(-1_000),
      steps: [{ atMs: 6000, at: at(landsInMs), value: '17', side: 'black' }],
    });

  it('spins the wheel until the ball lands', async () => {
    tableApi(
      'ROULETTE',
      {},
      { round: spinning(60_000), history: { lastNumbers: [3, 0], hot: [], cold: [] } },
    );
    renderTable('ROULETTE', '/house/roulette');
    const wheel = await screen.findByTestId('roulette-wheel');
    expect(wheel.dataset.spinning).toBe('true');
    expect(screen.queryByTestId('roulette-pocket')).toBeNull();
    expect(screen.getByTestId('roulette-last-numbers').textContent).toBe('30');
  });

  it('with reduced motion never spins: the pocket shows once the ball has landed', async () => {
    reduceMotion(true);
    tableApi('ROULETTE', {}, { round: spinning(60_000), history: {} });
    renderTable('ROULETTE', '/house/roulette');
    expect((await screen.findByTestId('table-stage')).dataset.motion).toBe('reduced');
    expect(screen.getByTestId('roulette-wheel').dataset.spinning).toBe('false');
    expect(screen.queryByTestId('roulette-pocket')).toBeNull();
  });

  it('with reduced motion shows the landed pocket at once', async () => {
    reduceMotion(true);
    tableApi('ROULETTE', {}, { round: spinning(-200), history: {} });
    renderTable('ROULETTE', '/house/roulette');
    expect((await screen.findByTestId('roulette-pocket')).textContent).toBe('17');
    expect(screen.getByTestId('roulette-wheel').dataset.spinning).toBe('false');
  });
});
