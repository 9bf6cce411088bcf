import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminGame } from '@wps/contracts/games-admin';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const game = (overrides: Partial<AdminGame> = {}): AdminGame => ({
  id: '41',
  vendorCode: 'NOVA',
  vendorName: 'Nova Games',
  integration: 'seamless',
  gameType: 'RNG',
  category: 'RNG',
  gameCode: 'N-1',
  name: 'Amber Reels',
  classify: 'SLOT',
  isEnabled: true,
  isHot: false,
  isNew: false,
  hasTrial: true,
  sortOrder: 3,
  iconUrl: '/TCG_GAME_ICONS/NOVA/N-1.png',
  hasOwnImage: false,
  ...overrides,
});

const page = (games: AdminGame[], pageNo = 1, totalPages = 3) => ({
  games,
  pageNo,
  total: totalPages * 20,
  totalPages,
});

const routes = {
  ...signedInRoutes,
  'GET /wps/backoffice/game-vendors': ok([]),
  'GET /wps/backoffice/games': ({ url }: { url: URL }) =>
    ok(
      url.searchParams.get('pageNo') === '2'
        ? page([game({ id: '77', name: 'Second Page Slot' })], 2)
        : page([game()]),
    ),
};

describe('the games catalogue console', () => {
  it('pages and filters on the server', async () => {
    signIn();
    const api = mockApi(routes);
    renderConsole('/games-catalogue');
    expect((await screen.findByTestId('game-41')).textContent).toContain('Amber Reels');
    expect(screen.getByTestId('catalogue-total').textContent).toBe('60 games');
    const first = api.requestsTo('GET /wps/backoffice/games')[0]?.url.searchParams;
    expect(first?.get('pageNo')).toBe('1');
    expect(first?.get('pageSize')).toBe('20');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('game-77')).toBeTruthy();

    fireEvent.change(screen.getByTestId('catalogue-category'), { target: { value: 'FISH' } });
    fireEvent.change(screen.getByTestId('catalogue-status'), { target: { value: 'disabled' } });
    fireEvent.change(screen.getByTestId('catalogue-search'), { target: { value: ' amber ' } });
    fireEvent.click(screen.getByTestId('catalogue-filter'));
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/games').at(-1)?.url.searchParams.get('search')).toBe(
        'amber',
      );
    });
    const last = api.requestsTo('GET /wps/backoffice/games').at(-1)?.url.searchParams;
    expect(last?.get('category')).toBe('FISH');
    expect(last?.get('status')).toBe('disabled');
    // A new filter starts again at the first page.
    expect(last?.get('pageNo')).toBe('1');
    expect(last?.has('vendor')).toBe(false);
  });

  it('shows, marks, orders and pictures a game', async () => {
    signIn();
    const api = mockApi({
      ...routes,
      'PATCH /wps/backoffice/games/41': ok(game({ isEnabled: false })),
      'PUT /wps/backoffice/games/41/image': ok(game({ hasOwnImage: true })),
    });
    renderConsole('/games-catalogue');
    fireEvent.click(await screen.findByTestId('game-41-isEnabled'));
    await waitFor(() => {
      expect(api.requestsTo('PATCH /wps/backoffice/games/41')).toHaveLength(1);
    });
    expect(api.requestsTo('PATCH /wps/backoffice/games/41')[0]?.body).toEqual({ isEnabled: false });

    fireEvent.click(screen.getByTestId('game-41-isHot'));
    await waitFor(() => {
      expect(api.requestsTo('PATCH /wps/backoffice/games/41')[1]?.body).toEqual({ isHot: true });
    });

    fireEvent.change(screen.getByTestId('game-41-order'), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('game-41-order-save'));
    await waitFor(() => {
      expect(api.requestsTo('PATCH /wps/backoffice/games/41')[2]?.body).toEqual({ sortOrder: -5 });
    });

    fireEvent.change(screen.getByTestId('game-41-file'), {
      target: { files: [new File(['png'], 'icon.png', { type: 'image/png' })] },
    });
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/games/41/image')).toHaveLength(1);
    });
  });

  it('drops a game’s own picture back to the drawn one', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/game-vendors': ok([]),
      'GET /wps/backoffice/games': ok(
        page([game({ hasOwnImage: true, iconUrl: '/TCG_GAME_ICONS/uploaded/6f1c2a9e' })], 1, 1),
      ),
      'DELETE /wps/backoffice/games/41/image': ok(game()),
    });
    renderConsole('/games-catalogue');
    expect((await screen.findByTestId<HTMLImageElement>('game-41-picture')).getAttribute('src')).toBe(
      '/TCG_GAME_ICONS/uploaded/6f1c2a9e',
    );
    fireEvent.click(screen.getByTestId('game-41-clear-picture'));
    await waitFor(() => {
      expect(api.requestsTo('DELETE /wps/backoffice/games/41/image')).toHaveLength(1);
    });
  });

  it('shows the catalogue read-only to staff who may only look', async () => {
    signIn();
    mockApi({ ...routes, 'GET /wps/backoffice/session/me': ok(staffOfPreset('support')) });
    renderConsole('/games-catalogue');
    expect((await screen.findByTestId('game-41-isEnabled')).textContent).toBe('Yes');
    expect(screen.queryByTestId('game-41-file')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('game-41-order').disabled).toBe(true);
  });
});
