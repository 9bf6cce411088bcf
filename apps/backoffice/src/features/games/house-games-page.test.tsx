import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminGame } from '@wps/contracts/games-admin';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const houseGame = (overrides: Partial<AdminGame> = {}): AdminGame => ({
  id: '5',
  vendorCode: 'HOUSE',
  vendorName: 'House Games',
  integration: 'house',
  gameType: 'LIVE',
  category: 'LIVE',
  gameCode: 'BACCARAT',
  name: 'Baccarat',
  classify: 'TABLE',
  isEnabled: true,
  isHot: false,
  isNew: true,
  hasTrial: false,
  sortOrder: 0,
  iconUrl: '/TCG_GAME_ICONS/HOUSE/BACCARAT.png',
  hasOwnImage: false,
  ...overrides,
});

const routes = {
  ...signedInRoutes,
  'GET /wps/backoffice/games': ok({ games: [houseGame()], pageNo: 1, total: 1, totalPages: 1 }),
  'GET /wps/backoffice/house-games/limits': ok({
    currency: 'USD',
    games: [
      {
        gameCode: 'BACCARAT',
        limits: [{ label: 'Baccarat A', value: '10.00 to 50000.00 a bet, at most 100000.00 a round' }],
      },
    ],
  }),
};

describe('the house games console', () => {
  it("lists the house's games with their limits, and hides one from the lobby", async () => {
    signIn();
    const api = mockApi({
      ...routes,
      'PATCH /wps/backoffice/games/5': ok(houseGame({ isEnabled: false })),
    });
    renderConsole('/house-games');
    expect((await screen.findByTestId('house-game-BACCARAT-limits')).textContent).toContain(
      'Baccarat A10.00 to 50000.00 a bet, at most 100000.00 a round',
    );
    expect(api.requestsTo('GET /wps/backoffice/games')[0]?.url.searchParams.get('vendor')).toBe('HOUSE');
    fireEvent.click(screen.getByTestId('house-game-BACCARAT-enabled'));
    await waitFor(() => {
      expect(api.requestsTo('PATCH /wps/backoffice/games/5')[0]?.body).toEqual({ isEnabled: false });
    });
  });

  it('shows whether each is offered, without the switch, to staff who may only look', async () => {
    signIn();
    mockApi({ ...routes, 'GET /wps/backoffice/session/me': ok(staffOfPreset('support')) });
    renderConsole('/house-games');
    expect((await screen.findByTestId('house-game-BACCARAT-state')).textContent).toBe('Shown');
    expect(screen.queryByTestId('house-game-BACCARAT-enabled')).toBeNull();
  });
});
