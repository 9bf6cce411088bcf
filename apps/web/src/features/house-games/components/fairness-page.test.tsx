import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../lib/query-client';
import { mockApi, ok } from '../../../testing/mock-api';
import { FairnessPage } from './fairness-page';

describe('the verification page', () => {
  it('sends a lottery draw’s game code and stations from its link to the verifier', async () => {
    const api = mockApi({
      'GET /wps/house/fairness/games': ok({ games: ['slot', 'crash', 'lottery'] }),
      'POST /wps/house/fairness/verify': ok({ game: 'lottery', serverSeedHash: 'ab', result: {} }),
    });
    const link = new URLSearchParams({
      game: 'lottery',
      serverSeed: 'revealed-seed',
      clientSeed: 'draw-7',
      nonce: '0',
      gameCode: 'TCG_LOTTO_VN',
      stations: 'TPHCM,DONGTHAP',
    });
    const router = createMemoryRouter([{ path: '/fairness', element: <FairnessPage /> }], {
      initialEntries: [`/fairness?${link.toString()}`],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect((await screen.findByTestId<HTMLInputElement>('fairness-stations')).value).toBe('TPHCM,DONGTHAP');
    fireEvent.click(screen.getByTestId('fairness-verify'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/house/fairness/verify')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/house/fairness/verify')[0]?.body).toMatchObject({
      game: 'lottery',
      serverSeed: 'revealed-seed',
      clientSeed: 'draw-7',
      nonce: 0,
      params: { gameCode: 'TCG_LOTTO_VN', stations: 'TPHCM,DONGTHAP' },
    });
  });
});
