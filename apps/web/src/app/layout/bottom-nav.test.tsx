import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { buildSitePermission } from '../../testing/permission-fixture';
import { renderApp } from '../../testing/render-app';

const bottomNav = async () => within(await screen.findByRole('navigation', { name: 'Quick navigation' }));

it('offers home, games, promotions, deposit and the account, the open page marked', async () => {
  mockApi({});
  renderApp('/promotions', await buildSitePermission());

  const nav = await bottomNav();
  expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Home', '/'],
    ['Games', '/rng'],
    ['Promotions', '/promotions'],
    ['Deposit', '/member?page=depositv2'],
    ['Account', '/member?page=securityCenter'],
  ]);
  expect(nav.getByRole('link', { current: 'page' }).textContent).toBe('Promotions');
});

it('is not on a game page, which takes the whole screen', async () => {
  mockApi({});
  renderApp('/seamless?gameId=1', await buildSitePermission());
  expect(await screen.findByRole('banner')).toBeTruthy();
  // The side menu's toggle is gone too: the shell has taken the game page's handle.
  expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).toBeNull();
});
