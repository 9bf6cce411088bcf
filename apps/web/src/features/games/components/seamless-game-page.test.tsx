import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { openVendorGames } from '../api/start-game';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const logIn = () => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo()),
    'GET /wps/v2/wallets/balance': ok({ balance: '1000.00', currency: 'USD', currencySymbol: '$' }),
    'GET /wps/relay/GCSGAME_gameList': ok({ games: [], totalPages: 0, pageNo: 1, total: 0 }),
  });
};

describe('the game page in the site', () => {
  it('takes the whole width: no side menu, and no balance in the header', async () => {
    const api = logIn();
    const { container } = renderApp('/seamless?nodeId=5&mode=real', permission);

    expect(await screen.findByTestId('header-account')).toBeTruthy();
    expect(await screen.findByTestId('seamless-ended')).toBeTruthy();
    expect(container.ownerDocument.querySelector('.shell')?.getAttribute('data-side-menu')).toBe('hidden');
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(api.requestsTo('GET /wps/v2/wallets/balance')).toEqual([]);
  });

  it('shows a vendor’s popup game list over any page of the site shell', async () => {
    logIn();
    renderApp('/promotions', permission);
    await screen.findByTestId('header-account');
    expect(screen.getByTestId('header-balance')).toBeTruthy();

    act(() => {
      openVendorGames({ vassalage: 'JL', displayName: 'Jili', gameType: 'FISH' });
    });
    const popup = await screen.findByTestId('vendor-games-popup');
    expect(within(popup).getByText('Jili games')).toBeTruthy();
    await waitFor(() => {
      expect(popup.querySelector('.empty-state')).not.toBeNull();
    });
  });
});
