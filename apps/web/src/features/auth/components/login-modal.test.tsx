import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, buildSession, captchaImage, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission, fieldRule, whitelabelWith } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  permission.info.whitelabel = whitelabelWith(['MOBILEVERCODELOGIN3', 'FREEPLAY3', 'GOOGLELOGIN3']);
  permission.info.register.fields.mobileNum = fieldRule({
    patternId: 7,
    acceptedPattern: '^[0-9]+$',
    minLength: 8,
    maxLength: 11,
  });
});

const openLogin = async () => {
  renderApp('/login', permission);
  return screen.findByTestId('login-modal');
};

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
};

const submit = () => {
  fireEvent.click(screen.getByTestId('login-submit'));
};

describe('login modal', () => {
  it('is labelled, offers the links of the spec and the enabled social sign-in', async () => {
    const modal = await openLogin();

    expect(screen.getByRole('dialog', { name: 'Log in' })).toBe(modal);
    expect(within(modal).getByRole('tab', { name: 'Mobile code' })).toBeTruthy();
    expect(within(modal).getByTestId('forgot-link').getAttribute('href')).toBe('/forget');
    expect(within(modal).getByTestId('register-link').getAttribute('href')).toBe('/register');
    expect(within(modal).getByTestId('free-play-link')).toBeTruthy();
    expect(within(modal).getByTestId('social-google').getAttribute('href')).toBe(
      '/wps/session/social/google/start',
    );
    expect(within(modal).queryByTestId('social-facebook')).toBeNull();
    expect(within(modal).queryByTestId('captcha-field')).toBeNull();
  });

  it('shows the first error of each field beside its label, tied to the input', async () => {
    const api = mockApi({});
    await openLogin();

    submit();

    const usernameInput = screen.getByLabelText('Username', { selector: 'input' });
    const usernameError = screen.getByTestId('login-username-error');
    expect(usernameError.textContent).toBe('Input cannot be empty.');
    expect(usernameInput.getAttribute('aria-invalid')).toBe('true');
    expect(usernameInput.getAttribute('aria-describedby')).toBe(usernameError.id);
    expect(screen.getByTestId('login-password-error').textContent).toBe('Input cannot be empty.');
    expect(screen.getAllByText('Input cannot be empty.')).toHaveLength(2);
    expect(api.requestsTo('POST /wps/session/login')).toHaveLength(0);

    // Editing a field clears its error only.
    type('Username', 'player01');
    expect(screen.queryByTestId('login-username-error')).toBeNull();
    expect(screen.getByTestId('login-password-error')).toBeTruthy();
  });

  it('checks the number against the mobile rule on the SMS tab', async () => {
    mockApi({});
    await openLogin();

    fireEvent.click(screen.getByRole('tab', { name: 'Mobile code' }));
    type('Mobile number', '12ab');
    submit();

    expect(screen.getByTestId('login-mobile-error').textContent).toBe(
      'Please enter a phone number of up to 11 digits.',
    );
    expect(screen.getByTestId('sms-code-field-error').textContent).toBe('Input cannot be empty.');
  });

  it('shows the captcha after a failure whose value asks for it, then requires it', async () => {
    const api = mockApi({
      'POST /wps/session/login': fail('INVALID_CREDENTIALS', { captcha: true }),
      'GET /wps/captcha': ok(captchaImage),
    });
    await openLogin();

    type('Username', ' player01 ');
    type('Password', 'wrong-pass');
    submit();

    const image = await screen.findByTestId('captcha-image');
    expect(image.getAttribute('src')).toBe(captchaImage);
    expect(screen.getByTestId('form-error').textContent).toBe('Incorrect username or password.');
    const [firstAttempt] = api.requestsTo('POST /wps/session/login');
    expect(firstAttempt?.body).toMatchObject({
      username: 'player01',
      password: 'wrong-pass',
      type: 'username',
      loginArea: 'player',
      remember: false,
    });

    submit();
    expect(screen.getByTestId('captcha-field-error').textContent).toBe('Please enter the captcha.');
    expect(api.requestsTo('POST /wps/session/login')).toHaveLength(1);

    type('Captcha', 'AB12');
    submit();
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/session/login')).toHaveLength(2);
    });
    expect(api.requestsTo('POST /wps/session/login')[1]?.body).toMatchObject({ captcha: 'AB12' });
    // The answer is single-use, so a second failure loads a new image.
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/captcha')).toHaveLength(2);
    });
  });

  it('refreshes the captcha on click at most once per second', async () => {
    const api = mockApi({
      'POST /wps/session/login': fail('INVALID_CREDENTIALS', { captcha: true }),
      'GET /wps/captcha': ok(captchaImage),
    });
    await openLogin();
    type('Username', 'player01');
    type('Password', 'wrong-pass');
    submit();
    await screen.findByTestId('captcha-image');

    fireEvent.click(screen.getByTestId('captcha-refresh'));
    fireEvent.click(screen.getByTestId('captcha-refresh'));
    fireEvent.click(screen.getByTestId('captcha-refresh'));

    await waitFor(() => {
      expect(api.requestsTo('GET /wps/captcha')).toHaveLength(2);
    });
  });

  it('logs in, stores the token and shows the member in the header', async () => {
    const api = mockApi({
      'POST /wps/session/login': ok(buildSession({ token: 'tok-9' })),
      'GET /wps/member/info': ok(buildMemberInfo({ account: 'player01' })),
    });
    await openLogin();

    type('Username', 'player01');
    type('Password', 'secret123');
    fireEvent.click(screen.getByLabelText('Remember me'));
    submit();

    expect(await screen.findByTestId('header-account')).toHaveProperty('textContent', 'player01');
    expect(window.sessionStorage.getItem('token')).toBe('tok-9');
    await waitFor(() => {
      expect(screen.queryByTestId('login-modal')).toBeNull();
    });
    expect(window.location.pathname).toBe('/');
    expect(api.requestsTo('POST /wps/session/login')[0]?.body).toMatchObject({ remember: true });
    expect(api.requestsTo('GET /wps/member/info')[0]?.headers.get('authorization')).toBe('Bearer tok-9');
  });

  it('asks for the code sent by SMS when the server wants extra verification', async () => {
    const api = mockApi({
      'POST /wps/session/login': ({ body }) =>
        typeof body === 'object' && body !== null && 'verificationCode' in body
          ? ok(buildSession())
          : fail('VERIFICATION_REQUIRED'),
      'GET /wps/member/info': ok(buildMemberInfo()),
    });
    await openLogin();
    type('Username', 'player01');
    type('Password', 'secret123');
    submit();

    const step = await screen.findByTestId('verification-step');
    expect(within(step).getByRole('status').textContent).toMatch(/verification code by SMS/);
    submit();
    expect(screen.getByTestId('verification-code-error').textContent).toBe('Input cannot be empty.');

    type('Verification code', '654321');
    submit();

    expect(await screen.findByTestId('header-account')).toBeTruthy();
    expect(api.requestsTo('POST /wps/session/login')[1]?.body).toMatchObject({ verificationCode: '654321' });
  });

  it('opens the forced password change after a login with a password that must change', async () => {
    mockApi({
      'POST /wps/session/login': ok(buildSession({ mustChangePassword: true })),
      'GET /wps/member/info': ok(buildMemberInfo()),
    });
    await openLogin();
    type('Username', 'player01');
    type('Password', 'secret');
    submit();

    const modal = await screen.findByTestId('forced-change-password-modal');
    expect(within(modal).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(window.sessionStorage.getItem('cpw')).toBe('1');
  });

  it('does not force the change after an SMS login', async () => {
    const api = mockApi({
      'POST /wps/verification/sms/noLogin': ok({ expiredMinutes: 5 }),
      'POST /wps/session/login': ok(buildSession({ mustChangePassword: true })),
      'GET /wps/member/info': ok(buildMemberInfo()),
    });
    await openLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile code' }));
    type('Mobile number', '03001234567');
    fireEvent.click(screen.getByTestId('sms-send-button'));
    await waitFor(() => {
      expect(screen.getByTestId('sms-send-button').textContent).toBe('Resend in 300s');
    });
    expect(api.requestsTo('POST /wps/verification/sms/noLogin')[0]?.body).toEqual({
      countryDialingCode: '+92',
      mobileNo: '03001234567',
    });
    type('SMS code', '123456');
    submit();

    expect(await screen.findByTestId('header-account')).toBeTruthy();
    expect(screen.queryByTestId('forced-change-password-modal')).toBeNull();
    expect(api.requestsTo('POST /wps/session/login')[0]?.body).toMatchObject({
      type: 'sms',
      username: '03001234567',
      password: '123456',
      countryDialingCode: '+92',
    });
  });

  it('shows the server message in a warning when the SMS request fails', async () => {
    mockApi({ 'POST /wps/verification/sms/noLogin': fail('RATE_LIMITED') });
    await openLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile code' }));
    type('Mobile number', '03001234567');
    fireEvent.click(screen.getByTestId('sms-send-button'));

    const warning = await screen.findByTestId('alert-dialog');
    expect(within(warning).getByText('Too many requests, please try again later.')).toBeTruthy();
    fireEvent.click(within(warning).getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(screen.queryByTestId('alert-dialog')).toBeNull();
    });
    // The request's pending state ends after its error is shown: on a busy machine a moment later.
    await waitFor(() => {
      expect(screen.getByTestId('sms-send-button').hasAttribute('disabled')).toBe(false);
    });
  });

  it('starts free play: member info loaded, cpw removed, back home', async () => {
    window.sessionStorage.setItem('cpw', '1');
    mockApi({
      'POST /wps/session/login/freeplay': ok(buildSession({ token: 'trial-token' })),
      'GET /wps/member/info': ok(buildMemberInfo({ account: 'TRIAL123', type: 4, isTrial: true })),
    });
    await openLogin();

    fireEvent.click(screen.getByTestId('free-play-link'));

    expect((await screen.findByTestId('header-account')).textContent).toBe('TRIAL123');
    expect(window.sessionStorage.getItem('cpw')).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('closes with Escape and goes home', async () => {
    const modal = await openLogin();
    // The modal listens for keys from its effect, which a busy machine may run after the modal is on screen;
    // the focus it moves into the dialog in the same effect says it is listening.
    await waitFor(() => {
      expect(modal.contains(document.activeElement)).toBe(true);
    });

    fireEvent.keyDown(document, { key: 'Escape' });

    // Closing navigates home, which loads the home route; a busy CI machine needs more than the default 1 s.
    await waitFor(
      () => {
        expect(screen.queryByTestId('login-modal')).toBeNull();
      },
      { timeout: 5000 },
    );
    expect(window.location.pathname).toBe('/');
  });

  it('explains a failed social sign-in that came back with its code', async () => {
    renderApp('/login?social_error=FEATURE_DISABLED', permission);
    const modal = await screen.findByTestId('login-modal');
    expect(
      within(modal).getByText('This function is not enabled, please contact customer service.'),
    ).toBeTruthy();
  });
});
