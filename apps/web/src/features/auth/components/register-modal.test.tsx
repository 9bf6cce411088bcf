import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, buildSession, captchaImage, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission, fieldRule, whitelabelWith } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  permission.info.whitelabel = whitelabelWith(['MOBILENUMREG3', 'REGMOBVERF3']);
  const { fields } = permission.info.register;
  fields.username = fieldRule({
    required: true,
    patternId: 2,
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    minLength: 6,
    maxLength: 16,
  });
  // A letters-and-digits pattern and a cap of 20, as brands once had: the password policy sets them aside.
  fields.password = fieldRule({
    required: true,
    patternId: 6,
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    minLength: 6,
    maxLength: 20,
  });
  fields.mobileNum = fieldRule({ patternId: 7, acceptedPattern: '^[0-9]+$', minLength: 8, maxLength: 11 });
  fields.captcha = fieldRule({ enabled: false });
  fields.affiliateCode = fieldRule({ enabled: true });
  for (const field of [
    'payeeName',
    'paymentPassword',
    'line',
    'whatsapp',
    'facebook',
    'wechat',
    'qqNum',
    'idNumber',
    'email',
  ] as const) {
    fields[field] = fieldRule({ enabled: false });
  }
});

afterEach(() => {
  vi.useRealTimers();
});

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
};

const openRegister = async (url = '/register') => {
  renderApp(url, permission);
  return screen.findByTestId('register-modal');
};

describe('register modal', () => {
  it('starts in mobile mode, which hides the username; the username tab shows it', async () => {
    mockApi({});
    const modal = await openRegister();

    expect(within(modal).getByRole('tab', { name: 'Mobile number', selected: true })).toBeTruthy();
    expect(within(modal).queryByTestId('register-username')).toBeNull();
    expect(within(modal).getByTestId('register-mobile')).toBeTruthy();
    expect(within(modal).getByTestId('sms-code-field')).toBeTruthy();

    fireEvent.click(within(modal).getByRole('tab', { name: 'Username' }));

    expect(within(modal).getByTestId('register-username')).toBeTruthy();
    expect(within(modal).queryByTestId('sms-code-field')).toBeNull();
  });

  it('has no tabs and asks for the username when mobile registration is off', async () => {
    permission.info.whitelabel = whitelabelWith([]);
    mockApi({});
    const modal = await openRegister();

    expect(within(modal).queryByRole('tablist')).toBeNull();
    expect(within(modal).getByTestId('register-username')).toBeTruthy();
  });

  it("stops at the terms with the spec's 'not empty?' before checking anything else", async () => {
    const api = mockApi({});
    await openRegister();

    fireEvent.click(screen.getByTestId('register-submit'));

    expect(screen.getByTestId('register-terms-error').textContent).toBe('not empty?');
    expect(screen.queryByTestId('register-mobile-error')).toBeNull();
    expect(api.requestsTo('PUT /wps/member/register/mobile')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    fireEvent.click(screen.getByTestId('register-submit'));

    expect(screen.queryByTestId('register-terms-error')).toBeNull();
    expect(screen.getByTestId('register-mobile-error').textContent).toBe('Input cannot be empty.');
    expect(screen.getByTestId('sms-code-field-error').textContent).toBe('Input cannot be empty.');
  });

  it("lists the countries getCountryCode answers by name and refuses a number that is not one of the chosen country's", async () => {
    const api = mockApi({
      'GET /wps/relay/getCountryCode': ok({
        countries: [
          { country: 'PK', dialingCode: '92' },
          { country: 'PH', dialingCode: '63' },
          { country: 'US', dialingCode: '1' },
        ],
        visitorDialingCode: '92',
      }),
    });
    await openRegister();
    const picker = screen.getByTestId<HTMLSelectElement>('country-code-select');
    await waitFor(() => {
      expect([...picker.options].map((option) => option.textContent)).toEqual([
        '+92 Pakistan',
        '+63 Philippines',
        '+1 United States',
      ]);
    });
    // The visitor's country (the permission's address) is the first choice.
    expect(picker.value).toBe('PK');

    fireEvent.change(picker, { target: { value: 'PH' } });
    type('Mobile number', '03001234567');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    type('Date of birth', '1990-05-01');
    type('SMS code', '123456');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    fireEvent.click(screen.getByTestId('register-submit'));

    // A Pakistani mobile number under +63: the Philippine numbering plan refuses it before anything is sent.
    expect(screen.getByTestId('register-mobile-error').textContent).toBe(
      'Please enter a valid mobile number.',
    );
    expect(api.requestsTo('PUT /wps/member/register/mobile')).toHaveLength(0);
  });

  it('shows the first error per field with the rule bounds, and checkPass for the confirmation', async () => {
    mockApi({});
    await openRegister();
    fireEvent.click(screen.getByRole('tab', { name: 'Username' }));

    type('Username', '1ab');
    type('Password', 'abc');
    type('Confirm password', 'abd');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    fireEvent.click(screen.getByTestId('register-submit'));

    expect(screen.getByTestId('register-username-error').textContent).toBe(
      'Start with a letter, then letters and numbers, 6-16 characters.',
    );
    expect(screen.getByTestId('register-password-error').textContent).toBe(
      'Please fill in your password with 8-128 characters.',
    );
    expect(screen.getByTestId('register-confirm-password-error').textContent).toBe(
      'Confirmation password is not correct.',
    );
  });

  it('follows the password policy: any characters from 8, never a common password, with the hint', async () => {
    mockApi({});
    await openRegister();
    fireEvent.click(screen.getByRole('tab', { name: 'Username' }));
    expect(screen.getByTestId('register-password-hint').textContent).toBe(
      'At least 8 characters, 12 or more recommended; spaces and symbols are welcome.',
    );

    type('Username', 'player01');
    type('Password', 'Password1');
    type('Confirm password', 'Password1');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getByTestId('register-password-error').textContent).toBe(
      'This password is one of the most common; please choose another.',
    );

    type('Password', 'lotus garden #42');
    type('Confirm password', 'lotus garden #42');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.queryByTestId('register-password-error')).toBeNull();
  });

  it('links the terms, the agreement and the forgot-password modal', async () => {
    mockApi({});
    const modal = await openRegister();

    expect(within(modal).getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/help#term');
    expect(within(modal).getByRole('link', { name: 'user agreement' }).getAttribute('href')).toBe('/help');

    fireEvent.click(within(modal).getByTestId('register-forgot-link'));

    expect(await screen.findByTestId('forgot-modal')).toBeTruthy();
    expect(screen.queryByTestId('register-modal')).toBeNull();
  });

  it('hides the affiliate field when the code in the address checks out, and sends it', async () => {
    const api = mockApi({
      'GET /wps/agent/affiliate': ok({ agentAccount: 'agent007' }),
      'POST /wps/verification/sms/register': ok({ expiredMinutes: 5 }),
      'PUT /wps/member/register/mobile': ok(buildSession({ token: 'new-member' })),
      'GET /wps/member/info': ok(buildMemberInfo({ account: '3001234567' })),
    });
    await openRegister('/register?affiliate=AGENT7');

    await waitFor(() => {
      expect(api.requestsTo('GET /wps/agent/affiliate')).toHaveLength(1);
    });
    expect(api.requestsTo('GET /wps/agent/affiliate')[0]?.url.searchParams.get('code')).toBe('AGENT7');
    expect(api.requestsTo('GET /wps/agent/affiliate')[0]?.url.searchParams.get('domain')).toBe('localhost');
    await waitFor(() => {
      expect(screen.queryByTestId('register-affiliate')).toBeNull();
    });

    type('Mobile number', '03001234567');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    type('Date of birth', '1990-05-01');
    type('SMS code', '123456');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    fireEvent.click(screen.getByTestId('register-submit'));

    expect((await screen.findByTestId('header-account')).textContent).toBe('3001234567');
    const [registration] = api.requestsTo('PUT /wps/member/register/mobile');
    expect(registration?.body).toMatchObject({
      username: '3001234567',
      mobileNum: '03001234567',
      countryDialingCode: '+92',
      password: 'secret123',
      confirmPassword: 'secret123',
      verificationCode: '123456',
      birthday: '1990-05-01',
      affiliateCode: 'AGENT7',
      termsAccepted: true,
      registerMethod: 'WEB',
      login: true,
      domain: 'localhost',
    });
    // Checked once on mount; a hidden, accepted code is not checked again.
    expect(api.requestsTo('GET /wps/agent/affiliate')).toHaveLength(1);
    expect(window.sessionStorage.getItem('token')).toBe('new-member');
  });

  it('shows the affiliate field prefilled when the code fails, and stops with the warning on submit', async () => {
    const api = mockApi({ 'GET /wps/agent/affiliate': fail('INVALID_AFFILIATE_CODE') });
    await openRegister('/register?code=BADCODE');

    const field = await screen.findByTestId('register-affiliate');
    expect(within(field).getByRole('textbox')).toHaveProperty('value', 'BADCODE');

    fireEvent.click(screen.getByRole('tab', { name: 'Username' }));
    type('Username', 'player01');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    type('Date of birth', '1990-05-01');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    fireEvent.click(screen.getByTestId('register-submit'));

    const warning = await screen.findByTestId('alert-dialog');
    expect(within(warning).getByText('Invalid invitation code.')).toBeTruthy();
    expect(within(warning).getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(api.requestsTo('GET /wps/agent/affiliate')).toHaveLength(2);
    expect(api.requestsTo('PUT /wps/member/register')).toHaveLength(0);
  });

  it("asks the date of birth and refuses one under the brand's minimum age, here and from the server", async () => {
    permission.info.register.minimumAge = 21;
    const api = mockApi({ 'PUT /wps/member/register': fail('UNDER_MINIMUM_AGE', { minimumAge: 21 }) });
    await openRegister();
    fireEvent.click(screen.getByRole('tab', { name: 'Username' }));
    type('Username', 'player01');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getByTestId('register-birthday-error').textContent).toBe(
      'Please enter your date of birth.',
    );

    const twenty = new Date();
    twenty.setUTCFullYear(twenty.getUTCFullYear() - 21);
    twenty.setUTCDate(twenty.getUTCDate() + 2);
    type('Date of birth', twenty.toISOString().slice(0, 10));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getByTestId('register-birthday-error').textContent).toBe(
      'You must be at least 21 years old to register.',
    );
    expect(api.requestsTo('PUT /wps/member/register')).toHaveLength(0);

    // The server has the last word (its clock, its setting): its refusal shows beside the field.
    type('Date of birth', '1990-05-01');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-birthday-error')).textContent).toBe(
      'You must be at least 21 years old to register.',
    );
    expect(api.requestsTo('PUT /wps/member/register')[0]?.body).toMatchObject({ birthday: '1990-05-01' });
  });

  it('prefills the referral code kept from the address', async () => {
    window.sessionStorage.setItem('referralCode', 'FRIEND42');
    mockApi({});
    await openRegister();

    expect(within(screen.getByTestId('register-referral')).getByRole('textbox')).toHaveProperty(
      'value',
      'FRIEND42',
    );
  });

  it('counts 60 seconds down after sending the registration code, one second at a time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST /wps/verification/sms/register': ok({ expiredMinutes: 5 }) });
    await openRegister();

    fireEvent.click(screen.getByTestId('sms-send-button'));
    expect(screen.getByTestId('register-mobile-error').textContent).toBe('Input cannot be empty.');
    expect(api.requestsTo('POST /wps/verification/sms/register')).toHaveLength(0);

    type('Mobile number', '03001234567');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    fireEvent.click(screen.getByTestId('sms-send-button'));

    const button = screen.getByTestId('sms-send-button');
    await waitFor(() => {
      expect(button.textContent).toBe('Resend in 60s');
    });
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(button.textContent).toBe('Resend in 59s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(button.textContent).toBe('Get code');
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('shows the captcha when the brand turns it on and reloads it when the tab changes', async () => {
    permission.info.register.fields.captcha = fieldRule({ enabled: true, required: true });
    const api = mockApi({ 'GET /wps/captcha': ok(captchaImage) });
    await openRegister();

    expect((await screen.findByTestId('captcha-image')).getAttribute('src')).toBe(captchaImage);
    fireEvent.click(screen.getByRole('tab', { name: 'Username' }));

    await waitFor(() => {
      expect(api.requestsTo('GET /wps/captcha')).toHaveLength(2);
    });
  });

  it('asks for the captcha again after the server refused a refresh within its second', async () => {
    permission.info.register.fields.captcha = fieldRule({ enabled: true, required: true });
    let calls = 0;
    const api = mockApi({
      'GET /wps/captcha': () => {
        calls += 1;
        return calls === 1 ? fail('RATE_LIMITED') : ok(captchaImage);
      },
    });
    await openRegister();

    expect((await screen.findByTestId('captcha-image', {}, { timeout: 3_000 })).getAttribute('src')).toBe(
      captchaImage,
    );
    expect(api.requestsTo('GET /wps/captcha')).toHaveLength(2);
  });

  it('shows the optional fields the brand enables only', async () => {
    permission.info.register.fields.email = fieldRule({ enabled: true });
    permission.info.register.fields.whatsapp = fieldRule({ enabled: true });
    mockApi({});
    const modal = await openRegister();

    expect(within(modal).getByTestId('register-email')).toBeTruthy();
    expect(within(modal).getByTestId('register-whatsapp')).toBeTruthy();
    expect(within(modal).queryByTestId('register-wechat')).toBeNull();
    expect(within(modal).queryByTestId('register-payeeName')).toBeNull();
  });
});
