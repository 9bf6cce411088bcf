import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../lib/query-client';
import { mockApi, ok } from '../../../testing/mock-api';
import { FairnessPage } from './fairness-page';

const renderAt = (params: URLSearchParams) => {
  const router = createMemoryRouter([{ path: '/fairness', element: <FairnessPage /> }], {
    initialEntries: [`/fairness?${params.toString()}`],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

const lotteryLink = (recorded: Record<string, unknown>) =>
  new URLSearchParams({
    game: 'lottery',
    serverSeed: 'revealed-seed',
    clientSeed: 'draw-7',
    nonce: '0',
    gameCode: 'TCG_LOTTO_VN',
    stations: 'TPHCM,DONGTHAP',
    recorded: JSON.stringify(recorded),
  });

describe('the verification page', () => {
  it('reads a match: each station’s recomputed numbers beside the recorded ones, no raw JSON', async () => {
    const stations = { TPHCM: ['12', '345'], DONGTHAP: ['67', '890'] };
    mockApi({
      'GET /wps/house/fairness/games': ok({ games: ['slot', 'crash', 'lottery'] }),
      'POST /wps/house/fairness/verify': ok({ game: 'lottery', serverSeedHash: 'ab', result: { stations } }),
    });
    renderAt(lotteryLink({ stations }));

    fireEvent.click(await screen.findByTestId('fairness-verify'));
    const verdict = await screen.findByTestId('fairness-verdict');
    expect(verdict.dataset.verdict).toBe('match');
    expect(verdict.textContent).toContain('Match: the recorded result is exactly the one these seeds give.');
    const row = screen.getByTestId('fairness-row-stations.TPHCM');
    expect(row.textContent).toContain('Station TPHCM');
    expect(row.textContent).toContain('12 345');
    expect(row.textContent).toContain('Same');
    const result = screen.getByTestId('fairness-result');
    expect(result.textContent).not.toMatch(/[{}[\]"]/);
    expect(result.querySelector('pre')).toBeNull();
  });

  it('reads a mismatch: the differing value is marked and the verdict says so', async () => {
    mockApi({
      'GET /wps/house/fairness/games': ok({ games: ['slot', 'crash', 'lottery'] }),
      'POST /wps/house/fairness/verify': ok({
        game: 'lottery',
        serverSeedHash: 'ab',
        result: { stations: { TPHCM: ['12', '345'], DONGTHAP: ['67', '890'] } },
      }),
    });
    renderAt(lotteryLink({ stations: { TPHCM: ['12', '345'], DONGTHAP: ['67', '891'] } }));

    fireEvent.click(await screen.findByTestId('fairness-verify'));
    const verdict = await screen.findByTestId('fairness-verdict');
    expect(verdict.dataset.verdict).toBe('mismatch');
    expect(verdict.textContent).toContain('Mismatch');
    expect(screen.getByTestId('fairness-row-stations.TPHCM').dataset.verdict).toBe('match');
    const differing = screen.getByTestId('fairness-row-stations.DONGTHAP');
    expect(differing.dataset.verdict).toBe('mismatch');
    expect(differing.textContent).toContain('67 890');
    expect(differing.textContent).toContain('67 891');
    expect(differing.textContent).toContain('Differs');
    expect(screen.getByTestId('fairness-result').textContent).not.toMatch(/[{}[\]"]/);
  });

  it('reads a crash round and a slot spin by their own values', async () => {
    mockApi({
      'GET /wps/house/fairness/games': ok({ games: ['slot', 'crash', 'lottery'] }),
      'POST /wps/house/fairness/verify': ({ body }) =>
        typeof body === 'object' && body !== null && 'game' in body && body.game === 'crash'
          ? ok({ game: 'crash', serverSeedHash: 'ab', result: { crashPoint: '2.35', digest: 'ff' } })
          : ok({
              game: 'slot',
              serverSeedHash: 'ab',
              result: {
                base: {
                  stops: [1, 2, 3, 4, 5],
                  grid: [],
                  lineWins: [],
                  scatterCount: 0,
                  freeSpinsAwarded: 0,
                },
                freeSpins: [],
                lineBetUnits: 0,
                winMinorUnits: '0',
                jackpotHit: false,
              },
            }),
    });
    renderAt(
      new URLSearchParams({
        game: 'crash',
        serverSeed: 'a'.repeat(64),
        clientSeed: 'salt',
        recorded: JSON.stringify({ crashPoint: '2.36' }),
      }),
    );
    fireEvent.click(await screen.findByTestId('fairness-verify'));
    const crashRow = await screen.findByTestId('fairness-row-crashPoint');
    expect(crashRow.textContent).toContain('Crash point');
    expect(crashRow.textContent).toContain('2.35×');
    expect(crashRow.textContent).toContain('2.36×');
    expect(screen.getByTestId('fairness-verdict').dataset.verdict).toBe('mismatch');
    cleanup();

    renderAt(
      new URLSearchParams({
        game: 'slot',
        serverSeed: 'seed',
        clientSeed: 'client',
        recorded: JSON.stringify({ base: { stops: [1, 2, 3, 4, 5] }, freeSpins: [], jackpotHit: false }),
      }),
    );
    fireEvent.click(await screen.findByTestId('fairness-verify'));
    expect((await screen.findByTestId('fairness-verdict')).dataset.verdict).toBe('match');
    expect(screen.getByTestId('fairness-row-stops').textContent).toContain('1 2 3 4 5');
    expect(screen.getByTestId('fairness-row-jackpotHit').textContent).toContain('No');
  });

  it('draws its inputs inside the theme’s field control (visible on the dark theme)', async () => {
    mockApi({ 'GET /wps/house/fairness/games': ok({ games: ['slot'] }) });
    renderAt(new URLSearchParams());
    for (const name of ['serverSeed', 'clientSeed', 'nonce', 'stake']) {
      const input = await screen.findByTestId(`fairness-${name}`);
      expect(input.parentElement?.classList.contains('field__control')).toBe(true);
    }
  });

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
