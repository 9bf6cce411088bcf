import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission, fieldRule } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { buildAccount, securityCentrePath, securityCentreRoutes } from './security-centre.test-helpers';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const profileInput = (name: string): HTMLInputElement => {
  const input = within(screen.getByTestId(`profile-${name}`)).getByRole('textbox');
  if (!(input instanceof HTMLInputElement)) throw new Error(`profile-${name} is not an input`);
  return input;
};

const type = (name: string, value: string) => {
  fireEvent.change(profileInput(name), { target: { value } });
};

describe('security centre: profile', () => {
  it('sends only the fields changed, shows the account answered and loads the member info again', async () => {
    let account = buildAccount({ nickname: 'Lucky player', line: 'lucky.line', address: 'Manila' });
    const api = mockApi(
      securityCentreRoutes(() => account, {
        'PUT /wps/member/account/profile': () => {
          account = buildAccount({ nickname: 'Lucky Star', line: 'lucky.line', address: 'Manila' });
          return ok(account);
        },
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-profile');
    const memberInfoLoads = api.requestsTo('GET /wps/member/info').length;

    type('nickname', '  Lucky Star ');
    // Typed over with the same value: not a change.
    type('line', 'lucky.line');
    fireEvent.click(screen.getByTestId('profile-submit'));

    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/member/account/profile')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/member/account/profile')[0]?.body).toEqual({ nickname: 'Lucky Star' });
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/member/info').length).toBeGreaterThan(memberInfoLoads);
    });
    // The answer is the account as saved: the account card shows the new nickname.
    expect(await screen.findByText('Lucky Star')).toBeTruthy();
  });

  it('says nothing changed without sending anything', async () => {
    const api = mockApi(securityCentreRoutes(() => buildAccount()));
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-profile');

    fireEvent.click(screen.getByTestId('profile-submit'));

    expect((await screen.findByTestId('profile-notice')).textContent).toBe('Nothing has changed yet.');
    expect(api.requestsTo('PUT /wps/member/account/profile')).toHaveLength(0);
  });

  it("shows the server's field error beside its field", async () => {
    mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'PUT /wps/member/account/profile': fail('VALIDATION_FAILED', {
          issues: [{ field: 'telegram', message: 'This Telegram username is not valid.' }],
        }),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-profile');

    type('telegram', 'bad name!');
    fireEvent.click(screen.getByTestId('profile-submit'));

    const error = await screen.findByTestId('profile-telegram-error');
    expect(error.textContent).toBe('This Telegram username is not valid.');
    expect(profileInput('telegram').getAttribute('aria-invalid')).toBe('true');
    expect(profileInput('telegram').getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByTestId('profile-nickname-error')).toBeNull();
  });

  it("applies the brand's registration rule to a field before sending it", async () => {
    permission.info.register.fields.line = fieldRule({ minLength: 4, maxLength: 20 });
    const api = mockApi(securityCentreRoutes(() => buildAccount()));
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-profile');

    type('line', 'ab');
    fireEvent.click(screen.getByTestId('profile-submit'));

    expect(screen.getByTestId('profile-line-error').textContent).toBe('Enter 4-20 characters.');
    expect(api.requestsTo('PUT /wps/member/account/profile')).toHaveLength(0);
  });

  it('keeps a real name once set read-only and never sends it', async () => {
    const api = mockApi(
      securityCentreRoutes(() => buildAccount({ payeeName: 'Juan Dela Cruz' }), {
        'PUT /wps/member/account/profile': ok(
          buildAccount({ payeeName: 'Juan Dela Cruz', whatsapp: '+639171234567' }),
        ),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-profile');

    expect(profileInput('payeeName').readOnly).toBe(true);
    expect(profileInput('payeeName').value).toBe('Juan Dela Cruz');
    expect(screen.getByTestId('profile-payeeName-hint').textContent).toBe(
      'Your real name is set. To change it, please contact customer service.',
    );
    // Even a value forced into the read-only field stays out of the request.
    type('payeeName', 'Someone Else');
    type('whatsapp', '+639171234567');
    fireEvent.click(screen.getByTestId('profile-submit'));

    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/member/account/profile')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/member/account/profile')[0]?.body).toEqual({ whatsapp: '+639171234567' });
  });

  it('lets a member without a real name set it', async () => {
    const api = mockApi(
      securityCentreRoutes(() => buildAccount({ payeeName: null }), {
        'PUT /wps/member/account/profile': ok(
          buildAccount({ payeeName: 'Juan Dela Cruz' }, { realName: true }),
        ),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-profile');

    expect(profileInput('payeeName').readOnly).toBe(false);
    type('payeeName', 'Juan Dela Cruz');
    fireEvent.click(screen.getByTestId('profile-submit'));

    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/member/account/profile')[0]?.body).toEqual({
        payeeName: 'Juan Dela Cruz',
      });
    });
  });
});
