import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WhitelabelFlag } from '@wps/contracts/site-rules';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, buildSession, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission, fieldRule, whitelabelWith } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  const { fields } = permission.info.register;
  fields.username = fieldRule({
    patternId: 2,
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    minLength: 6,
    maxLength: 16,
  });
  fields.mobileNum = fieldRule({ patternId: 7, acceptedPattern: '^[0-9]+$', minLength: 8, maxLength: 11 });
  fields.password = fieldRule({
    patternId: 6,
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    minLength: 6,
    maxLength: 20,
  });
});

const openForgot = async (flags: WhitelabelFlag[]) => {
  permission.info.whitelabel = whitelabelWith(flags);
  renderApp('/forget', permission);
  return screen.findByTestId('forgot-modal');
};

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
};

describe('forgot-password modal', () => {
  it('shows both tabs when both methods are on, the phone one first', async () => {
    const modal = await openForgot(['CHNGPASSMAIL3', 'CHNGPASSVERIF3']);

    expect(within(modal).getByRole('tab', { name: 'Mobile number', selected: true })).toBeTruthy();
    expect(within(modal).getByTestId('forgot-phone-form')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('tab', { name: 'Email' }));
    expect(within(modal).getByTestId('forgot-email-form')).toBeTruthy();
  });

  it('shows the email form alone, without a selector, when only email reset is on', async () => {
    const modal = await openForgot(['CHNGPASSMAIL3']);

    expect(within(modal).queryByRole('tablist')).toBeNull();
    expect(within(modal).getByTestId('forgot-email-form')).toBeTruthy();
  });

  it('checks the email form, sends it form-encoded, says a link was sent if the details match, and closes', async () => {
    const api = mockApi({ 'POST /wps/member/password/email': ok(null) });
    await openForgot(['CHNGPASSMAIL3']);

    type('Username', '1bad');
    type('Email', 'nope');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(screen.getByTestId('forgot-username-error').textContent).toBe('Account format is incorrect.');
    expect(screen.getByTestId('forgot-email-error').textContent).toBe('E-mail format is incorrect.');

    type('Username', ' player01 ');
    type('Email', 'me@example.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));

    const notice = await screen.findByTestId('alert-dialog');
    expect(
      within(notice).getByText(
        'If the username and email match an account, we have sent it an email with a link to choose a new password. The link works once, within 20 minutes.',
      ),
    ).toBeTruthy();
    const [request] = api.requestsTo('POST /wps/member/password/email');
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request?.body).toEqual({ username: 'player01', email: 'me@example.com' });

    fireEvent.click(within(notice).getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(screen.queryByTestId('forgot-modal')).toBeNull();
    });
    expect(window.location.pathname).toBe('/');
  });

  it('shows the server error of a refused email reset', async () => {
    mockApi({ 'POST /wps/member/password/email': fail('RATE_LIMITED') });
    await openForgot(['CHNGPASSMAIL3']);
    type('Username', 'player01');
    type('Email', 'me@example.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));

    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Too many requests, please try again later.',
    );
  });

  it('opens the emailed link: sets the new password with its token, then sends the member to log in', async () => {
    const api = mockApi({ 'POST /wps/member/password/email/complete': ok(null) });
    permission.info.whitelabel = whitelabelWith(['CHNGPASSMAIL3']);
    renderApp('/forget?reset=link-token-0123456789abcdef', permission);
    const form = await screen.findByTestId('reset-link-form');
    expect(within(form).queryByTestId('forgot-username')).toBeNull();

    type('New password', 'secret123');
    type('Confirm new password', 'secret124');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(screen.getByTestId('reset-confirm-password-error').textContent).not.toBe('');
    expect(api.requestsTo('POST /wps/member/password/email/complete')).toHaveLength(0);

    type('Confirm new password', 'secret123');
    fireEvent.click(screen.getByTestId('reset-submit'));
    const notice = await screen.findByTestId('alert-dialog');
    expect(
      within(notice).getByText('Your password has been changed. Please log in with your new password.'),
    ).toBeTruthy();
    expect(api.requestsTo('POST /wps/member/password/email/complete')[0]?.body).toEqual({
      token: 'link-token-0123456789abcdef',
      newPassword: 'secret123',
    });
    fireEvent.click(within(notice).getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/login');
    });
  });

  it('says when the link is used or expired', async () => {
    mockApi({ 'POST /wps/member/password/email/complete': fail('RESET_LINK_INVALID') });
    permission.info.whitelabel = whitelabelWith(['CHNGPASSMAIL3']);
    renderApp('/forget?reset=link-token-0123456789abcdef', permission);
    await screen.findByTestId('reset-link-form');
    type('New password', 'secret123');
    type('Confirm new password', 'secret123');
    fireEvent.click(screen.getByTestId('reset-submit'));

    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'This reset link is invalid, already used or expired. Please ask for a new one.',
    );
  });

  it('resets by phone with the SMS code and logs the member in', async () => {
    const api = mockApi({
      'POST /wps/verification/sms/noLogin': ok({ expiredMinutes: 2 }),
      'POST /wps/member/password/verification': ok(buildSession({ token: 'reset-token' })),
      'GET /wps/member/info': ok(buildMemberInfo({ account: 'player01' })),
    });
    await openForgot(['CHNGPASSVERIF3']);

    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(screen.getByTestId('forgot-mobile-error').textContent).toBe('Input cannot be empty.');
    expect(screen.getByTestId('sms-code-field-error').textContent).toBe('Input cannot be empty.');
    expect(screen.getByTestId('forgot-new-password-error').textContent).toBe('Input cannot be empty.');

    type('Mobile number', '03001234567');
    fireEvent.click(screen.getByTestId('sms-send-button'));
    await waitFor(() => {
      expect(screen.getByTestId('sms-send-button').textContent).toBe('Resend in 120s');
    });
    type('SMS code', '123456');
    type('New password', 'secret123');
    fireEvent.click(screen.getByTestId('forgot-submit'));

    expect((await screen.findByTestId('header-account')).textContent).toBe('player01');
    expect(api.requestsTo('POST /wps/member/password/verification')[0]?.body).toEqual({
      mobileNum: '03001234567',
      countryDialingCode: '+92',
      verificationCode: '123456',
      newPassword: 'secret123',
    });
    expect(window.sessionStorage.getItem('token')).toBe('reset-token');
    await waitFor(() => {
      expect(screen.queryByTestId('forgot-modal')).toBeNull();
    });
  });
});
