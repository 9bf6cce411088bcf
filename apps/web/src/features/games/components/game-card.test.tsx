import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Game } from '@wps/contracts/games';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, mockApi, ok, type MockReply } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { favouriteToggleIntervalMs } from '../api/favourites';
import {
  buildGame,
  buildMenu,
  gamePage,
  logInWithGames,
  stubIntersectionObserver,
} from '../testing/game-fixtures';
import { gameCardStyleOf, hasFreeTrial } from './game-card';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

afterEach(() => {
  vi.useRealTimers();
});

const menus = ok([buildMenu('RNG', ['PG'])]);

/** The RNG lobby showing exactly these games. */
const lobbyRoutes = (games: readonly Game[]) => ({
  'GET /wps/lgw/games/game_menus': menus,
  'GET /wps/relay/GCSGAME_gameList': gamePage(games),
});

const cardOf = async (nodeId: number): Promise<HTMLElement> => {
  const cards = await screen.findAllByTestId('game-card');
  const card = cards.find((element) => element.dataset.nodeId === String(nodeId));
  if (card === undefined) throw new Error(`no card for game ${nodeId}`);
  return card;
};

describe('game card rules', () => {
  it('styles cards 1 to 5 by nodeId modulo 5 plus 1', () => {
    expect([10, 11, 12, 13, 14, 7].map(gameCardStyleOf)).toEqual([1, 2, 3, 4, 5, 3]);
  });

  it('offers a free trial when supportPlay is 0 or the vendor tile offers free play', () => {
    expect(hasFreeTrial({ supportPlay: 0, freeplay: 0 })).toBe(true);
    expect(hasFreeTrial({ supportPlay: 1, freeplay: 1 })).toBe(true);
    expect(hasFreeTrial({ supportPlay: 1, freeplay: 0 })).toBe(false);
  });
});

describe('game card', () => {
  it('shows the hot badge, name, vendor, style, Play, and Free trial only where allowed', async () => {
    mockApi(
      lobbyRoutes([
        buildGame({ nodeId: 7, gameName: 'Hot One', displayName: 'PG Soft', isHot: 1, supportPlay: 0 }),
        buildGame({ nodeId: 8, gameName: 'Plain One', isHot: 0, supportPlay: 1, freeplay: 0 }),
        buildGame({ nodeId: 9, gameName: 'Free Tile', supportPlay: 1, freeplay: 1 }),
      ]),
    );
    renderApp('/rng', permission);

    const hot = await cardOf(7);
    expect(within(hot).getByTestId('game-card-hot').textContent).toBe('Hot');
    expect(within(hot).getByRole('heading', { name: 'Hot One' })).toBeTruthy();
    expect(within(hot).getByText('PG Soft')).toBeTruthy();
    expect(hot.classList.contains('game-card--style-3')).toBe(true);
    expect(within(hot).getByRole('button', { name: 'Play Hot One' })).toBeTruthy();
    expect(within(hot).getByRole('button', { name: 'Free trial of Hot One' })).toBeTruthy();

    const plain = await cardOf(8);
    expect(within(plain).queryByTestId('game-card-hot')).toBeNull();
    expect(within(plain).queryByTestId('game-card-trial')).toBeNull();
    expect(plain.classList.contains('game-card--style-4')).toBe(true);
    expect(within(await cardOf(9)).getByTestId('game-card-trial')).toBeTruthy();
  });

  it('starts the free trial through the demo launch, for guests too', async () => {
    const api = mockApi({
      ...lobbyRoutes([buildGame({ nodeId: 7, supportPlay: 0 })]),
      'POST /wps/game/launchDemo': fail('GAME_UNAVAILABLE'),
    });
    renderApp('/rng', permission);

    fireEvent.click(within(await cardOf(7)).getByTestId('game-card-trial'));

    await waitFor(() => {
      expect(api.requestsTo('POST /wps/game/launchDemo')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/game/launchDemo')[0]?.body).toMatchObject({ nodeId: 7 });
  });

  it('loads its image once in view, tries once more, then shows the default icon from the image CDN', async () => {
    const observer = stubIntersectionObserver();
    mockApi(lobbyRoutes([buildGame({ nodeId: 7, iconUrl: '/TCG_GAME_ICONS/PG/FT1.png' })]));
    renderApp('/rng', {
      ...permission,
      info: { ...permission.info, imageCDNs: ['https://img.example.com/'] },
    });

    const card = await cardOf(7);
    expect(card.querySelector('img')).toBeNull();
    expect(observer.observers[0]?.options?.threshold).toBe(0.1);
    act(() => {
      observer.reveal();
    });

    const image = () => {
      const element = card.querySelector('img');
      if (element === null) throw new Error('no image');
      return element;
    };
    expect(image().getAttribute('src')).toBe('https://img.example.com/TCG_GAME_ICONS/PG/FT1.png');
    expect(image().getAttribute('alt')).toBe('Fortune Tiger');
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe('https://img.example.com/TCG_GAME_ICONS/PG/FT1.png?retry=1');
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe('https://img.example.com/TCG_GAME_ICONS/default.png');
    // The default failing too leaves the placeholder, not a loop.
    fireEvent.error(image());
    expect(card.querySelector('img')).toBeNull();
  });

  it('sends a guest who taps the favourite toggle to the login modal and calls nothing', async () => {
    const api = mockApi(lobbyRoutes([buildGame({ nodeId: 7 })]));
    renderApp('/rng', permission);

    fireEvent.click(within(await cardOf(7)).getByTestId('game-card-favourite'));

    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(api.requestsTo('POST /wps/relay/MCSFE_addFavoriteGameV2')).toHaveLength(0);
  });
});

describe('favourite toggle', () => {
  it('updates at once, then calls the server, at most once a second (leading call only)', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let finishAdd: ((reply: MockReply) => void) | null = null;
    const api = logInWithGames({
      ...lobbyRoutes([buildGame({ nodeId: 7, vassalage: 'PG', gameType: 'RNG', gameName: 'Fortune Tiger' })]),
      'GET /wps/relay/MCSFE_getFavoriteGames': ok([]),
      'DELETE /wps/relay/MCSFE_removeFavoriteGameV2': ok([]),
    });
    // The add waits until the test answers it, so the local change shows before the server has spoken.
    const routed = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === '/wps/relay/MCSFE_addFavoriteGameV2') {
        api.requests.push({
          url,
          method: 'POST',
          body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
          headers: new Headers(init.headers),
        });
        return new Promise((resolve) => {
          finishAdd = (reply) => {
            resolve(Response.json(reply.body, { status: reply.status }));
          };
        });
      }
      if (routed === undefined) throw new Error('fetch is not routed');
      return routed(input, init);
    });
    renderApp('/rng', permission);

    const toggle = within(await cardOf(7)).getByRole('button', { name: 'Favourite Fortune Tiger' });
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/relay/MCSFE_getFavoriteGames').length).toBeGreaterThan(0);
    });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(() => {
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
    });
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/relay/MCSFE_addFavoriteGameV2')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/relay/MCSFE_addFavoriteGameV2')[0]?.body).toEqual({
      nodeId: 7,
      vendor: 'PG',
      gameType: 'RNG',
    });

    // A second tap inside the second is dropped: no local change, no call.
    now += favouriteToggleIntervalMs - 1;
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(api.requestsTo('DELETE /wps/relay/MCSFE_removeFavoriteGameV2')).toHaveLength(0);

    act(() => {
      finishAdd?.(ok([7]));
    });
    await waitFor(() => {
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
    });

    now += 1;
    fireEvent.click(toggle);
    await waitFor(() => {
      expect(toggle.getAttribute('aria-pressed')).toBe('false');
    });
    const removal = api.requestsTo('DELETE /wps/relay/MCSFE_removeFavoriteGameV2');
    expect(removal).toHaveLength(1);
    expect(Object.fromEntries(removal[0]?.url.searchParams ?? [])).toEqual({
      nodeId: '7',
      vendor: 'PG',
      gameType: 'RNG',
    });
  });

  it('undoes the change and says why when the server refuses', async () => {
    const api = logInWithGames({
      ...lobbyRoutes([buildGame({ nodeId: 7 })]),
      'GET /wps/relay/MCSFE_getFavoriteGames': ok([7]),
      'DELETE /wps/relay/MCSFE_removeFavoriteGameV2': fail('GAME_NOT_FOUND'),
    });
    renderApp('/rng', permission);

    const toggle = within(await cardOf(7)).getByTestId('game-card-favourite');
    await waitFor(() => {
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
    });
    fireEvent.click(toggle);

    await waitFor(() => {
      expect(api.requestsTo('DELETE /wps/relay/MCSFE_removeFavoriteGameV2')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
    });
    expect(await screen.findByText('This game does not exist.', { exact: false })).toBeTruthy();
  });
});
