import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/app-providers';
import { createQueryClient } from '../../../../lib/query-client';
import { mockApi, ok } from '../../../../testing/mock-api';
import { FairnessPage } from '../fairness-page';

describe('the verification page with a fishing shot’s link', () => {
  it('sends the shot’s fish, power, stake and RTP to the verifier and sets the recorded draw beside it', async () => {
    const recomputed = {
      fish: 'octopus',
      multiplier: 20,
      rtpBasisPoints: 9_700,
      draw: 5_123,
      bound: 200_000,
      killed: true,
      costMinorUnits: '200',
      payoutMinorUnits: '4000',
    };
    const api = mockApi({
      'GET /wps/house/fairness/games': ok({ games: ['fishing', 'slot'] }),
      'POST /wps/house/fairness/verify': ok({ game: 'fishing', serverSeedHash: 'ab', result: recomputed }),
    });
    const link = new URLSearchParams({
      game: 'fishing',
      serverSeed: 'revealed-seed',
      clientSeed: 'my-seed',
      nonce: '17',
      fish: 'octopus',
      power: '2',
      stake: '100',
      rtpBasisPoints: '9700',
      recorded: JSON.stringify({ killed: true, draw: 5_123, payoutMinorUnits: '4000' }),
    });
    const router = createMemoryRouter([{ path: '/fairness', element: <FairnessPage /> }], {
      initialEntries: [`/fairness?${link.toString()}`],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    fireEvent.click(await screen.findByTestId('fairness-verify'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/house/fairness/verify')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/house/fairness/verify')[0]?.body).toEqual({
      game: 'fishing',
      serverSeed: 'revealed-seed',
      clientSeed: 'my-seed',
      nonce: 17,
      params: { stake: '100', fish: 'octopus', power: '2', rtpBasisPoints: '9700' },
    });
    await waitFor(() => {
      expect(screen.getByTestId('fairness-verdict').getAttribute('data-verdict')).toBe('match');
    });
  });
});
