import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberLoginEvent } from '@wps/contracts/members';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { buildAccount, securityCentrePath, securityCentreRoutes } from './security-centre.test-helpers';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const signIn = (id: string, overrides: Partial<MemberLoginEvent> = {}): MemberLoginEvent => ({
  id,
  event: 'login',
  isSuccess: true,
  ip: '203.0.113.7',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  createdAt: '2025-05-01T08:00:00.000Z',
  ...overrides,
});

describe('security centre: security level', () => {
  it('shows the level and each check, done or not, with the way to fix it', async () => {
    mockApi(
      securityCentreRoutes(() =>
        buildAccount({ mobileNum: '+92 ****4567' }, { password: true, mobile: true, realName: true }),
      ),
    );
    renderApp(securityCentrePath, permission);

    const level = await screen.findByTestId('security-level');
    expect(level.textContent).toBe('Security level: Medium');
    expect(level.getAttribute('data-level')).toBe('medium');
    expect(screen.getByText('3 of 5 protections in place')).toBeTruthy();

    const mobile = screen.getByTestId('security-check-mobile');
    expect(mobile.getAttribute('data-done')).toBe('true');
    expect(within(mobile).getByText('Done')).toBeTruthy();
    expect(within(mobile).queryByRole('button')).toBeNull();

    const email = screen.getByTestId('security-check-email');
    expect(within(email).getByText('Not done')).toBeTruthy();
    fireEvent.click(within(email).getByRole('button', { name: 'Bind email address' }));
    expect(document.activeElement).toBe(
      within(screen.getByTestId('security-email-address')).getByRole('textbox'),
    );

    fireEvent.click(
      within(screen.getByTestId('security-check-paymentPassword')).getByRole('button', {
        name: 'Set payment password',
      }),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Login password', { selector: 'input' }));
  });

  it('opens the password change from a check that needs it', async () => {
    mockApi(securityCentreRoutes(() => buildAccount({}, { password: false })));
    renderApp(securityCentrePath, permission);

    expect((await screen.findByTestId('security-level')).textContent).toBe('Security level: Low');
    fireEvent.click(screen.getByTestId('security-fix-password'));
    expect(screen.getByTestId('change-password-modal')).toBeTruthy();
  });
});

describe('security centre: login history', () => {
  it('lists time, activity, address and device a page at a time', async () => {
    const api = mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'GET /wps/member/account/sign-ins': ({ url }: MockRequest) =>
          url.searchParams.get('pageNo') === '2'
            ? ok({ list: [signIn('3', { event: 'password.reset.email' })], totalCount: 11, totalPages: 2 })
            : ok({
                list: [signIn('1'), signIn('2', { event: 'login', isSuccess: false, ip: '198.51.100.9' })],
                totalCount: 11,
                totalPages: 2,
              }),
      }),
    );
    renderApp(securityCentrePath, permission);

    const first = await screen.findByTestId('sign-in-1');
    expect(within(first).getByText('Sign-in')).toBeTruthy();
    expect(within(first).getByText('203.0.113.7')).toBeTruthy();
    expect(within(first).getByText('Safari on iPhone')).toBeTruthy();
    expect(within(first).getByRole('time').getAttribute('datetime')).toBe('2025-05-01T08:00:00.000Z');
    expect(within(screen.getByTestId('sign-in-2')).getByText('Sign-in (failed)')).toBeTruthy();

    fireEvent.click(screen.getByTestId('sign-ins-pagination-next'));

    expect(within(await screen.findByTestId('sign-in-3')).getByText('Password reset')).toBeTruthy();
    expect(api.requestsTo('GET /wps/member/account/sign-ins').map(({ url }) => url.search)).toContain(
      '?pageNo=2&pageSize=10',
    );
    await waitFor(() => {
      expect(screen.queryByTestId('sign-in-1')).toBeNull();
    });
  });
});
