import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { buildFunds, logInWithApi } from '../testing/wallet-fixtures';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const type = (container: HTMLElement, label: string, value: string) => {
  fireEvent.change(within(container).getByLabelText(label, { selector: 'input' }), { target: { value } });
};

const transferWallets = {
  'GET /wps/relay/GCS_merchantWallet': ok({ isSingle: false, vendors: ['PG', 'JDB'] }),
};

describe('wallet (transferFund)', () => {
  it('shows the main wallet, pending withdrawal and total; a single wallet has no game wallets', async () => {
    logInWithApi({
      'GET /wps/member/info/funds/consolidated': ok(
        buildFunds({ mainWallet: '1234.5', pendingWithdrawal: '200.00', total: '1234.50' }),
      ),
      'GET /wps/relay/GCS_merchantWallet': ok({ isSingle: true, vendors: [] }),
    });
    renderApp('/member?page=transferFund', permission);

    expect((await screen.findByTestId('wallet-main')).textContent).toBe('$ 1,234.50');
    expect(screen.getByTestId('wallet-pending').textContent).toBe('$ 200.00');
    expect(screen.getByTestId('wallet-total').textContent).toBe('$ 1,234.50');
    expect(await screen.findByTestId('single-wallet-note')).toBeTruthy();
    expect(screen.queryByTestId('game-wallets')).toBeNull();
    // Not an agent: no downline transfer.
    expect(screen.queryByTestId('downline-transfer-form')).toBeNull();
  });

  it('moves money into a game wallet with a fresh requestId and shows the new funds', async () => {
    const api = logInWithApi({
      ...transferWallets,
      'GET /wps/member/info/funds/consolidated': ok(
        buildFunds({ gameWallets: [{ vendor: 'PG', balance: '20.00' }], total: '1020.00' }),
      ),
      'POST /wps/relay/GCS_walletTransfer': ok(
        buildFunds({
          mainWallet: '900.00',
          gameWallets: [{ vendor: 'PG', balance: '120.00' }],
          total: '1020.00',
        }),
      ),
    });
    renderApp('/member?page=transferFund', permission);

    const pg = await screen.findByTestId('game-wallet-PG');
    expect(within(pg).getByTestId('game-wallet-balance-PG').textContent).toBe('$ 20.00');
    // A vendor the brand transfers to but the member never used shows zero.
    expect(screen.getByTestId('game-wallet-balance-JDB').textContent).toBe('$ 0.00');

    type(pg, 'Amount', '100');
    fireEvent.click(within(pg).getByTestId('game-transfer-in-PG'));

    expect((await screen.findByTestId('toast')).textContent).toBe('Transfer completed.');
    const [sent] = api.requestsTo('POST /wps/relay/GCS_walletTransfer');
    expect(sent?.body).toEqual({
      vendor: 'PG',
      direction: 'TO_GAME',
      amount: '100',
      requestId: expect.stringMatching(uuid) as unknown,
    });
    await waitFor(() => {
      expect(screen.getByTestId('game-wallet-balance-PG').textContent).toBe('$ 120.00');
    });
    expect(screen.getByTestId('wallet-main').textContent).toBe('$ 900.00');
    expect(within(pg).getByLabelText<HTMLInputElement>('Amount', { selector: 'input' }).value).toBe('');
  });

  it('checks the amount before sending and shows a server refusal beside it', async () => {
    const api = logInWithApi({
      ...transferWallets,
      'GET /wps/member/info/funds/consolidated': ok(buildFunds()),
      'POST /wps/relay/GCS_walletTransfer': fail('INSUFFICIENT_FUNDS'),
    });
    renderApp('/member?page=transferFund', permission);
    const jdb = await screen.findByTestId('game-wallet-JDB');

    fireEvent.click(within(jdb).getByTestId('game-transfer-out-JDB'));
    expect(within(jdb).getByTestId('game-transfer-amount-JDB-error').textContent).toBe(
      'Please enter an amount.',
    );
    type(jdb, 'Amount', '1.234');
    fireEvent.click(within(jdb).getByTestId('game-transfer-out-JDB'));
    expect(within(jdb).getByTestId('game-transfer-amount-JDB-error').textContent).toBe(
      'Enter an amount above zero with at most 2 decimals.',
    );
    expect(api.requestsTo('POST /wps/relay/GCS_walletTransfer')).toHaveLength(0);

    type(jdb, 'Amount', '5000');
    fireEvent.click(within(jdb).getByTestId('game-transfer-out-JDB'));
    expect((await within(jdb).findByTestId('game-transfer-amount-JDB-error')).textContent).toBe(
      'Insufficient balance.',
    );
    expect(api.requestsTo('POST /wps/relay/GCS_walletTransfer')[0]?.body).toMatchObject({
      vendor: 'JDB',
      direction: 'TO_MAIN',
      amount: '5000',
    });
  });

  it('lets an agent transfer to a downline, keeping the requestId across a retry of the same submit', async () => {
    const replies = [
      fail('SERVICE_UNAVAILABLE'),
      fail('PAYMENT_PASSWORD_WRONG'),
      ok({ transactionId: 't-1', recipient: 'demoplayer', amount: '150.00', balance: '850.00' }),
    ];
    const api = logInWithApi(
      {
        'GET /wps/member/info/funds/consolidated': ok(buildFunds()),
        'GET /wps/relay/GCS_merchantWallet': ok({ isSingle: true, vendors: [] }),
        'POST /wps/member/transfers/downline': () => replies.shift() ?? fail('INTERNAL_ERROR'),
      },
      { type: 1, isAgent: true },
    );
    renderApp('/member?page=transferFund', permission);
    const form = await screen.findByTestId('downline-transfer-form');

    fireEvent.click(within(form).getByTestId('downline-transfer-submit'));
    expect(within(form).getByTestId('downline-transfer-username-error').textContent).toBe(
      "Please enter the member's username.",
    );
    expect(within(form).getByTestId('downline-transfer-password-error').textContent).toBe(
      'Please enter your payment password.',
    );

    type(form, 'Downline username', ' demoplayer ');
    type(form, 'Amount', '150');
    type(form, 'Payment password', '12345');
    fireEvent.click(within(form).getByTestId('downline-transfer-submit'));
    expect(within(form).getByTestId('downline-transfer-password-error').textContent).toBe(
      'The payment password is 6 digits.',
    );

    type(form, 'Payment password', '654321');
    fireEvent.click(within(form).getByTestId('downline-transfer-submit'));
    expect((await within(form).findByTestId('form-error')).textContent).toBe(
      'The service is temporarily unavailable.',
    );
    // The same submit again: the same requestId.
    fireEvent.click(within(form).getByTestId('downline-transfer-submit'));
    expect((await within(form).findByTestId('downline-transfer-password-error')).textContent).toBe(
      'The payment password is not correct.',
    );
    type(form, 'Payment password', '123456');
    fireEvent.click(within(form).getByTestId('downline-transfer-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('150.00 sent to demoplayer.');

    const bodies = api
      .requestsTo('POST /wps/member/transfers/downline')
      .map((request: MockRequest) => request.body);
    expect(bodies).toEqual([
      {
        username: 'demoplayer',
        amount: '150',
        paymentPassword: '654321',
        requestId: expect.stringMatching(uuid) as unknown,
      },
      {
        username: 'demoplayer',
        amount: '150',
        paymentPassword: '654321',
        requestId: expect.stringMatching(uuid) as unknown,
      },
      {
        username: 'demoplayer',
        amount: '150',
        paymentPassword: '123456',
        requestId: expect.stringMatching(uuid) as unknown,
      },
    ]);
    const ids = bodies.map((body) => (body as { requestId: string }).requestId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(within(form).getByLabelText<HTMLInputElement>('Amount', { selector: 'input' }).value).toBe('');
    // The funds are fetched again after the transfer.
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/member/info/funds/consolidated').length).toBeGreaterThanOrEqual(2);
    });
  });
});
