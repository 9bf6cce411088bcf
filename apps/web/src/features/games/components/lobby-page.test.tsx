import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { buildGames, buildMenu, gamePage, logInWithGames } from '../testing/game-fixtures';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const menus = ok([
  buildMenu(
    'RNG',
    ['PG', 'JDB'],
    [
      { code: 'ALL', vendors: { PG: 30, JDB: 20 } },
      { code: 'SCRATCH', vendors: { JDB: 4 } },
    ],
  ),
  buildMenu('LIVE', ['EG2']),
]);

/** Two pages of games for any filter; the page number shows in the game names. */
const twoPages = (request: MockRequest) => {
  const pageNo = Number(request.url.searchParams.get('pageNo'));
  return gamePage(buildGames(3, pageNo * 100), 2, pageNo);
};

const lastListQuery = (api: ReturnType<typeof mockApi>) =>
  Object.fromEntries(api.requestsTo('GET /wps/relay/GCSGAME_gameList').at(-1)?.url.searchParams ?? []);

const tab = (code: string): HTMLElement => {
  const found = screen.getAllByTestId('lobby-classify').find((element) => element.dataset.classify === code);
  if (found === undefined) throw new Error(`no tab ${code}`);
  return found;
};

const vendorButton = (code: string): HTMLElement => {
  const found = screen.getAllByTestId('lobby-vendor').find((element) => element.dataset.vendor === code);
  if (found === undefined) throw new Error(`no vendor ${code}`);
  return found;
};

describe('lobby', () => {
  it('lists the category 40 a page, with the vendor menu, its icons and the RNG tabs', async () => {
    const api = mockApi({
      'GET /wps/lgw/games/game_menus': menus,
      'GET /wps/relay/GCSGAME_gameList': twoPages,
    });
    renderApp('/rng', permission);

    expect(await screen.findAllByTestId('game-card')).toHaveLength(3);
    expect(lastListQuery(api)).toMatchObject({ gameType: 'RNG', pageNo: '1', pageSize: '40' });
    expect(lastListQuery(api)).not.toHaveProperty('vassalage');
    expect(screen.getAllByTestId('lobby-classify').map((element) => element.dataset.classify)).toEqual([
      'ALL',
      'HOT',
      'RECENT',
      'FAV',
      'NEW',
      'SCRATCH',
    ]);
    expect(tab('ALL').getAttribute('aria-pressed')).toBe('true');
    expect(within(vendorButton('PG')).getByTestId('vendor-logo').textContent).toBe('PG');

    fireEvent.click(vendorButton('PG'));
    await waitFor(() => {
      expect(lastListQuery(api)).toMatchObject({ vassalage: 'PG', pageNo: '1' });
    });
    expect(vendorButton('PG').getAttribute('aria-pressed')).toBe('true');
    // PG has no scratch cards, so that subcategory goes.
    expect(
      screen.queryAllByTestId('lobby-classify').some((element) => element.dataset.classify === 'SCRATCH'),
    ).toBe(false);
  });

  it('gives every vendor of the menu a logo of its own (initials, colour and shape), none the same', async () => {
    const seeded = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS', 'KY'];
    mockApi({
      'GET /wps/lgw/games/game_menus': ok([buildMenu('RNG', seeded)]),
      'GET /wps/relay/GCSGAME_gameList': twoPages,
    });
    renderApp('/rng', permission);

    await screen.findAllByTestId('game-card');
    const looks = seeded.map((code) => {
      const logo = within(vendorButton(code)).getByTestId('vendor-logo');
      expect(logo.textContent).toBe(code);
      return `${logo.textContent}/${logo.dataset.shape ?? ''}/${logo.dataset.hue ?? ''}`;
    });
    expect(new Set(looks).size).toBe(seeded.length);
    // Not one badge for all: the colours and the shapes vary between vendors too.
    const logos = seeded.map((code) => within(vendorButton(code)).getByTestId('vendor-logo'));
    expect(new Set(logos.map((logo) => logo.dataset.hue)).size).toBe(seeded.length);
    expect(new Set(logos.map((logo) => logo.dataset.shape)).size).toBeGreaterThan(2);
  });

  it('shows a brand image CDN’s own vendor icon where the brand has one', async () => {
    mockApi({ 'GET /wps/lgw/games/game_menus': menus, 'GET /wps/relay/GCSGAME_gameList': twoPages });
    renderApp('/rng', { ...permission, info: { ...permission.info, imageCDNs: ['https://img.example'] } });

    await screen.findAllByTestId('game-card');
    expect(vendorButton('PG').querySelector('img')?.getAttribute('src')).toBe(
      'https://img.example/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-DEFAULT.png',
    );
  });

  it('offers NEW only in the RNG lobby and no subcategory the menu does not list', async () => {
    mockApi({ 'GET /wps/lgw/games/game_menus': menus, 'GET /wps/relay/GCSGAME_gameList': twoPages });
    renderApp('/live', permission);

    await screen.findAllByTestId('game-card');
    expect(screen.getAllByTestId('lobby-classify').map((element) => element.dataset.classify)).toEqual([
      'ALL',
      'HOT',
      'RECENT',
      'FAV',
    ]);
  });

  it('resets classify to ALL when a vendor is chosen', async () => {
    const api = mockApi({
      'GET /wps/lgw/games/game_menus': menus,
      'GET /wps/relay/GCSGAME_gameList': twoPages,
      'GET /wps/relay/GCSGAME_hotGamesV2': ok({ list: buildGames(20, 500) }),
    });
    renderApp('/rng?classify=HOT', permission);

    // HOT comes whole and is paged here, 15 at a time.
    expect(await screen.findAllByTestId('game-card')).toHaveLength(15);
    expect(tab('HOT').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(vendorButton('JDB'));

    await waitFor(() => {
      expect(tab('ALL').getAttribute('aria-pressed')).toBe('true');
    });
    const search = new URLSearchParams(window.location.search);
    expect(search.get('vendor')).toBe('JDB');
    expect(search.has('classify')).toBe(false);
    await waitFor(() => {
      expect(lastListQuery(api)).toMatchObject({ vassalage: 'JDB', pageNo: '1', pageSize: '40' });
    });
  });

  it('resets the page to 1 when classify or the search changes, and trims the search', async () => {
    const api = mockApi({
      'GET /wps/lgw/games/game_menus': menus,
      'GET /wps/relay/GCSGAME_gameList': twoPages,
    });
    renderApp('/rng', permission);
    await screen.findAllByTestId('game-card');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(lastListQuery(api)).toMatchObject({ pageNo: '2' });
    });
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');

    fireEvent.click(tab('NEW'));
    await waitFor(() => {
      expect(lastListQuery(api)).toMatchObject({ isNew: '1', pageNo: '1', pageSize: '40' });
    });
    expect(new URLSearchParams(window.location.search).has('page')).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(lastListQuery(api)).toMatchObject({ isNew: '1', pageNo: '2' });
    });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games by name' }), {
      target: { value: '  Tiger  ' },
    });
    await waitFor(() => {
      expect(lastListQuery(api)).toMatchObject({ gameName: 'Tiger', pageNo: '1', pageSize: '24' });
    });
    const search = new URLSearchParams(window.location.search);
    expect(search.get('q')).toBe('Tiger');
    expect(search.has('page')).toBe(false);
  });

  it('ignores pages beyond the last', async () => {
    const api = mockApi({
      'GET /wps/lgw/games/game_menus': menus,
      'GET /wps/relay/GCSGAME_gameList': twoPages,
    });
    renderApp('/rng?page=2', permission);
    await screen.findAllByTestId('game-card');
    expect(lastListQuery(api)).toMatchObject({ pageNo: '2' });

    const next = screen.getByTestId('lobby-pagination-next');
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));

    expect(
      api
        .requestsTo('GET /wps/relay/GCSGAME_gameList')
        .some((request) => request.url.searchParams.get('pageNo') === '3'),
    ).toBe(false);
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(
      within(screen.getByTestId('lobby-pagination')).getByRole('button', { current: 'page' }).textContent,
    ).toBe('2');
  });

  it('asks a guest to log in for FAV and RECENT and calls nothing', async () => {
    const api = mockApi({
      'GET /wps/lgw/games/game_menus': menus,
      'GET /wps/relay/GCSGAME_gameList': twoPages,
    });
    renderApp('/rng', permission);
    await screen.findAllByTestId('game-card');

    fireEvent.click(tab('FAV'));

    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(api.requestsTo('GET /wps/relay/MCSFE_getFavoriteGamesList')).toHaveLength(0);
  });

  it('shows a member their favourites of the category, 15 a page', async () => {
    const api = logInWithGames({
      'GET /wps/lgw/games/game_menus': menus,
      'GET /wps/relay/GCSGAME_gameList': twoPages,
      'GET /wps/relay/MCSFE_getFavoriteGames': ok([900]),
      'GET /wps/relay/MCSFE_getFavoriteGamesList': ok({
        content: buildGames(1, 900),
        pageNum: 1,
        totalPages: 1,
      }),
    });
    renderApp('/rng', permission);
    await screen.findAllByTestId('game-card');
    await screen.findByTestId('header-account');

    fireEvent.click(tab('FAV'));

    await waitFor(() => {
      expect(screen.getAllByTestId('game-card')).toHaveLength(1);
    });
    const query = api.requestsTo('GET /wps/relay/MCSFE_getFavoriteGamesList').at(-1)?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toMatchObject({ gameType: 'RNG', pageNo: '1', pageSize: '15' });
    expect(screen.getByTestId('game-card-favourite').getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the no-data message for an empty list', async () => {
    mockApi({ 'GET /wps/lgw/games/game_menus': menus, 'GET /wps/relay/GCSGAME_gameList': gamePage([], 0) });
    renderApp('/rng', permission);

    expect(await screen.findByText('No games found')).toBeTruthy();
    expect(screen.queryByTestId('lobby-pagination')).toBeNull();
  });
});
