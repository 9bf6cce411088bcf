import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { buildMenu } from '../../features/games/testing/game-fixtures';
import { changeSiteLanguage } from '../../lib/i18n';
import { mockApi, ok } from '../../testing/mock-api';
import { buildSitePermission } from '../../testing/permission-fixture';
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
