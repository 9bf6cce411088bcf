import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoStaff, mockApi, ok, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const paymentSettings = ok({
  currency: 'USD',
  withdrawalMin: '10.00',
  withdrawalMax: '50000.00',
  withdrawalDailyMaxAmount: '100000.00',
  withdrawalDailyMaxCount: 5,
  confirmationMinutes: 60,
});
const walletSettings = (secondApprovalAbove: string) =>
  ok({ mode: 'transfer', transferVendors: ['PG'], currency: 'USD', secondApprovalAbove });

describe('second-approval amount (four eyes) on the settings page', () => {
  it('lets an admin change it, keeping the wallet mode and vendors', async () => {
    signIn();
    const api = mockApi({
      'GET /wps/backoffice/session/me': ok(demoStaff),
      'GET /wps/backoffice/payment-settings': paymentSettings,
      'GET /wps/backoffice/wallet-settings': walletSettings('10000.00'),
      'PUT /wps/backoffice/wallet-settings': walletSettings('5000.00'),
    });
    renderConsole('/settings');

    const input = await screen.findByTestId('second-approval-amount');
    expect((input as HTMLInputElement).value).toBe('10000.00');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('second-approval-save'));
    expect(screen.getByTestId('second-approval-problem').textContent).toContain('above zero');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('second-approval-save'));

    expect((await screen.findByTestId('second-approval-saved')).textContent).toContain('5000.00 USD');
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/wallet-settings')[0]?.body).toEqual({
        mode: 'transfer',
        transferVendors: ['PG'],
        secondApprovalAbove: '5000',
      });
    });
  });

  it('shows it to finance staff without letting them lift it', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('finance')),
      'GET /wps/backoffice/payment-settings': paymentSettings,
      'GET /wps/backoffice/wallet-settings': walletSettings('10000.00'),
    });
    renderConsole('/settings');

    expect((await screen.findByTestId('second-approval-amount')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('second-approval-admin-only')).toBeTruthy();
    expect(screen.queryByTestId('second-approval-save')).toBeNull();
  });
});
