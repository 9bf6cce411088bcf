import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../lib/query-client';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import type { SlotInfo, SlotRound } from '../api/slot-queries';
import { SlotPage } from './slot-page';

const strip = ['CHERRY', 'LEMON', 'SEVEN', 'WILD', 'SCATTER', 'BELL'];
const jackpot = {
  gameCode: 'HOUSE_SLOT',
  amount: '1000.00',
  currency: 'USD',
  hits: 0,
  lastWonAmount: null,
  lastWonAt: null,
};
const info: SlotInfo = {
  gameCode: 'HOUSE_SLOT',
  gameName: 'Fruit Fortune Jackpot',
  currency: 'USD',
  betLevels: ['1.00', '2.00'],
  rows: 3,
  reels: [strip, strip, strip, strip, strip],
  paylines: [[1, 1, 1, 1, 1]],
  wild: 'WILD',
  scatter: 'SCATTER',
  linePays: { SEVEN: [0, 0, 0, 25, 100, 500] },
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpinsAwarded: [0, 0, 0, 10, 10, 10],
  freeSpinMultiplier: 2,
  returnToPlayer: { game: '95.6995%', jackpot: '1.1000%', total: '96.7995%' },
  jackpot,
  jackpotRules: { contributionPercent: '1.00%', seedAmount: '1000.00', oddsStake: '1000000.00' },
};
const sevens = [
  ['CHERRY', 'SEVEN', 'LEMON'],
  ['CHERRY', 'SEVEN', 'LEMON'],
  ['CHERRY', 'SEVEN', 'LEMON'],
  ['CHERRY', 'SEVEN', 'LEMON'],
  ['CHERRY', 'SEVEN', 'LEMON'],
];
const round = (bet: string): SlotRound => ({
  roundId: '41',
  requestId: 'r',
  currency: 'USD',
  bet,
  win: '25.00',
  jackpotWin: '0.00',
  totalWin: '25.00',
  balance: '124.00',
  base: {
    stops: [1, 1, 1, 1, 1],
    grid: sevens,
    lineWins: [{ line: 0, symbol: 'SEVEN', count: 5, pays: 500, amount: '25.00' }],
    scatterCount: 0,
    scatterWin: '0.00',
    freeSpinsAwarded: 0,
    multiplier: 1,
    win: '25.00',
  },
  freeSpins: [],
  jackpotHit: false,
  jackpot: { ...jackpot, amount: '1000.01' },
  seeds: { seedPairId: '1', serverSeedHash: 'ab'.repeat(32), clientSeed: 'c', nonce: 0 },
  verifyPath: '/fairness?game=slot&nonce=0',
  createdAt: '2026-01-01T00:00:00.000Z',
  isReplay: false,
});

const renderSlot = () => {
  const router = createMemoryRouter(
    [
      { path: '/house/slot', element: <SlotPage /> },
      { path: '/fairness', element: <p>fairness page</p> },
    ],
    { initialEntries: ['/house/slot'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
};

describe('the slot page', () => {
  beforeEach(() => {
    // Reduced motion: the reels show the result at once, so the test need not wait for transitions.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('spins with the chosen bet level and a fresh request id, then shows the reels, the wins and the balance', async () => {
    const api = mockApi({
      'GET /wps/house/slot': ok(info),
      'GET /wps/house/slot/jackpot': ok(jackpot),
      'GET /wps/house/seeds': ok({
        id: '1',
        game: 'slot',
        serverSeedHash: 'ab'.repeat(32),
        clientSeed: 'c',
        nextNonce: 0,
        createdAt: '',
      }),
      'POST /wps/house/slot/spins': (request) => ok(round((request.body as { bet: string }).bet)),
    });
    renderSlot();
    expect((await screen.findByTestId('slot-jackpot-amount')).textContent).toContain('1,000.00');
    expect(screen.getByTestId('slot-rtp').textContent).toContain('96.7995%');
    expect((await screen.findByTestId('slot-seed-hash')).textContent).toContain('ab'.repeat(32));
    fireEvent.change(screen.getByTestId('slot-bet'), {
      target: { value: '2.00' },
    });
    fireEvent.click(screen.getByTestId('slot-spin'));
    expect((await screen.findByTestId('slot-win')).textContent).toContain('25.00');
    const [sent] = api.requestsTo('POST /wps/house/slot/spins');
    expect(sent?.body).toMatchObject({
      bet: '2.00',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    expect(screen.getByTestId('slot-balance').textContent).toContain('124.00');
    expect(
      within(screen.getByTestId('slot-reel-2'))
        .getAllByRole('img')
        .map((cell) => cell.getAttribute('aria-label')),
    ).toEqual(['Cherry', 'Seven', 'Lemon']);
    // Drawn with the game's own art: no system emoji, which a phone without an emoji font shows as boxes.
    for (const cell of within(screen.getByTestId('slot-reel-2')).getAllByRole('img')) {
      expect(cell.querySelector('svg')).not.toBeNull();
      expect(cell.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    expect(screen.getByTestId('slot-verify-link').getAttribute('href')).toBe('/fairness?game=slot&nonce=0');
  });

  it('tells the player when the balance is short', async () => {
    mockApi({
      'GET /wps/house/slot': ok(info),
      'GET /wps/house/slot/jackpot': ok(jackpot),
      'POST /wps/house/slot/spins': fail('INSUFFICIENT_FUNDS'),
    });
    renderSlot();
    fireEvent.click(await screen.findByTestId('slot-spin'));
    await waitFor(() => {
      expect(screen.getByTestId('slot-error').textContent).toMatch(/insufficient/i);
    });
    expect(screen.queryByTestId('slot-result')).toBeNull();
  });
});
