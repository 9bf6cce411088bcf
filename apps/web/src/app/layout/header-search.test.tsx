import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LaunchGameResult } from '@wps/contracts/games';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildGame } from '../../features/games/testing/game-fixtures';
import type { SitePermission } from '../../features/site/api/get-permission';
import { buildMemberInfo, mockApi, ok, type MockRequest } from '../../testing/mock-api';
import { buildSitePermission } from '../../testing/permission-fixture';
import { renderApp } from '../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

/** Games called "Dragon …" in four categories, from four vendors. */
const dragons = [
  buildGame({
    nodeId: 11,
    gameName: 'Dragon Fortune',
    gameType: 'RNG',
    vassalage: 'PG',
    displayName: 'PG Soft',
  }),
  buildGame({ nodeId: 12, gameName: 'Dragon Tiger', gameType: 'LIVE', vassalage: 'EG2', displayName: 'EG2' }),
  buildGame({
    nodeId: 13,
    gameName: 'Dragon Fishing',
    gameType: 'FISH',
    vassalage: 'JL',
    displayName: 'Jili',
  }),
  buildGame({
    nodeId: 14,
    gameName: 'Dragon Keno',
    gameType: 'ELOTT',
    vassalage: 'ELOTT',
    displayName: 'ELott',
  }),
];

const launchAnswer = (request: MockRequest): ReturnType<typeof ok> => {
  const { nodeId } = request.body as { nodeId: number };
  const answer: LaunchGameResult = {
    url: `https://vendor.example/play?game=g${nodeId.toString()}&token=t-1`,
    nodeId,
    gameCode: `g${nodeId.toString()}`,
    vassalage: 'EG2',
    gameName: 'Dragon Tiger',
    mode: 'real',
  };
  return ok(answer);
};

describe('the header’s game search', () => {
  it('finds games of every category as the member types, and launches the one chosen', async () => {
    window.sessionStorage.setItem('token', 'tok-1');
    const api = mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'GET /wps/relay/GCSGAME_gameList': (request) =>
        ok({
          games: request.url.searchParams.get('gameName') === 'dragon' ? dragons : [],
          totalPages: 1,
          pageNo: 1,
          total: 4,
        }),
      'POST /wps/game/launchGame': launchAnswer,
    });
    renderApp('/promotions', permission);

    const box = await screen.findByTestId('header-search');
    fireEvent.change(box, { target: { value: 'd' } });
    fireEvent.change(box, { target: { value: 'dragon ' } });

    const results = await screen.findByTestId('header-search-results');
    await waitFor(() => {
      expect(within(results).getAllByTestId('header-search-game')).toHaveLength(4);
    });
    // One search once typing paused, by name across every category (no category sent).
    const searches = api
      .requestsTo('GET /wps/relay/GCSGAME_gameList')
      .filter((request) => request.url.searchParams.has('gameName'));
    expect(searches).toHaveLength(1);
    expect(searches[0]?.url.searchParams.get('gameName')).toBe('dragon');
    expect(searches[0]?.url.searchParams.has('gameType')).toBe(false);
    expect(
      within(results)
        .getAllByTestId('header-search-category')
        .map((meta) => meta.textContent),
    ).toEqual(['Slots · PG Soft', 'Live casino · EG2', 'Fishing · Jili', 'E-lottery · ELott']);

    const live = within(results)
      .getAllByTestId('header-search-game')
      .find((button) => button.dataset.nodeId === '12');
    if (live === undefined) throw new Error('Dragon Tiger is not among the results.');
    fireEvent.click(live);
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/game/launchGame')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/game/launchGame')[0]?.body).toMatchObject({ nodeId: 12 });
    await waitFor(() => {
      expect(`${window.location.pathname}${window.location.search}`).toBe('/seamless?nodeId=12&mode=real');
    });
    expect(screen.queryByTestId('header-search-results')).toBeNull();
  });

  it('says so when no game has the name', async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_gameList': ok({ games: [], totalPages: 0, pageNo: 1, total: 0 }),
    });
    renderApp('/promotions', permission);

    fireEvent.change(await screen.findByTestId('header-search'), { target: { value: 'zzz' } });
    expect(
      (await screen.findByText('No game is called “zzz”.'))
        .closest('[data-testid]')
        ?.getAttribute('data-testid'),
    ).toBe('header-search-results');
  });
});
