import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { buildMenu } from '../../features/games/testing/game-fixtures';
import { changeSiteLanguage } from '../../lib/i18n';
import { buildMemberInfo, fail, mockApi, ok } from '../../testing/mock-api';
import { buildSitePermission, whitelabelWith } from '../../testing/permission-fixture';
import { renderApp } from '../../testing/render-app';

it('lists HOT, FAV and RECENT, then only the game categories that have vendors, in menu order', async () => {
  mockApi({
    'GET /wps/lgw/games/game_menus': ok([
      buildMenu('RNG', ['PG']),
      buildMenu('SPORTS', ['BTI']),
      buildMenu('COCKFIGHT', ['DS88']),
      buildMenu('LIVE', []),
    ]),
  });
  renderApp('/promotions', await buildSitePermission());

  const games = await screen.findByTestId('side-menu-games');
  await waitFor(() => {
    expect(within(games).getAllByRole('link')).toHaveLength(6);
  });
  expect(
    within(games)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Hot', '/#home-hot'],
    ['Favorites', '/favorite'],
    ['Recent', '/recent'],
    ['Sports', '/sports'],
    ['Slots', '/rng'],
    ['Cockfight', '/cockfight'],
  ]);
});

it('keeps the game menus for the visit and fetches them again when the language changes', async () => {
  const api = mockApi({ 'GET /wps/lgw/games/game_menus': ok([buildMenu('RNG', ['PG'])]) });
  renderApp('/promotions', await buildSitePermission());
  const games = await screen.findByTestId('side-menu-games');
  await waitFor(() => {
    expect(within(games).getAllByRole('link')).toHaveLength(4);
  });
  const asked = () =>
    api
      .requestsTo('GET /wps/lgw/games/game_menus')
      .map((request) => request.url.searchParams.get('language'));
  expect(new Set(asked())).toEqual(new Set(['EN']));

  fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'UR' } });

  await waitFor(() => {
    expect(asked()).toContain('UR');
  });
  expect(await within(games).findByRole('link', { name: 'سلاٹس' })).toBeTruthy();
  changeSiteLanguage('EN');
});

it('offers the account entries, the tools and the customer service, and the speed test sorts the domains', async () => {
  mockApi({
    'GET /wps/lgw/games/game_menus': ok([]),
    'GET /wps/relay/CBS_modelList': ok({ list: [{ modelId: 'LIVECHAT', title: 'Live chat' }] }),
    'GET /wps/system/domainRoute': ok({
      domainList: [
        { domainName: 'far.example', origin: 'https://far.example' },
        { domainName: window.location.hostname, origin: window.location.origin },
      ],
    }),
    // Only the open domain answers; the other counts as unreachable.
    'GET /common/v.1.0.1/ping.json': (request) =>
      request.url.hostname === window.location.hostname ? ok(null) : fail('NOT_FOUND'),
  });
  const permission = await buildSitePermission();
  renderApp('/promotions', {
    ...permission,
    info: { ...permission.info, whitelabel: whitelabelWith(['MANPLAYREB3', 'VIP3']) },
  });

  const account = await screen.findByTestId('side-menu-account');
  expect(
    within(account)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual([
    '/promotions',
    '/member?page=personalHistoryCopy',
    // Manual rebate, since the brand turns MANPLAYREB3 on.
    '/member?page=manualRebate',
    '/member?page=rewardCenter',
    '/pointMall',
    '/member?page=missionLeaderboard',
    // VIP, since the brand turns VIP3 on.
    '/member?page=playerRank',
    '/member?page=referral',
  ]);
  expect(await screen.findByTestId('live-chat-entry')).toBeTruthy();

  fireEvent.click(screen.getByTestId('side-menu-speed-test'));
  const dialog = await screen.findByTestId('speed-test-dialog');
  const rows = await within(dialog).findAllByTestId('speed-test-row');
  expect(rows.map((row) => [row.querySelector('a')?.textContent, row.dataset.speed])).toEqual([
    [window.location.hostname, 'fast'],
    ['far.example', 'slow'],
  ]);
  expect(rows[1]?.textContent).toContain('9999 ms');
});

it('marks only the account entry of the open member page, not every /member?page= entry', async () => {
  mockApi({
    'GET /wps/lgw/games/game_menus': ok([]),
    'GET /wps/member/info': ok(buildMemberInfo()),
  });
  window.sessionStorage.setItem('token', 'tok-1');
  renderApp('/member?page=personalHistoryCopy', await buildSitePermission());

  const account = await screen.findByTestId('side-menu-account');
  await waitFor(() => {
    expect(
      within(account)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/member?page=personalHistoryCopy']);
  });
  expect(account.querySelectorAll('.side-menu__link--active')).toHaveLength(1);
  // The brand leaves MANPLAYREB3 off: no manual rebate entry.
  expect(account.querySelector('a[href="/member?page=manualRebate"]')).toBeNull();
});

it('links the missions page (every member section is built now) and opens it', async () => {
  mockApi({
    'GET /wps/lgw/games/game_menus': ok([]),
    'GET /wps/member/info': ok(buildMemberInfo()),
  });
  window.sessionStorage.setItem('token', 'tok-1');
  const permission = await buildSitePermission();
  renderApp('/member?page=missionLeaderboard', {
    ...permission,
    info: { ...permission.info, whitelabel: whitelabelWith(['MANPLAYREB3', 'VIP3']) },
  });

  const page = await screen.findByTestId('member-page');
  const hrefs = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
  expect(hrefs).toContain('/member?page=missionLeaderboard');
  expect(await screen.findByTestId('missions-page')).toBeTruthy();
  expect(page.textContent).not.toMatch(/opens soon/i);
});
