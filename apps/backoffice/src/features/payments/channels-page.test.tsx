import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const gatewayChannel = {
  code: 'SANDBOX_PAY',
  method: 'gateway',
  name: 'Sandbox pay',
  currency: 'USD',
  minAmount: '10.00',
  maxAmount: '5000.00',
  instructions: null,
  isEnabled: true,
  sortOrder: 2,
  turnoverPercent: 100,
  gateway: { provider: 'sandbox', merchantId: 'M-1', baseUrl: null, hasSecret: true, usesSandbox: true },
};

const realGatewayChannel = {
  ...gatewayChannel,
  code: 'REAL_PAY',
  name: 'Real pay',
  gateway: {
    provider: 'sandbox',
    merchantId: 'M-2',
    baseUrl: 'https://pay.example.com',
    hasSecret: true,
    usesSandbox: false,
  },
};

const paymentSettings = ok({
  currency: 'USD',
  withdrawalMin: '10.00',
  withdrawalMax: '5000.00',
  withdrawalDailyMaxAmount: '20000.00',
  withdrawalDailyMaxCount: 5,
  confirmationMinutes: 60,
});

describe('deposit channels', () => {
  it('marks a channel on the sandbox gateway as a test channel, and no other', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/payment-channels': ok({ list: [gatewayChannel, realGatewayChannel] }),
      'GET /wps/backoffice/payment-settings': paymentSettings,
    });
    renderConsole('/channels');

    const badge = await screen.findByTestId('channel-test-SANDBOX_PAY');
    expect(badge.textContent).toBe('test');
    expect(screen.getByTestId('channel-row-REAL_PAY')).toBeTruthy();
    expect(screen.queryByTestId('channel-test-REAL_PAY')).toBeNull();
  });

  it('keeps the stored gateway secret unless a new one is typed', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/payment-channels': ok({ list: [gatewayChannel] }),
      'GET /wps/backoffice/payment-settings': ok({
        currency: 'USD',
        withdrawalMin: '10.00',
        withdrawalMax: '5000.00',
        withdrawalDailyMaxAmount: '20000.00',
        withdrawalDailyMaxCount: 5,
        confirmationMinutes: 60,
      }),
      'PUT /wps/backoffice/payment-channels': ok(gatewayChannel),
    });
    renderConsole('/channels');

    fireEvent.click(await screen.findByTestId('edit-channel-SANDBOX_PAY'));
    expect(screen.getByTestId<HTMLInputElement>('channel-secret').value).toBe('');
    fireEvent.change(screen.getByTestId('channel-maxAmount'), { target: { value: '8000.00' } });
    fireEvent.click(screen.getByTestId('channel-save'));

    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/payment-channels')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/backoffice/payment-channels')[0]?.body).toEqual({
      code: 'SANDBOX_PAY',
      method: 'gateway',
      name: 'Sandbox pay',
      currency: 'USD',
      minAmount: '10.00',
      maxAmount: '8000.00',
      isEnabled: true,
      sortOrder: 2,
      turnoverPercent: 100,
      instructions: null,
      gateway: { provider: 'sandbox', merchantId: 'M-1', baseUrl: null },
    });
    await waitFor(() => {
      expect(screen.queryByTestId('channel-form')).toBeNull();
    });
  });
});
