import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { buildGames, logInWithGames } from '../testing/game-fixtures';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

describe('/favorite and /recent', () => {
  it.each(['/favorite', '/recent'])('ask a guest at %s to log in and call nothing', async (path) => {
    const api = mockApi({});
    renderApp(path, permission);

    const notice = await screen.findByTestId('games-login-required');
    fireEvent.click(within(notice).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(api.requestsTo('GET /wps/relay/MCSFE_getFavoriteGamesList')).toHaveLength(0);
    expect(api.requestsTo('GET /wps/relay/GCS_recentGame')).toHaveLength(0);
  });

  it('pages a member’s recent games 15 at a time, the page in the address', async () => {
    const api = logInWithGames({
      'GET /wps/relay/GCS_recentGame': (request: MockRequest) => {
        const page = Number(request.url.searchParams.get('page'));
        return ok({ list: buildGames(page === 1 ? 15 : 2, page * 100), totalPages: 2 });
      },
    });
    renderApp('/recent', permission);

    await waitFor(() => {
      expect(screen.getAllByTestId('game-card')).toHaveLength(15);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('game-card')).toHaveLength(2);
    });
    expect(window.location.search).toBe('?page=2');
    expect(
      Object.fromEntries(api.requestsTo('GET /wps/relay/GCS_recentGame').at(-1)?.url.searchParams ?? []),
    ).toMatchObject({ page: '2', pageSize: '15' });
  });

  it('says when a member has no favourites', async () => {
    logInWithGames({
      'GET /wps/relay/MCSFE_getFavoriteGamesList': ok({ content: [], pageNum: 1, totalPages: 0 }),
    });
    renderApp('/favorite', permission);

    expect(await screen.findByText('No favourite games yet')).toBeTruthy();
  });
});
