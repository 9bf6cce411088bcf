import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../features/site/api/get-permission';
import { buildMemberInfo, buildSession, mockApi, ok } from '../../testing/mock-api';
import { buildSitePermission } from '../../testing/permission-fixture';
import { renderApp } from '../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const logInAs = (overrides: Parameters<typeof buildMemberInfo>[0] = {}, iconUrl: string | null = null) => {
  window.sessionStorage.setItem('token', 'tok-1');
  window.sessionStorage.setItem('merchantCode', 'TESTBRAND');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo(overrides)),
    'GET /wps/member/info/icon': ok({ avatarUrl: iconUrl }),
    'DELETE /wps/session/logout': ok(null),
  });
};

const openMenu = () => {
  fireEvent.click(screen.getByTestId('header-menu-button'));
  return screen.getByTestId('header-menu');
};

describe('site header', () => {
  it("shows the brand's logo, named by the site's name, in place of the name; the name as text without one", async () => {
    renderApp('/', { ...permission, info: { ...permission.info, logoUrl: '/wps/site/logo/6f1c2a9e' } });
    const logo = await screen.findByTestId<HTMLImageElement>('site-logo');
    expect(logo.getAttribute('src')).toBe('/wps/site/logo/6f1c2a9e');
    expect(screen.getByRole('img', { name: 'Lucky Test Casino' })).toBe(logo);
    expect(logo.closest('a')?.getAttribute('href')).toBe('/');
    expect(logo.closest('a')?.textContent).toBe('');
  });

  it('shows the site name as text when the brand has no logo', async () => {
    renderApp('/', permission);
    const name = await screen.findByRole('link', { name: 'Lucky Test Casino' });
    expect(name.textContent).toBe('Lucky Test Casino');
    expect(screen.queryByTestId('site-logo')).toBeNull();
  });

  it('offers login and register to a guest', async () => {
    renderApp('/', permission);

    const banner = (await screen.findByTestId('header-login')).closest('header');
    if (banner === null) throw new Error('The login button is not in the site header.');
    expect(within(banner).getByTestId('header-login')).toBeTruthy();
    expect(within(banner).getByTestId('header-register')).toBeTruthy();
    expect(within(banner).queryByTestId('header-account')).toBeNull();
  });

  it('resumes a remembered login when the visit has no token', async () => {
    const api = mockApi({
      'POST /wps/session/remembered': ok(buildSession({ token: 'remembered-token' })),
      'GET /wps/member/info': ok(buildMemberInfo({ account: 'comeback' })),
    });
    renderApp('/', permission);

    expect((await screen.findByTestId('header-account')).textContent).toBe('comeback');
    expect(window.sessionStorage.getItem('token')).toBe('remembered-token');
    expect(api.requestsTo('POST /wps/session/remembered')).toHaveLength(1);
    expect(api.requestsTo('POST /wps/session/remembered')[0]?.body).toBeUndefined();
  });

  it('keeps a guest a guest when the server has no session for the browser (answered null, not a 401)', async () => {
    const api = mockApi({ 'POST /wps/session/remembered': ok(null) });
    renderApp('/', permission);

    expect(await screen.findByTestId('header-login')).toBeTruthy();
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/session/remembered')).toHaveLength(1);
    });
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(screen.queryByTestId('header-account')).toBeNull();
    expect(screen.getByTestId('header-login')).toBeTruthy();
  });

  it('shows the account name, the copyable ID, the default avatar and the member menu', async () => {
    logInAs({ account: 'player01', id: '100234' });
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/', permission);

    expect((await screen.findByTestId('header-account')).textContent).toBe('player01');
    expect(screen.queryByTestId('header-login')).toBeNull();
    expect(screen.getByTestId('header-avatar-default')).toBeTruthy();

    fireEvent.click(screen.getByTestId('header-member-id'));
    expect(writeText).toHaveBeenCalledWith('100234');
    expect((await screen.findByTestId('toast')).textContent).toBe('Copied successfully');

    const menu = openMenu();
    expect(screen.getByTestId('header-menu-button').getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByTestId('menu-my-account').getAttribute('href')).toBe(
      '/member?page=securityCenter',
    );
    expect(within(menu).getByTestId('menu-betting-record')).toBeTruthy();
    expect(within(menu).getByTestId('menu-my-income')).toBeTruthy();
    expect(within(menu).getByTestId('menu-messages')).toBeTruthy();
    expect(within(menu).queryByTestId('menu-agent')).toBeNull();
  });

  it('offers the agent entry to agents only', async () => {
    logInAs({ type: 2, isAgent: true });
    renderApp('/', permission);
    await screen.findByTestId('header-account');

    expect(within(openMenu()).getByTestId('menu-agent').getAttribute('href')).toBe('/agentHome');
  });

  it('falls back to the default avatar when the picture fails to load', async () => {
    logInAs({}, 'https://cdn.example.com/avatar.png');
    renderApp('/', permission);

    const avatar = await screen.findByTestId('header-avatar');
    expect(avatar.getAttribute('src')).toBe('https://cdn.example.com/avatar.png');
    fireEvent.error(avatar);

    expect(screen.getByTestId('header-avatar-default')).toBeTruthy();
    expect(screen.queryByTestId('header-avatar')).toBeNull();
  });

  it('signs out after confirmation: DELETE, session cleared but the merchant code, back home', async () => {
    const api = logInAs();
    window.sessionStorage.setItem('referralCode', 'FRIEND42');
    renderApp('/promotions', permission);
    await screen.findByTestId('header-account');

    fireEvent.click(within(openMenu()).getByTestId('logout-button'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('Are you sure you want to sign out?')).toBeTruthy();
    expect(api.requestsTo('DELETE /wps/session/logout')).toHaveLength(0);
    fireEvent.click(within(confirm).getByTestId('dialog-confirm'));

    expect(await screen.findByTestId('header-login')).toBeTruthy();
    expect(api.requestsTo('DELETE /wps/session/logout')).toHaveLength(1);
    expect(api.requestsTo('DELETE /wps/session/logout')[0]?.headers.get('authorization')).toBe(
      'Bearer tok-1',
    );
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('referralCode')).toBeNull();
    expect(window.sessionStorage.getItem('merchantCode')).toBe('TESTBRAND');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/');
    });
  });

  it('keeps the session when sign-out is cancelled', async () => {
    const api = logInAs();
    renderApp('/', permission);
    await screen.findByTestId('header-account');

    fireEvent.click(within(openMenu()).getByTestId('logout-button'));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Cancel' }),
    );

    await waitFor(() => {
      expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    });
    expect(api.requestsTo('DELETE /wps/session/logout')).toHaveLength(0);
    expect(window.sessionStorage.getItem('token')).toBe('tok-1');
    expect(screen.getByTestId('header-account')).toBeTruthy();
  });

  it('keeps a phone to one row: the clock, search, language and theme move into the side menu', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 640px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    logInAs();
    renderApp('/', permission);
    const header = (await screen.findByTestId('header-deposit')).closest('header');
    if (header === null) throw new Error('the deposit button is not in the header');
    expect(within(header).queryByTestId('theme-toggle')).toBeNull();
    expect(within(header).queryByRole('combobox', { name: 'Language' })).toBeNull();

    fireEvent.click(within(header).getByRole('button', { name: 'Open menu' }));
    const settings = screen.getByTestId('side-menu-settings');
    expect(within(settings).getByTestId('theme-toggle')).toBeTruthy();
    expect(within(settings).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.getAllByTestId('theme-toggle')).toHaveLength(1);
  });
});
