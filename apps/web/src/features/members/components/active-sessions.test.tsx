import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import {
  buildAccount,
  buildSession,
  securityCentrePath,
  securityCentreRoutes,
} from './security-centre.test-helpers';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const phone = buildSession({
  id: 's-2',
  ip: '198.51.100.20',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  lastSeenAt: null,
  isCurrent: false,
});
const thisBrowser = buildSession({ id: 's-1', isCurrent: true });

describe('security centre: active sessions', () => {
  it('marks this device, and signing the others out asks, calls DELETE and shows the sessions left', async () => {
    let sessions = [phone, thisBrowser];
    const api = mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'GET /wps/member/account/sessions': () => ok({ list: sessions }),
        'DELETE /wps/member/account/sessions/others': () => {
          sessions = [thisBrowser];
          return ok({ signedOut: 1 });
        },
      }),
    );
    renderApp(securityCentrePath, permission);

    const current = await screen.findByTestId('session-s-1');
    const other = screen.getByTestId('session-s-2');
    expect(within(current).getByTestId('session-current').textContent).toBe('This device');
    expect(within(other).queryByTestId('session-current')).toBeNull();
    expect(within(current).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(other).getByText('Chrome on Android')).toBeTruthy();
    expect(within(other).getByText('198.51.100.20')).toBeTruthy();
    // This browser is listed first whatever the server's order.
    const items = within(screen.getByTestId('security-sessions')).getAllByRole('listitem');
    expect(items[0]?.getAttribute('data-testid')).toBe('session-s-1');

    const sessionLoads = api.requestsTo('GET /wps/member/account/sessions').length;
    fireEvent.click(screen.getByTestId('sign-out-other-sessions'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(
      'Sign out every other browser and device that is signed in to your account?',
    );
    expect(api.requestsTo('DELETE /wps/member/account/sessions/others')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('dialog-confirm'));

    await waitFor(() => {
      expect(screen.queryByTestId('session-s-2')).toBeNull();
    });
    expect(api.requestsTo('DELETE /wps/member/account/sessions/others')).toHaveLength(1);
    expect(api.requestsTo('GET /wps/member/account/sessions').length).toBeGreaterThan(sessionLoads);
    expect(screen.getByText('Other sessions signed out: 1.')).toBeTruthy();
    expect(screen.getByTestId('sessions-only-this').textContent).toBe(
      'No other browser or device is signed in.',
    );
    expect(screen.queryByTestId('sign-out-other-sessions')).toBeNull();
  });

  it('keeps the sessions when the sign-out fails, saying why', async () => {
    const api = mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'GET /wps/member/account/sessions': ok({ list: [thisBrowser, phone] }),
        'DELETE /wps/member/account/sessions/others': fail('RATE_LIMITED'),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('session-s-2');

    fireEvent.click(screen.getByTestId('sign-out-other-sessions'));
    fireEvent.click(await screen.findByTestId('dialog-confirm'));

    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Too many requests, please try again later.',
    );
    expect(screen.getByTestId('session-s-2')).toBeTruthy();
    expect(api.requestsTo('DELETE /wps/member/account/sessions/others')).toHaveLength(1);
  });
});
