import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProtectionSession } from '@wps/contracts/protection';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const minute = 60_000;
const signedInAt = new Date('2025-05-01T10:00:00.000Z');

const buildSession = (overrides: Partial<ProtectionSession> = {}): ProtectionSession => ({
  startedAt: signedInAt.toISOString(),
  currency: 'USD',
  netResult: '-12.50',
  realityCheckMinutes: 15,
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  // The clock moves on its own (findBy and waitFor need it) and jumps when a test advances it.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // 14 minutes into a session whose member asked for a reality check every 15 minutes.
  vi.setSystemTime(new Date(signedInAt.getTime() + 14 * minute));
});

afterEach(() => {
  vi.useRealTimers();
});

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

const signIn = () => {
  window.sessionStorage.setItem('token', 'tok-1');
};

describe('reality check', () => {
  it('interrupts at the chosen interval since sign-in, across page changes, with the figures of that moment', async () => {
    signIn();
    let netResult = '-12.50';
    const api = mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'GET /wps/member/protection/session': () => ok(buildSession({ netResult })),
    });
    renderApp('/', permission);
    await screen.findByTestId('header-account');
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/member/protection/session').length).toBeGreaterThan(0);
    });

    // The member moves to another page: the timer is the app's, not the page's.
    fireEvent.click(screen.getByTestId('header-menu-button'));
    fireEvent.click(screen.getByTestId('menu-betting-record'));
    // The page's code has arrived before the clock jumps (a chunk late by minutes counts as failed).
    expect(await screen.findByTestId('betting-page')).toBeTruthy();
    expect(window.location.search).toBe('?page=personalHistoryCopy');
    await advance(30_000);
    expect(screen.queryByTestId('reality-check')).toBeNull();

    netResult = '-20.00';
    await advance(31_000);
    const dialog = await screen.findByTestId('reality-check');
    expect(screen.getByTestId('reality-check-time').textContent).toBe(
      'You have been signed in for 0 h 15 min.',
    );
    expect(screen.getByTestId('reality-check-net').textContent).toBe(
      'Your net result since you signed in: USD -20.00',
    );
    expect(screen.getByTestId('reality-check-limits').getAttribute('href')).toBe(
      '/member?page=responsibleGaming',
    );
    expect(screen.getByTestId('reality-check-history').getAttribute('href')).toBe(
      '/member?page=personalHistoryCopy',
    );
    expect(dialog.getAttribute('role')).toBe('alertdialog');

    // Continue: the next one comes a whole interval later, at 30 minutes since sign-in.
    fireEvent.click(screen.getByTestId('reality-check-continue'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(14 * minute);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(minute + 1_000);
    expect((await screen.findByTestId('reality-check-time')).textContent).toBe(
      'You have been signed in for 0 h 30 min.',
    );
  });

  it('never interrupts a guest, nor a member who turned it off', async () => {
    const api = mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'GET /wps/member/protection/session': ok(buildSession({ realityCheckMinutes: null })),
    });
    const view = renderApp('/', permission);
    await screen.findByTestId('header-login');
    await advance(20 * minute);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    expect(api.requestsTo('GET /wps/member/protection/session')).toHaveLength(0);
    view.unmount();

    signIn();
    renderApp('/', permission);
    await screen.findByTestId('header-account');
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/member/protection/session').length).toBeGreaterThan(0);
    });
    await advance(60 * minute);
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });

  it('shows the session’s net result in the account menu, read when the menu opens', async () => {
    signIn();
    let netResult = '5.00';
    mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'GET /wps/member/protection/session': () => ok(buildSession({ netResult, realityCheckMinutes: null })),
    });
    renderApp('/', permission);
    await screen.findByTestId('header-account');

    fireEvent.click(screen.getByTestId('header-menu-button'));
    expect((await screen.findByTestId('menu-session-net')).textContent).toBe('This sessionUSD +5.00');
    fireEvent.click(screen.getByTestId('header-menu-button'));
    netResult = '-3.00';
    fireEvent.click(screen.getByTestId('header-menu-button'));
    await waitFor(() => {
      expect(screen.getByTestId('menu-session-net').textContent).toBe('This sessionUSD -3.00');
    });
  });
});
