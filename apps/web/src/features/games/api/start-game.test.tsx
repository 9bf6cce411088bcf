import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Game, LaunchGameResult } from '@wps/contracts/games';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../lib/query-client';
import { buildMemberInfo, fail, mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { useActionGuard } from '../../auth/api/use-action-guard';
import { SeamlessGamePage } from '../components/seamless-game-page';
import { VendorGamesPopup } from '../components/vendor-games-popup';
import { useStartGame } from './start-game';

const buildGame = (overrides: Partial<Game>): Game => ({
  nodeId: 101,
  nodeName: 'Lotus Slot',
  gameType: 'RNG',
  vassalage: 'PG',
  gameCode: 'lotus',
  gameName: 'Lotus Slot',
  gameClassify: 'SLOT',
  displayName: 'PG Soft',
  showIcon: 1,
  iconUrl: '',
  lagerIcon: '',
  isHot: 0,
  isNew: 0,
  supportPlay: 0,
  freeplay: 0,
  isGame: '',
  ...overrides,
});

const games: Record<string, Game> = {
  slot: buildGame({}),
  vnLottery: buildGame({ nodeId: 201, vassalage: 'TCG_LOTTO_VN', gameCode: 'VN 1', gameType: 'LOTT' }),
  seaLottery: buildGame({ nodeId: 202, vassalage: 'TCG_SEA', gameCode: 'sea-9', gameType: 'LOTT' }),
  lott: buildGame({ nodeId: 203, vassalage: 'LOTT', gameCode: 'l-3', gameType: 'LOTT' }),
  elott: buildGame({ nodeId: 204, vassalage: 'ELOTT', gameCode: 'e-4', gameType: 'ELOTT' }),
  houseSlot: buildGame({
    nodeId: 205,
    vassalage: 'HOUSE',
    gameCode: 'HOUSE_SLOT',
    gameName: 'Fruit Fortune',
  }),
  vendorList: buildGame({
    nodeId: 301,
    vassalage: 'JL',
    displayName: 'Jili',
    gameType: 'FISH',
    gameName: 'Jili lobby',
    isGame: 'VASSALAGE',
  }),
};

const launchAnswer = (nodeId: number, mode: 'real' | 'demo', gameName = 'Lotus Slot'): LaunchGameResult => ({
  url: `https://vendor.example/play?game=g${nodeId}&mode=${mode}${mode === 'real' ? '&token=t-1' : ''}`,
  nodeId,
  gameCode: `g${nodeId}`,
  vassalage: 'PG',
  gameName,
  mode,
});

const launchReply = (mode: 'real' | 'demo') => (request: MockRequest) => {
  const { nodeId } = request.body as { nodeId: number };
  return ok(launchAnswer(nodeId, mode, nodeId === 302 ? 'Ocean King' : 'Lotus Slot'));
};

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function StartButtons() {
  const startGame = useStartGame();
  const { status } = useActionGuard();
  return (
    <>
      <p data-testid="guard-status">{status}</p>
      {Object.entries(games).map(([key, game]) => (
        <button
          key={key}
          type="button"
          onClick={() => {
            startGame(game);
          }}
        >
          {`play ${key}`}
        </button>
      ))}
      <button
        type="button"
        onClick={() => {
          startGame(games.slot ?? buildGame({}), { demo: true });
        }}
      >
        trial slot
      </button>
    </>
  );
}

/** The hook in a router of its own: where each start leads is what the probe shows. */
const renderStarter = (path = '/') => {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
            <VendorGamesPopup />
          </>
        ),
        children: [
          { path: '/', element: <StartButtons /> },
          { path: '/login', element: <p>login modal</p> },
          { path: '/seamless', element: <SeamlessGamePage /> },
          { path: '*', element: <p>another page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
};

/** A member of the type (4 is a trial account); tests wait for `sessionReady` before starting games. */
const logIn = (type: number, routes: Parameters<typeof mockApi>[0] = {}) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo({ type, isTrial: type === 4 })),
    'POST /wps/game/launchGame': launchReply('real'),
    'POST /wps/game/launchDemo': launchReply('demo'),
    ...routes,
  });
};

const location = () => screen.getByTestId('location').textContent;
/** Once the stored token has become member info (a guest is known at once). */
const sessionReady = async () => {
  await waitFor(() => {
    expect(screen.getByTestId('guard-status').textContent).not.toBe('resolving');
  });
};
const play = async (key: string) => {
  await sessionReady();
  fireEvent.click(screen.getByRole('button', { name: `play ${key}` }));
};

describe('starting a game (spec section 4)', () => {
  it('sends a guest to the login modal without launching anything', async () => {
    const api = mockApi({ 'POST /wps/game/launchGame': launchReply('real') });
    const router = renderStarter();

    for (const key of ['slot', 'vnLottery', 'vendorList']) {
      await play(key);
      await waitFor(() => {
        expect(location()).toBe('/login');
      });
      await act(() => router.navigate('/'));
    }
    expect(api.requestsTo('POST /wps/game/launchGame')).toEqual([]);
    expect(screen.queryByTestId('vendor-games-popup')).toBeNull();
  });

  it('tells a trial account in_need_true_account and does not start the game', async () => {
    const api = logIn(4);
    renderStarter();

    for (const key of ['slot', 'seaLottery', 'vendorList']) {
      await play(key);
      const warning = await screen.findByTestId('alert-dialog');
      expect(within(warning).getByText('Please register a real account to use this feature.')).toBeTruthy();
      fireEvent.click(within(warning).getByTestId('dialog-confirm'));
      await waitFor(() => {
        expect(screen.queryByTestId('alert-dialog')).toBeNull();
      });
    }
    expect(location()).toBe('/');
    expect(api.requestsTo('POST /wps/game/launchGame')).toEqual([]);
    expect(screen.queryByTestId('vendor-games-popup')).toBeNull();
  });

  it('opens the site’s lottery pages with the game code, and house games on their own page', async () => {
    const api = logIn(0);
    const router = renderStarter();
    const cases = [
      ['vnLottery', '/vnLottery?gameCode=VN+1'],
      ['seaLottery', '/seaLottery?gameCode=sea-9'],
      ['lott', '/lottery?gameCode=l-3'],
      ['elott', '/lottery?gameCode=e-4'],
      ['houseSlot', '/house/slot'],
    ] as const;
    for (const [key, target] of cases) {
      await play(key);
      await waitFor(() => {
        expect(location()).toBe(target);
      });
      await act(() => router.navigate('/'));
    }
    expect(api.requestsTo('POST /wps/game/launchGame')).toEqual([]);
  });

  it('launches any other vendor’s game and plays it on /seamless, in a titled frame', async () => {
    const api = logIn(0);
    renderStarter();
    await play('slot');

    const frame = await screen.findByTestId<HTMLIFrameElement>('seamless-frame');
    expect(location()).toBe('/seamless?nodeId=101&mode=real');
    expect(frame.src).toBe('https://vendor.example/play?game=g101&mode=real&token=t-1');
    expect(frame.title).toBe('Lotus Slot game');
    expect(screen.getByTestId('seamless-title').textContent).toBe('Lotus Slot');
    expect(screen.queryByTestId('seamless-demo')).toBeNull();
    expect(api.requestsTo('POST /wps/game/launchGame').map((request) => request.body)).toEqual([
      { nodeId: 101, language: 'EN' },
    ]);
    // The launch token never reaches the address bar.
    expect(location()).not.toContain('t-1');

    fireEvent.click(screen.getByTestId('seamless-back'));
    await waitFor(() => {
      expect(location()).toBe('/');
    });
  });

  it('does not open a launch twice: the game page reached again offers to start again', async () => {
    const api = logIn(0);
    const router = renderStarter();
    await play('slot');
    await screen.findByTestId('seamless-frame');
    await act(() => router.navigate(-1));
    await act(() => router.navigate(1));

    expect(await screen.findByTestId('seamless-ended')).toBeTruthy();
    expect(screen.queryByTestId('seamless-frame')).toBeNull();
    expect(screen.getByText('This game session has ended')).toBeTruthy();

    fireEvent.click(screen.getByTestId('seamless-start-again'));
    const frame = await screen.findByTestId<HTMLIFrameElement>('seamless-frame');
    expect(frame.src).toContain('game=g101');
    expect(api.requestsTo('POST /wps/game/launchGame')).toHaveLength(2);
  });

  it('after a reload of /seamless asks before launching again', async () => {
    const api = logIn(0);
    renderStarter('/seamless?nodeId=101&mode=real');

    expect(await screen.findByTestId('seamless-ended')).toBeTruthy();
    expect(api.requestsTo('POST /wps/game/launchGame')).toEqual([]);
    await waitFor(() => {
      expect(screen.getByTestId<HTMLButtonElement>('seamless-start-again').disabled).toBe(false);
    });
    fireEvent.click(screen.getByTestId('seamless-start-again'));
    expect(await screen.findByTestId('seamless-frame')).toBeTruthy();
    expect(location()).toBe('/seamless?nodeId=101&mode=real');
  });

  it('opens the vendor’s popup game list for isGame VASSALAGE, whose Play launches the game itself', async () => {
    const api = logIn(0, {
      'GET /wps/relay/GCSGAME_gameList': ok({
        games: [
          buildGame({ nodeId: 302, vassalage: 'JL', gameName: 'Ocean King', isGame: 'VASSALAGE' }),
          buildGame({ nodeId: 303, vassalage: 'JL', gameName: 'Fishing War', isGame: 'VASSALAGE' }),
        ],
        totalPages: 1,
        pageNo: 1,
        total: 2,
      }),
    });
    renderStarter();
    await play('vendorList');

    const popup = await screen.findByTestId('vendor-games-popup');
    expect(within(popup).getByText('Jili games')).toBeTruthy();
    expect(location()).toBe('/');
    const items = await within(popup).findAllByTestId('vendor-games-item');
    expect(items.map((item) => item.querySelector('bdi')?.textContent)).toEqual([
      'Ocean King',
      'Fishing War',
    ]);
    const listRequest = api.requestsTo('GET /wps/relay/GCSGAME_gameList').at(-1);
    expect(listRequest?.url.searchParams.get('vassalage')).toBe('JL');
    expect(listRequest?.url.searchParams.get('gameType')).toBe('FISH');

    fireEvent.click(within(popup).getByRole('button', { name: 'Play Ocean King' }));
    expect(await screen.findByTestId('seamless-frame')).toBeTruthy();
    expect(screen.queryByTestId('vendor-games-popup')).toBeNull();
    expect(screen.getByTestId('seamless-title').textContent).toBe('Ocean King');
    expect(api.requestsTo('POST /wps/game/launchGame').map((request) => request.body)).toEqual([
      { nodeId: 302, language: 'EN' },
    ]);
  });

  it('starts the free trial for a guest through launchDemo', async () => {
    const api = mockApi({ 'POST /wps/game/launchDemo': launchReply('demo') });
    renderStarter();
    fireEvent.click(await screen.findByRole('button', { name: 'trial slot' }));

    const frame = await screen.findByTestId<HTMLIFrameElement>('seamless-frame');
    expect(frame.src).toBe('https://vendor.example/play?game=g101&mode=demo');
    expect(location()).toBe('/seamless?nodeId=101&mode=demo');
    expect(screen.getByTestId('seamless-demo').textContent).toBe('Free trial');
    expect(api.requestsTo('POST /wps/game/launchDemo').map((request) => request.body)).toEqual([
      { nodeId: 101, language: 'EN' },
    ]);
  });

  it('says in words why a launch failed and stays where it was', async () => {
    logIn(0, { 'POST /wps/game/launchGame': fail('GAME_UNAVAILABLE') });
    renderStarter();
    await play('slot');

    const warning = await screen.findByTestId('alert-dialog');
    expect(within(warning).getByText('This game is not available right now.')).toBeTruthy();
    expect(location()).toBe('/');
  });
});
