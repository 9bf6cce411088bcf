import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { buildAccount, securityCentrePath, securityCentreRoutes } from './security-centre.test-helpers';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const type = (testId: string, value: string) => {
  fireEvent.change(within(screen.getByTestId(testId)).getByRole('textbox'), { target: { value } });
};

const codeSent = ok({ expiredMinutes: 5, resendSeconds: 60 });

describe('security centre: binding a mobile number', () => {
  it('needs the code sent to the number before it binds it', async () => {
    let account = buildAccount();
    const api = mockApi(
      securityCentreRoutes(() => account, {
        'POST /wps/member/account/mobile/code': codeSent,
        'POST /wps/member/account/mobile': () => {
          account = buildAccount({ mobileNum: '+92 ****4567' }, { mobile: true });
          return ok(account);
        },
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-mobile');
    expect(screen.getByTestId('security-mobile-current').textContent).toBe('Not set');

    // No code asked for yet: nothing is bound.
    type('security-mobile-number', '3001234567');
    type('security-mobile-code', '123456');
    fireEvent.click(screen.getByTestId('security-mobile-submit'));
    expect(screen.getByTestId('security-mobile-code-error').textContent).toBe(
      'Get a code first, then enter it here.',
    );
    expect(api.requestsTo('POST /wps/member/account/mobile')).toHaveLength(0);

    // The visitor's country (Pakistan, +92) is the first dialling code.
    fireEvent.click(screen.getByTestId('security-mobile-code-send'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/member/account/mobile/code')[0]?.body).toEqual({
        countryDialingCode: '+92',
        mobileNum: '3001234567',
      });
    });
    await waitFor(() => {
      expect(screen.getByTestId('security-mobile-code-send').textContent).toBe('Resend in 60s');
    });
    expect(screen.getByTestId('security-mobile-code-send').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('We sent a code. It expires in 5 minutes.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('security-mobile-submit'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/member/account/mobile')[0]?.body).toEqual({
        countryDialingCode: '+92',
        mobileNum: '3001234567',
        verificationCode: '123456',
      });
    });
    await waitFor(() => {
      expect(screen.getByTestId('security-mobile-current').textContent).toBe('+92 ****4567');
    });
  });

  it('asks for a new code when the number changes after one was sent', async () => {
    const api = mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'POST /wps/member/account/mobile/code': codeSent,
        'POST /wps/member/account/mobile': ok(buildAccount({ mobileNum: '+92 ****4321' }, { mobile: true })),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-mobile');

    type('security-mobile-number', '3001234567');
    fireEvent.click(screen.getByTestId('security-mobile-code-send'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/member/account/mobile/code')).toHaveLength(1);
    });
    type('security-mobile-number', '3007654321');
    type('security-mobile-code', '123456');
    fireEvent.click(screen.getByTestId('security-mobile-submit'));

    expect(screen.getByTestId('security-mobile-code-error').textContent).toBe(
      'Get a code first, then enter it here.',
    );
    expect(api.requestsTo('POST /wps/member/account/mobile')).toHaveLength(0);
  });

  it('refuses a number outside its country before asking for a code', async () => {
    const api = mockApi(securityCentreRoutes(() => buildAccount()));
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-mobile');

    type('security-mobile-number', '12');
    fireEvent.click(screen.getByTestId('security-mobile-code-send'));

    expect((await screen.findByTestId('security-mobile-number-error')).textContent).toBe(
      'Please enter a valid mobile number.',
    );
    expect(api.requestsTo('POST /wps/member/account/mobile/code')).toHaveLength(0);
  });

  it('puts a number bound to another account beside the number', async () => {
    mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'POST /wps/member/account/mobile/code': fail('MOBILE_TAKEN'),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-mobile');

    type('security-mobile-number', '3001234567');
    fireEvent.click(screen.getByTestId('security-mobile-code-send'));

    expect((await screen.findByTestId('security-mobile-number-error')).textContent).toBe(
      'This mobile number is already registered.',
    );
  });
});

describe('security centre: binding an email address', () => {
  it('sends a code to the address, then binds it with that code; a wrong code shows beside the code', async () => {
    let isCodeRight = false;
    const api = mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'POST /wps/member/account/email/code': codeSent,
        'POST /wps/member/account/email': () =>
          isCodeRight
            ? ok(buildAccount({ email: 'pl***@example.com' }, { email: true }))
            : fail('VERIFICATION_CODE_INVALID'),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-email');

    type('security-email-address', 'player@');
    fireEvent.click(screen.getByTestId('security-email-submit'));
    expect(screen.getByTestId('security-email-address-error').textContent).toBe(
      'E-mail format is incorrect.',
    );
    expect(screen.getByTestId('security-email-code-error').textContent).toBe(
      'Get a code first, then enter it here.',
    );

    type('security-email-address', ' player@example.com ');
    fireEvent.click(screen.getByTestId('security-email-code-send'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/member/account/email/code')[0]?.body).toEqual({
        email: 'player@example.com',
      });
    });

    type('security-email-code', '111111');
    fireEvent.click(screen.getByTestId('security-email-submit'));
    expect((await screen.findByTestId('security-email-code-error')).textContent).toBe(
      'Please enter a valid verification code.',
    );

    isCodeRight = true;
    type('security-email-code', '222222');
    fireEvent.click(screen.getByTestId('security-email-submit'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/member/account/email')[1]?.body).toEqual({
        email: 'player@example.com',
        verificationCode: '222222',
      });
    });
    await waitFor(() => {
      expect(screen.getByTestId('security-email-current').textContent).toBe('pl***@example.com');
    });
    expect(screen.queryByTestId('security-email-code-error')).toBeNull();
  });
});
