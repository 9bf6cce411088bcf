import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../lib/query-client';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { FairnessPage } from './fairness-page';

const renderAt = (search: string) => {
  const router = createMemoryRouter([{ path: '/fairness', element: <FairnessPage /> }], {
    initialEntries: [`/fairness?${search}`],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

const result = {
  player: ['9H', 'KD', '8D'],
  banker: ['2S', '5C'],
  playerTotal: 7,
  bankerTotal: 7,
  outcome: 'tie',
  natural: false,
  playerPair: false,
  bankerPair: false,
};

describe('a live table round on the verification page', () => {
  it('shows the server’s proof and recomputes the round with its game and shoe position', async () => {
    const api = mockApi({
      'GET /wps/house/fairness/games': ok({ games: ['slot', 'crash', 'tables'] }),
      'GET /wps/tables/rounds/9/verify': ok({
        roundId: '9',
        tableCode: 'BAC-A',
        game: 'BACCARAT',
        serverSeed: 'seed-9',
        serverSeedHash: 'cd'.repeat(32),
        clientSeed: 'client-9',
        nonce: 0,
        shoe: { shoeId: '2', cutPosition: 350, cards: 416 },
        shoePosition: 12,
        result,
        commitmentMatches: true,
        resultMatches: true,
        formula: '…',
      }),
      'POST /wps/house/fairness/verify': ok({
        game: 'tables',
        serverSeedHash: 'cd'.repeat(32),
        result: { ...result, serverSeedHash: 'cd'.repeat(32), cutPosition: 350 },
      }),
    });
    renderAt('tableRound=9');
    expect((await screen.findByTestId('fairness-table-round')).textContent).toContain('BAC-A');
    expect(screen.getByTestId('fairness-table-commitment').dataset.valid).toBe('true');
    expect(screen.getByTestId('fairness-table-server').dataset.valid).toBe('true');
    fireEvent.click(screen.getByTestId('fairness-table-recompute'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/house/fairness/verify')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/house/fairness/verify')[0]?.body).toEqual({
      game: 'tables',
      serverSeed: 'seed-9',
      clientSeed: 'client-9',
      nonce: 0,
      params: { game: 'BACCARAT', shoePosition: '12' },
    });
    expect((await screen.findByTestId('fairness-verdict')).dataset.verdict).toBe('match');
    expect(screen.getByTestId('fairness-row-outcome').dataset.verdict).toBe('match');
  });

  it('says when a baccarat round’s seed is not revealed yet', async () => {
    mockApi({
      'GET /wps/house/fairness/games': ok({ games: ['tables'] }),
      'GET /wps/tables/rounds/10/verify': fail('NOT_FOUND'),
    });
    renderAt('tableRound=10');
    expect((await screen.findByTestId('fairness-table-unavailable')).textContent).toContain(
      'not revealed yet',
    );
  });
});
