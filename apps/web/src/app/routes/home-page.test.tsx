import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../features/site/api/get-permission';
import { buildGames, buildMenu, gamePage, logInWithGames } from '../../features/games/testing/game-fixtures';
import { mockApi, ok, type MockRequest } from '../../testing/mock-api';
import { buildSitePermission } from '../../testing/permission-fixture';
import { renderApp } from '../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const vendors = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

const menus = ok([
  buildMenu('RNG', vendors('R', 8)),
  buildMenu('FISH', vendors('F', 2)),
  buildMenu('ELOTT', vendors('E', 7)),
  buildMenu('LIVE', []),
]);

/** As many games as the page size asks for, up to `available[gameType]`. */
const listOf = (available: Record<string, number>) => (request: MockRequest) => {
  const gameType = request.url.searchParams.get('gameType') ?? '';
  const pageSize = Number(request.url.searchParams.get('pageSize'));
  const count = Math.min(available[gameType] ?? 0, pageSize);
  return gamePage(buildGames(count, 1000), 1);
};

const section = async (gameType: string): Promise<HTMLElement> => {
  await waitFor(() => {
    expect(
      screen.getAllByTestId('home-section').some((element) => element.dataset.gameType === gameType),
    ).toBe(true);
  });
  const found = screen
    .getAllByTestId('home-section')
    .find((element) => element.dataset.gameType === gameType);
  if (found === undefined) throw new Error(`no ${gameType} section`);
  return found;
};

const cardsIn = (element: HTMLElement) => within(element).queryAllByTestId('game-card');

describe('home sections', () => {
  it('shows HOT, then only the categories with vendors, each with 12 games and 6 vendors before show-more', async () => {
    const api = mockApi({
      'GET /wps/lgw/games/game_menus': menus,
      'GET /wps/relay/GCSGAME_hotGamesV2': ok({ list: buildGames(11, 1) }),
      'GET /wps/relay/GCSGAME_gameList': listOf({ RNG: 40, FISH: 10, ELOTT: 9 }),
    });
    renderApp('/', permission);

    const rng = await section('RNG');
    await waitFor(() => {
      expect(cardsIn(rng)).toHaveLength(12);
    });
    expect(screen.getAllByTestId('home-section').map((element) => element.dataset.gameType)).toEqual([
      'HOT',
      'RNG',
      'FISH',
      'ELOTT',
    ]);
    expect(within(rng).getAllByTestId('home-vendor')).toHaveLength(6);
    expect(within(rng).getByTestId('home-section-see-all').getAttribute('href')).toBe('/rng');
    expect(within(rng).getAllByTestId('home-vendor')[0]?.getAttribute('href')).toBe('/rng?vendor=R1');

    // A section asks for the 12 games it shows; show-more fetches the lobby's first page (40).
    const rngPageSizes = () =>
      api
        .requestsTo('GET /wps/relay/GCSGAME_gameList')
        .filter((request) => request.url.searchParams.get('gameType') === 'RNG')
        .map((request) => request.url.searchParams.get('pageSize'));
    expect(new Set(rngPageSizes())).toEqual(new Set(['12']));
    fireEvent.click(within(rng).getByRole('button', { name: 'Show more' }));
    await waitFor(() => {
      expect(cardsIn(rng)).toHaveLength(40);
    });
    expect(rngPageSizes().at(-1)).toBe('40');
    expect(within(rng).getAllByTestId('home-vendor')).toHaveLength(8);
    expect(within(rng).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

    // Show-more appears above 10 games: 11 hot games have it, 10 fishing games and 2 vendors do not.
    const hot = await section('HOT');
    await waitFor(() => {
      expect(cardsIn(hot)).toHaveLength(11);
    });
    expect(within(hot).getByTestId('home-section-more')).toBeTruthy();
    const fish = await section('FISH');
    await waitFor(() => {
      expect(cardsIn(fish)).toHaveLength(10);
    });
    expect(within(fish).queryByTestId('home-section-more')).toBeNull();

    // ELOTT is capped at 5 games and 5 vendors.
    const elott = await section('ELOTT');
    await waitFor(() => {
      expect(cardsIn(elott)).toHaveLength(5);
    });
    expect(within(elott).getAllByTestId('home-vendor')).toHaveLength(5);
    expect(within(elott).queryByTestId('home-section-more')).toBeNull();
    const elottQuery = api
      .requestsTo('GET /wps/relay/GCSGAME_gameList')
      .find((request) => request.url.searchParams.get('gameType') === 'ELOTT');
    expect(elottQuery?.url.searchParams.get('pageSize')).toBe('5');

    // A guest gets no member sections and asks for none.
    expect(api.requestsTo('GET /wps/relay/MCSFE_getFavoriteGamesList')).toHaveLength(0);
    expect(api.requestsTo('GET /wps/relay/GCS_recentGame')).toHaveLength(0);
  });

  it('adds FAV (page size 999) and RECENT (20) for a member, after HOT', async () => {
    const api = logInWithGames({
      'GET /wps/lgw/games/game_menus': ok([buildMenu('RNG', ['PG'])]),
      'GET /wps/relay/GCSGAME_hotGamesV2': ok({ list: buildGames(2, 1) }),
      'GET /wps/relay/GCSGAME_gameList': listOf({ RNG: 3 }),
      'GET /wps/relay/MCSFE_getFavoriteGames': ok([]),
      'GET /wps/relay/MCSFE_getFavoriteGamesList': ok({
        content: buildGames(14, 200),
        pageNum: 1,
        totalPages: 1,
      }),
      'GET /wps/relay/GCS_recentGame': ok({ list: buildGames(4, 300), totalPages: 1 }),
    });
    renderApp('/', permission);

    const favourites = await section('FAV');
    await waitFor(() => {
      expect(cardsIn(favourites)).toHaveLength(12);
    });
    expect(within(favourites).getByTestId('home-section-see-all').getAttribute('href')).toBe('/favorite');
    expect(cardsIn(await section('RECENT'))).toHaveLength(4);
    // The category rows render once the menus are in (a deferred render; see useDeferredQueryData).
    await waitFor(() => {
      expect(screen.getAllByTestId('home-section').map((element) => element.dataset.gameType)).toEqual([
        'HOT',
        'FAV',
        'RECENT',
        'RNG',
      ]);
    });
    expect(
      api.requestsTo('GET /wps/relay/MCSFE_getFavoriteGamesList').at(-1)?.url.searchParams.get('pageSize'),
    ).toBe('999');
    expect(api.requestsTo('GET /wps/relay/GCS_recentGame').at(-1)?.url.searchParams.get('pageSize')).toBe(
      '20',
    );
  });

  it('asks for a category row’s games only when the visitor nears it, holding its place meanwhile', async () => {
    // A browser's IntersectionObserver, driven by the test: nothing is near the screen until it says so.
    const observed = new Map<Element, IntersectionObserverCallback>();
    class TestIntersectionObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.set(element, this.callback);
      }
      disconnect() {}
      unobserve() {}
    }
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
    const api = mockApi({
      'GET /wps/lgw/games/game_menus': ok([buildMenu('RNG', ['PG']), buildMenu('FISH', ['JDB'])]),
      'GET /wps/relay/GCSGAME_hotGamesV2': ok({ list: buildGames(2, 1) }),
      'GET /wps/relay/GCSGAME_gameList': listOf({ RNG: 3, FISH: 4 }),
    });
    renderApp('/', permission);

    const rng = await section('RNG');
    expect(within(rng).getByTestId('home-games-deferred')).toBeTruthy();
    expect(api.requestsTo('GET /wps/relay/GCSGAME_gameList')).toHaveLength(0);

    // The row watches for the screen once its render's effects have run (a deferred render's run later).
    await waitFor(() => {
      expect(observed.get(rng)).toBeDefined();
    });
    const callback = observed.get(rng);
    act(() => {
      callback?.(
        [{ target: rng, isIntersecting: true } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    await waitFor(() => {
      expect(cardsIn(rng)).toHaveLength(3);
    });
    const gameTypes = api
      .requestsTo('GET /wps/relay/GCSGAME_gameList')
      .map((request) => request.url.searchParams.get('gameType'));
    expect(new Set(gameTypes)).toEqual(new Set(['RNG']));
    expect(within(await section('FISH')).getByTestId('home-games-deferred')).toBeTruthy();
  });

  it('shows the winners board', async () => {
    const api = mockApi({
      'GET /wps/relay/GCSGAME_getRankList': ok({
        list: [
          {
            vo: {
              winAmount: '1,250.00',
              currency: 'PKR',
              player: 'pl***01',
              gameName: 'Fortune Tiger',
              gameCode: 'FT1',
              vassalage: 'PG',
              gameType: 'RNG',
              prize: '25.0x',
              winTime: '2025-03-01T10:00:00.000Z',
            },
          },
        ],
      }),
    });
    renderApp('/', permission);

    const board = await screen.findByTestId('winners-board');
    expect(within(board).getByText('pl***01')).toBeTruthy();
    expect(within(board).getByText('PKR 1,250.00')).toBeTruthy();
    const query = api.requestsTo('GET /wps/relay/GCSGAME_getRankList')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toMatchObject({ gameCategory: 'ALL', limitNum: '20' });
  });
});
