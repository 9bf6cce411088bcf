import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const logInAs = (type: number) => {
  window.sessionStorage.setItem('token', 'tok-1');
  mockApi({
    'GET /wps/member/info': ok(buildMemberInfo({ type, isTrial: type === 4, account: `type${type}` })),
  });
};

describe('action guard', () => {
  it('stops a trial account at deposit with the in_need_true_account warning', async () => {
    logInAs(4);
    renderApp('/promotions', permission);
    await screen.findByTestId('header-account');

    fireEvent.click(screen.getByTestId('header-deposit'));

    const warning = await screen.findByTestId('alert-dialog');
    expect(within(warning).getByText('Please register a real account to use this feature.')).toBeTruthy();
    expect(window.location.pathname).toBe('/promotions');
    fireEvent.click(within(warning).getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(screen.queryByTestId('alert-dialog')).toBeNull();
    });
    expect(window.location.pathname).toBe('/promotions');

    fireEvent.click(screen.getByTestId('header-withdraw'));
    expect(await screen.findByTestId('alert-dialog')).toBeTruthy();
    expect(window.location.pathname).toBe('/promotions');
  });

  it('lets a member through to the deposit page of the member centre', async () => {
    logInAs(0);
    renderApp('/promotions', permission);
    await screen.findByTestId('header-account');

    fireEvent.click(screen.getByTestId('header-deposit'));

    expect(await screen.findByTestId('member-page')).toBeTruthy();
    expect(window.location.search).toBe('?page=depositv2');
    expect(screen.queryByTestId('alert-dialog')).toBeNull();
  });

  it('refuses the member centre to a trial account and sends it home', async () => {
    logInAs(4);
    renderApp('/member?page=securityCenter', permission);

    expect(await screen.findByTestId('alert-dialog')).toBeTruthy();
    expect(screen.queryByTestId('member-page')).toBeNull();
    await waitFor(() => {
      expect(window.location.pathname).toBe('/');
    });
  });

  it('sends a guest from the member centre to the login modal', async () => {
    renderApp('/member', permission);

    expect(await screen.findByTestId('login-modal')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByTestId('member-page')).toBeNull();
  });

  it('opens the member centre for a member, with the account and the password change', async () => {
    logInAs(0);
    renderApp('/member?page=securityCenter', permission);

    expect(await screen.findByTestId('security-centre')).toBeTruthy();
    fireEvent.click(screen.getByTestId('open-change-password'));
    expect(screen.getByTestId('change-password-modal')).toBeTruthy();
  });
});
