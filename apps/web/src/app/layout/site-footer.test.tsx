import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { buildSitePermission } from '../../testing/permission-fixture';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  vi.useRealTimers();
});

it('dates the copyright by the clock, not by the year the site was built', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
  mockApi({ 'GET /wps/lgw/games/game_menus': ok([]) });
  renderApp('/promotions', await buildSitePermission());
  expect((await screen.findByText(/© 2031 .*All rights reserved/)).tagName).toBe('P');
});
