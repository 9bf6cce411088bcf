import type { Banner, BannerGroup } from '@wps/contracts/content';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission, whitelabelWith } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;
beforeEach(async () => {
  permission = await buildSitePermission();
  permission.info.whitelabel = whitelabelWith(['CHNGPASSMAIL3']);
});

const bannerOf = (group: BannerGroup): Banner => ({
  id: group,
  groupName: group,
  url: `/content/banners/${group}.svg`,
  linkageType: group === 'w_leftmenu' ? 'ROUTE' : null,
  linkUrl: group === 'w_leftmenu' ? '/promotions' : null,
  title: `Banner of ${group}`,
});

/** CSP_getBanners answering each group's one banner (none for the groups in `empty`). */
const bannersRoute =
  (empty: readonly BannerGroup[] = []) =>
  (request: MockRequest) => {
    const group = request.url.searchParams.get('groupName') as BannerGroup;
    return ok({ list: empty.includes(group) ? [] : [bannerOf(group)] });
  };

describe('group banners', () => {
  it.each([
    ['/login', 'login-modal', 'w_login'],
    ['/register', 'register-modal', 'w_register'],
    ['/forget', 'forgot-modal', 'w_forget'],
  ] as const)('%s shows the %s group banner at the top of its modal', async (path, modalId, group) => {
    const api = mockApi({ 'GET /wps/relay/CSP_getBanners': bannersRoute() });
    renderApp(path, permission);
    const modal = await screen.findByTestId(modalId);
    const banner = await within(modal).findByTestId(`group-banner-${group}`);
    expect(within(banner).getByText(`Banner of ${group}`)).toBeTruthy();
    expect(banner.querySelector('img')?.getAttribute('src')).toBe(`/content/banners/${group}.svg`);
    const asked = api.requestsTo('GET /wps/relay/CSP_getBanners').map((request) => request.url.searchParams);
    expect(asked.some((query) => query.get('groupName') === group && query.get('language') === 'EN')).toBe(
      true,
    );
  });

  it('shows nothing in a modal whose group has no banner', async () => {
    mockApi({ 'GET /wps/relay/CSP_getBanners': bannersRoute(['w_login']) });
    renderApp('/login', permission);
    const modal = await screen.findByTestId('login-modal');
    await waitFor(() => {
      expect(modal.querySelector('.group-banner')).toBeNull();
    });
  });

  it('shows the w_leftmenu banner in the side menu, linked to its route', async () => {
    mockApi({ 'GET /wps/relay/CSP_getBanners': bannersRoute() });
    renderApp('/', permission);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const banner = await within(menu).findByTestId('group-banner-w_leftmenu');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/promotions');
  });
});
