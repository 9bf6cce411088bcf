import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

afterEach(() => {
  vi.restoreAllMocks();
});

const paymentPasswordRoute = 'PUT /wps/member/payment-password';

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
};

describe('security centre: payment password', () => {
  it('sets the first one with the login password through the payment password route, then offers the change', async () => {
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    let account = buildAccount({}, { paymentPassword: false });
    const api = mockApi(
      securityCentreRoutes(() => account, {
        [paymentPasswordRoute]: () => {
          account = buildAccount({}, { paymentPassword: true });
          return ok(null);
        },
      }),
    );
    renderApp(securityCentrePath, permission);
    const card = await screen.findByTestId('payment-password-form');
    expect(card.getAttribute('data-mode')).toBe('set');
    expect(screen.getByText('Set your payment password')).toBeTruthy();
    expect(screen.getByLabelText('Login password', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText('Current payment password', { selector: 'input' })).toBeNull();

    fireEvent.click(screen.getByTestId('payment-password-submit'));
    expect(screen.getByTestId('payment-password-login-error').textContent).toBe('Input cannot be empty.');

    type('Login password', 'Secret123');
    type('New payment password (6 digits)', '12345');
    type('Confirm new payment password', '54321');
    fireEvent.click(screen.getByTestId('payment-password-submit'));
    expect(screen.queryByTestId('payment-password-login-error')).toBeNull();
    expect(screen.getByTestId('payment-password-new-error').textContent).toBe(
      'The payment password is 6 digits.',
    );
    expect(screen.getByTestId('payment-password-confirm-error').textContent).toBe(
      'The two passwords do not match.',
    );
    expect(api.requestsTo(paymentPasswordRoute)).toHaveLength(0);

    type('New payment password (6 digits)', '135790');
    type('Confirm new payment password', '135790');
    const accountLoads = api.requestsTo('GET /wps/member/account').length;
    const infoLoads = api.requestsTo('GET /wps/member/info').length;
    fireEvent.click(screen.getByTestId('payment-password-submit'));

    await waitFor(() => {
      expect(api.requestsTo(paymentPasswordRoute)).toHaveLength(1);
    });
    // Plain, as the withdrawal page's form sends it: no current payment password for the first one.
    expect(api.requestsTo(paymentPasswordRoute)[0]?.body).toStrictEqual({
      loginPassword: 'Secret123',
      newPaymentPassword: '135790',
    });
    expect(api.requests.filter(({ url }) => url.pathname === '/wps/member/account/payment-password')).toEqual(
      [],
    );
    await waitFor(() => {
      expect(screen.getByTestId('payment-password-form').getAttribute('data-mode')).toBe('change');
    });
    expect(api.requestsTo('GET /wps/member/account').length).toBeGreaterThan(accountLoads);
    expect(api.requestsTo('GET /wps/member/info').length).toBeGreaterThan(infoLoads);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['payments'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['members'] });
    expect(await screen.findByText('Payment password set')).toBeTruthy();

    expect(screen.getByLabelText('Login password', { selector: 'input' })).toBeTruthy();
    expect(screen.getByLabelText('Current payment password', { selector: 'input' })).toBeTruthy();
  });

  it('changes it with the login and current payment passwords, a wrong one shown beside its field', async () => {
    const api = mockApi(
      securityCentreRoutes(() => buildAccount({}, { paymentPassword: true }), {
        [paymentPasswordRoute]: fail('PAYMENT_PASSWORD_WRONG'),
      }),
    );
    renderApp(securityCentrePath, permission);
    const card = await screen.findByTestId('payment-password-form');
    expect(card.getAttribute('data-mode')).toBe('change');
    expect(screen.getByText('Change payment password')).toBeTruthy();

    type('Login password', 'Secret123');
    type('Current payment password', '1111');
    type('New payment password (6 digits)', '246810');
    type('Confirm new payment password', '246810');
    fireEvent.click(screen.getByTestId('payment-password-submit'));
    expect(screen.getByTestId('payment-password-old-error').textContent).toBe(
      'The payment password is 6 digits.',
    );
    expect(api.requestsTo(paymentPasswordRoute)).toHaveLength(0);

    type('Current payment password', '111111');
    fireEvent.click(screen.getByTestId('payment-password-submit'));

    expect((await screen.findByTestId('payment-password-old-error')).textContent).toBe(
      'The payment password is not correct.',
    );
    expect(screen.queryByTestId('payment-password-login-error')).toBeNull();
    expect(api.requestsTo(paymentPasswordRoute)[0]?.body).toStrictEqual({
      loginPassword: 'Secret123',
      oldPaymentPassword: '111111',
      newPaymentPassword: '246810',
    });
  });

  it("shows a wrong login password and the server's issue on the current payment password beside their fields", async () => {
    let reply = fail('OLD_PASSWORD_WRONG');
    mockApi(
      securityCentreRoutes(() => buildAccount({}, { paymentPassword: true }), {
        [paymentPasswordRoute]: () => reply,
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('payment-password-form');

    type('Login password', 'Wrong123');
    type('Current payment password', '111111');
    type('New payment password (6 digits)', '246810');
    type('Confirm new payment password', '246810');
    fireEvent.click(screen.getByTestId('payment-password-submit'));
    expect((await screen.findByTestId('payment-password-login-error')).textContent).toBe(
      'The old password is not correct.',
    );
    expect(screen.queryByTestId('payment-password-old-error')).toBeNull();

    reply = fail('VALIDATION_FAILED', {
      issues: [{ field: 'oldPaymentPassword', message: 'Enter the six digits of your payment password.' }],
    });
    fireEvent.click(screen.getByTestId('payment-password-submit'));
    expect((await screen.findByTestId('payment-password-old-error')).textContent).toBe(
      'Enter the six digits of your payment password.',
    );
    expect(screen.queryByTestId('payment-password-login-error')).toBeNull();
  });
});
