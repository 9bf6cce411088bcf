import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../features/site/api/get-permission';
import { buildMemberInfo, buildSession, mockApi, ok } from '../testing/mock-api';
import { buildSitePermission } from '../testing/permission-fixture';
import { renderApp } from '../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

describe('token in the query string', () => {
  it('moves the token to session storage and removes it from the address bar, keeping other params', async () => {
    window.history.replaceState(null, '', '/');
    const historyLength = window.history.length;
    renderApp('/sports?token=abc123&lang=EN', permission);

    expect(await screen.findByTestId('lobby-page')).toBeTruthy();
    await waitFor(() => {
      expect(window.location.search).toBe('?lang=EN');
    });
    expect(window.location.pathname).toBe('/sports');
    expect(window.sessionStorage.getItem('token')).toBe('abc123');
    // Replaced, not pushed: the token never stays in the history.
    expect(window.history.length).toBe(historyLength);
  });

  it('keeps the first-login fact of a social sign-up and clears it from the address', async () => {
    renderApp('/?token=abc123&firstTimeLogin=1', permission);
    await waitFor(() => {
      expect(window.location.search).toBe('');
    });
    expect(window.sessionStorage.getItem('firstTimeLogin')).toBe('1');
  });

  it('lets a token arriving with a lottery link open the lottery page', async () => {
    renderApp('/lottery?token=abc123&gameCode=LOTT1', permission);

    expect(await screen.findByTestId('lottery-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/lottery');
    expect(window.location.search).toBe('?gameCode=LOTT1');
    expect(window.sessionStorage.getItem('token')).toBe('abc123');
  });
});

describe('lottery routes', () => {
  it.each(['/lottery', '/seaLottery', '/sealottery', '/vnLottery', '/vnlottery'])(
    'send a visitor without a token from %s to /login',
    async (path) => {
      renderApp(`${path}?gameCode=G1`, permission);

      expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
      expect(window.location.pathname).toBe('/login');
      expect(screen.getByTestId('home-page')).toBeTruthy();
      expect(screen.queryByTestId('lottery-page')).toBeNull();
    },
  );

  it("open in a new tab of a signed-in browser: the browser's session is asked for before sending it to /login", async () => {
    const api = mockApi({
      'POST /wps/session/remembered': ok(buildSession({ token: 'other-tab-token' })),
      'GET /wps/member/info': ok(buildMemberInfo()),
    });
    renderApp('/vnLottery?gameCode=VN1', permission);

    expect(await screen.findByTestId('lottery-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/vnLottery');
    expect(window.sessionStorage.getItem('token')).toBe('other-tab-token');
    // The loader and the layout share one request.
    expect(api.requestsTo('POST /wps/session/remembered')).toHaveLength(1);
  });

  it('open for a visitor with a session token, without the side menu', async () => {
    window.sessionStorage.setItem('token', 'abc123');
    renderApp('/vnLottery?gameCode=VN1', permission);

    expect(await screen.findByTestId('lottery-page')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});

describe('routes', () => {
  it.each(['/', '/index', '/index.html', '/home', '/login'])('shows the home page at %s', async (path) => {
    renderApp(path, permission);

    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(window.location.pathname).toBe(path);
  });

  it('keeps a referral code for registration', async () => {
    renderApp('/register?referralCode=FRIEND42', permission);

    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeTruthy();
    expect(window.sessionStorage.getItem('referralCode')).toBe('FRIEND42');
  });

  it('sends unknown paths home', async () => {
    renderApp('/no-such-page', permission);

    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('sets the current game type from the lobby path, with its title and description', async () => {
    renderApp('/cockfight', permission);

    const lobby = await screen.findByTestId('lobby-page');
    expect(lobby.dataset.gameType).toBe('COCKFIGHT');
    await waitFor(() => {
      expect(document.title).toBe(`Cockfight | ${permission.siteName}`);
    });
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Watch and bet on live cockfight matches.',
    );
  });

  it('shows the agent centre full screen to an agent, without the site header', async () => {
    window.sessionStorage.setItem('token', 'agent-token');
    mockApi({ 'GET /wps/member/info': ok(buildMemberInfo({ type: 41, isAgent: true, nickname: 'Boss' })) });
    renderApp('/agentHome', permission);

    expect(await screen.findByTestId('agent-home-page')).toBeTruthy();
    expect(screen.getByTestId('agent-nickname').textContent).toBe('Boss');
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it.each([
    ['a guest', null],
    ['a member who is not an agent', 0],
  ])('sends %s from the agent centre back to /agent', async (_who, type) => {
    if (type !== null) {
      window.sessionStorage.setItem('token', 'member-token');
      mockApi({ 'GET /wps/member/info': ok(buildMemberInfo({ type })) });
    }
    renderApp('/agentHome', permission);

    expect(await screen.findByTestId('agent-login-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/agent');
    expect(screen.queryByTestId('agent-home-page')).toBeNull();
  });
});
