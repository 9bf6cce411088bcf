import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { logInWithApi } from '../testing/wallet-fixtures';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const type = (container: HTMLElement, label: string, value: string) => {
  fireEvent.change(within(container).getByLabelText(label, { selector: 'input' }), { target: { value } });
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const upline = ok({ upline: { account: 'demoagent', nickname: 'Demo agent' } });

describe('transfer to upline (transferUpline)', () => {
  it('explains that a member without upline has no one to transfer to', async () => {
    logInWithApi({ 'GET /wps/member/transfers/upline': ok({ upline: null }) });
    renderApp('/member?page=transferUpline', permission);

    const none = await screen.findByTestId('upline-none');
    expect(none.textContent).toContain('Your account has no upline');
    expect(screen.queryByTestId('upline-transfer-form')).toBeNull();
  });

  it('sends amount, payment password and a requestId, disabled while sending, then refreshes the balance', async () => {
    let balance = '1000.00';
    const api = logInWithApi({
      'GET /wps/member/transfers/upline': upline,
      'GET /wps/v2/wallets/balance': () => ok({ balance, currency: 'USD', currencySymbol: '$' }),
      'POST /wps/member/transfers/upline': () => {
        balance = '900.00';
        return ok({ transactionId: 't-9', recipient: 'demoagent', amount: '100.00', balance: '900.00' });
      },
    });
    renderApp('/member?page=transferUpline', permission);

    expect((await screen.findByTestId('upline-account')).textContent).toBe('demoagent (Demo agent)');
    await waitFor(() => {
      expect(screen.getByTestId('upline-balance').textContent).toBe('$ 1,000.00');
    });
    const form = screen.getByTestId('upline-transfer-form');
    expect(within(form).queryByLabelText('Downline username')).toBeNull();

    // The answer waits until the test lets it through, to see the form while it sends.
    let release = () => undefined as unknown;
    const answered = new Promise<void>((resolve) => {
      release = () => {
        resolve();
      };
    });
    const fetchBefore = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        if (init?.method === 'POST') await answered;
        return fetchBefore(input, init);
      }),
    );

    type(form, 'Amount', '100');
    type(form, 'Payment password', '123456');
    fireEvent.submit(form);
    await waitFor(() => {
      expect(within(form).getByTestId('upline-transfer-submit').closest('fieldset')?.disabled).toBe(true);
    });
    expect(within(form).getByTestId('upline-transfer-submit').textContent).toBe('Sending…');
    // A second submit while sending sends nothing more.
    fireEvent.submit(form);
    release();

    expect((await screen.findByTestId('toast')).textContent).toBe('100.00 sent to demoagent.');
    const sent = api.requestsTo('POST /wps/member/transfers/upline');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      amount: '100',
      paymentPassword: '123456',
      requestId: expect.stringMatching(uuid) as unknown,
    });
    await waitFor(() => {
      expect(screen.getByTestId('upline-balance').textContent).toBe('$ 900.00');
    });
    expect(screen.getByTestId('header-balance').textContent).toBe('$ 900.00');
    expect(within(form).getByTestId('upline-transfer-submit').closest('fieldset')?.disabled).toBe(false);
  });

  it('shows the server error code in words, with the way to set a missing payment password', async () => {
    logInWithApi({
      'GET /wps/member/transfers/upline': upline,
      'POST /wps/member/transfers/upline': fail('PAYMENT_PASSWORD_REQUIRED'),
    });
    renderApp('/member?page=transferUpline', permission);
    const form = await screen.findByTestId('upline-transfer-form');

    type(form, 'Amount', '10.5');
    type(form, 'Payment password', '123456');
    fireEvent.click(within(form).getByTestId('upline-transfer-submit'));

    expect((await within(form).findByTestId('form-error')).textContent).toBe(
      'Please set a payment password first.',
    );
    expect(
      within(form).getByRole('link', { name: 'Set a payment password in My account' }).getAttribute('href'),
    ).toBe('/member?page=securityCenter');
  });

  it('puts a field issue of the server beside its field', async () => {
    logInWithApi({
      'GET /wps/member/transfers/upline': upline,
      'POST /wps/member/transfers/upline': fail('VALIDATION_FAILED', {
        issues: [{ field: 'amount', message: 'The amount is too large' }],
      }),
    });
    renderApp('/member?page=transferUpline', permission);
    const form = await screen.findByTestId('upline-transfer-form');

    type(form, 'Amount', '99999999999');
    type(form, 'Payment password', '123456');
    fireEvent.click(within(form).getByTestId('upline-transfer-submit'));

    expect((await within(form).findByTestId('upline-transfer-amount-error')).textContent).toBe(
      'The amount is too large',
    );
    expect(within(form).queryByTestId('form-error')).toBeNull();
  });
});
