import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayoutAccount, Withdrawal } from '@wps/contracts/payments';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok, type MockReply } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import type { WithdrawalOverview } from '../api/get-withdrawal-overview';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadId = '0b7e1c0a-3f2d-4c55-a1e7-7d4f7a2b9c10';

const buildOverview = (overrides: Partial<WithdrawalOverview> = {}): WithdrawalOverview => ({
  currency: 'USD',
  currencySymbol: '$',
  balance: '1000.00',
  minAmount: '100.00',
  maxAmount: '5000.00',
  dailyMaxAmount: '20000.00',
  dailyMaxCount: 3,
  usedTodayAmount: '0.00',
  usedTodayCount: 0,
  turnoverRemaining: '0.00',
  hasPaymentPassword: true,
  realName: 'Juan Dela Cruz',
  confirmationMinutes: 60,
  activeBonus: null,
  ...overrides,
});

const gcash: PayoutAccount = {
  id: '7',
  method: 'ewallet',
  providerName: 'GCash',
  accountNumber: '*******4567',
  holderName: 'Juan Dela Cruz',
  createdAt: '2025-05-01T10:00:00.000Z',
};

const buildWithdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id: '31',
  amount: '200.00',
  currency: 'USD',
  status: 'pending',
  payoutAccount: {
    method: 'ewallet',
    providerName: 'GCash',
    accountNumber: '*******4567',
    holderName: 'Juan',
  },
  createdAt: '2025-05-01T10:00:00.000Z',
  reviewedAt: null,
  reviewNote: null,
  confirmation: {
    state: 'not_applicable',
    receivedAmount: null,
    remainingAmount: null,
    deadline: null,
    proofUploadId: null,
  },
  awaitingKycTier: null,
  ...overrides,
});

const awaiting = (id: string): Withdrawal =>
  buildWithdrawal({
    id,
    status: 'approved',
    reviewedAt: '2025-05-01T11:00:00.000Z',
    confirmation: {
      state: 'awaiting',
      receivedAmount: null,
      remainingAmount: null,
      deadline: '2025-05-01T12:00:00.000Z',
      proofUploadId: null,
    },
  });

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const routes = (overrides: Record<string, MockReply | ((request: never) => MockReply)> = {}) => ({
  'GET /wps/member/info': ok(buildMemberInfo({ hasPaymentPassword: true })),
  'GET /wps/member/withdrawal/overview': ok(buildOverview()),
  'GET /wps/member/payout-accounts': ok({ list: [gcash], realName: 'Juan Dela Cruz' }),
  'GET /wps/member/withdrawals': ok({ list: [], totalPages: 0 }),
  ...overrides,
});

const inputOf = (testId: string): HTMLElement => {
  const field = screen.getByTestId(testId);
  return field.querySelector('input') ?? field;
};
const typeInto = (testId: string, value: string) => {
  fireEvent.change(inputOf(testId), { target: { value } });
};

describe('withdraw', () => {
  it('shows the overview and explains that the remaining turnover blocks withdrawing', async () => {
    mockApi(
      routes({
        'GET /wps/member/withdrawal/overview': ok(
          buildOverview({ turnoverRemaining: '250.00', usedTodayCount: 1, usedTodayAmount: '150.00' }),
        ),
      }),
    );
    renderApp('/member?page=withdraw', permission);

    expect((await screen.findByTestId('withdraw-overview-balance')).textContent).toBe('USD 1,000.00');
    expect(screen.getByTestId('withdraw-overview-today-count').textContent).toBe('1 of 3');
    expect(screen.getByTestId('withdraw-overview-today-amount').textContent).toBe(
      'USD 150.00 / USD 20,000.00',
    );
    expect(screen.getByTestId('withdraw-turnover-block').textContent).toContain(
      'You need to place 250.00 USD more in valid bets before you can withdraw.',
    );
    const submit = await screen.findByTestId<HTMLButtonElement>('withdraw-submit');
    expect(submit.disabled).toBe(true);
  });

  it('sets the payment password first when there is none', async () => {
    const api = mockApi(
      routes({
        'GET /wps/member/withdrawal/overview': ok(buildOverview({ hasPaymentPassword: false })),
        'PUT /wps/member/payment-password': ok(null),
      }),
    );
    renderApp('/member?page=withdraw', permission);

    await screen.findByTestId('payment-password-form');
    expect(screen.queryByTestId('withdraw-request')).toBeNull();
    expect(screen.queryByTestId('payout-add-open')).toBeNull();
    typeInto('payment-password-login', 'Player2025');
    typeInto('payment-password-new', '12345');
    typeInto('payment-password-confirm', '12345');
    fireEvent.click(screen.getByTestId('payment-password-submit'));
    expect(screen.getByTestId('payment-password-new-error').textContent).toBe(
      'The payment password is 6 digits.',
    );

    typeInto('payment-password-new', '123456');
    typeInto('payment-password-confirm', '123456');
    fireEvent.click(screen.getByTestId('payment-password-submit'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/member/payment-password')[0]?.body).toEqual({
        loginPassword: 'Player2025',
        newPaymentPassword: '123456',
      });
    });
    expect((await screen.findByTestId('toast')).textContent).toBe('Payment password set');
  });

  it('adds a payout account with the right body and shows a name mismatch beside the holder', async () => {
    let attempts = 0;
    const api = mockApi(
      routes({
        'POST /wps/member/payout-accounts': (): MockReply => {
          attempts += 1;
          return attempts === 1 ? fail('PAYOUT_NAME_MISMATCH') : ok({ ...gcash, id: '8' });
        },
      }),
    );
    renderApp('/member?page=withdraw', permission);

    expect((await screen.findByTestId('payout-account-7')).textContent).toContain('*******4567');
    fireEvent.click(screen.getByTestId('payout-add-open'));
    expect((inputOf('payout-holder') as HTMLInputElement).value).toBe('Juan Dela Cruz');
    expect(screen.getByTestId('payout-holder-hint').textContent).toBe(
      'Must match your real name: Juan Dela Cruz.',
    );

    fireEvent.change(screen.getByTestId('payout-method'), { target: { value: 'bank' } });
    typeInto('payout-provider', 'BDO');
    typeInto('payout-number', '001234567890');
    typeInto('payout-holder', 'Juan D Cruz');
    typeInto('payout-password', '123456');
    fireEvent.click(screen.getByTestId('payout-submit'));

    expect((await screen.findByTestId('payout-holder-error')).textContent).toBe(
      'The account holder name must match your real name.',
    );
    expect(api.requestsTo('POST /wps/member/payout-accounts')[0]?.body).toEqual({
      method: 'bank',
      providerName: 'BDO',
      accountNumber: '001234567890',
      holderName: 'Juan D Cruz',
      paymentPassword: '123456',
    });

    typeInto('payout-holder', 'Juan Dela Cruz');
    typeInto('payout-password', '123456');
    fireEvent.click(screen.getByTestId('payout-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Payout account added');
    expect(screen.queryByTestId('payout-form')).toBeNull();
  });

  it('removes a payout account after confirming', async () => {
    const api = mockApi(routes({ 'DELETE /wps/member/payout-accounts/7': ok(null) }));
    renderApp('/member?page=withdraw', permission);

    fireEvent.click(await screen.findByTestId('payout-account-remove-7'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('GCash *******4567');
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('DELETE /wps/member/payout-accounts/7')).toHaveLength(1);
    });
  });

  it('sends the withdrawal request with a requestId and checks the amount first', async () => {
    const api = mockApi(routes({ 'POST /wps/member/withdrawals': ok(buildWithdrawal()) }));
    renderApp('/member?page=withdraw', permission);

    await screen.findByTestId('withdraw-request');
    await waitFor(() => {
      expect(screen.getByTestId<HTMLSelectElement>('withdraw-account').value).toBe('7');
    });
    typeInto('withdraw-amount', '50');
    typeInto('withdraw-password', '123456');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('The minimum is 100.00 USD.');

    typeInto('withdraw-amount', '1500');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe(
      'The amount is more than your balance.',
    );

    typeInto('withdraw-amount', '150.00');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Withdrawal requested');
    expect(api.requestsTo('POST /wps/member/withdrawals')[0]?.body).toEqual({
      payoutAccountId: '7',
      amount: '150.00',
      paymentPassword: '123456',
      requestId: expect.stringMatching(uuidPattern) as unknown,
    });
  });

  it('warns that withdrawing forfeits the active bonus, and sends nothing unless the member confirms', async () => {
    const api = mockApi(
      routes({
        'GET /wps/member/withdrawal/overview': ok(
          buildOverview({ activeBonus: { title: 'Welcome match', balance: '12.00' } }),
        ),
        'POST /wps/member/withdrawals': ok(buildWithdrawal()),
      }),
    );
    renderApp('/member?page=withdraw', permission);

    expect((await screen.findByTestId('withdraw-bonus-notice')).textContent).toBe(
      'You have an active bonus of 12.00 USD. Withdrawing now forfeits it.',
    );
    typeInto('withdraw-amount', '150');
    typeInto('withdraw-password', '123456');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Withdrawing forfeits your bonus of 12.00 USD (“Welcome match”)');
    fireEvent.click(within(dialog).getByText('Keep my bonus'));
    await waitFor(() => {
      expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/member/withdrawals')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByText('Forfeit and withdraw'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Withdrawal requested');
    expect(api.requestsTo('POST /wps/member/withdrawals')[0]?.body).toMatchObject({
      amount: '150',
      forfeitBonus: true,
    });
  });

  it('asks about the forfeit when the server says a bonus became active, then sends again', async () => {
    let calls = 0;
    const api = mockApi(
      routes({
        'POST /wps/member/withdrawals': () => {
          calls += 1;
          return calls === 1 ? fail('BONUS_FORFEIT_REQUIRED') : ok(buildWithdrawal());
        },
      }),
    );
    renderApp('/member?page=withdraw', permission);

    await screen.findByTestId('withdraw-request');
    typeInto('withdraw-amount', '150');
    typeInto('withdraw-password', '123456');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Withdrawing forfeits your active bonus');
    fireEvent.click(within(dialog).getByText('Forfeit and withdraw'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Withdrawal requested');
    const sent = api.requestsTo('POST /wps/member/withdrawals');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).not.toHaveProperty('forfeitBonus');
    expect(sent[1]?.body).toMatchObject({ forfeitBonus: true });
  });

  it('puts a wrong payment password beside its field', async () => {
    mockApi(routes({ 'POST /wps/member/withdrawals': fail('PAYMENT_PASSWORD_WRONG') }));
    renderApp('/member?page=withdraw', permission);

    await screen.findByTestId('withdraw-request');
    typeInto('withdraw-amount', '150');
    typeInto('withdraw-password', '654321');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-password-error')).textContent).toBe(
      'The payment password is not correct.',
    );
  });

  it('says which withdrawal waits for identity verification and links to the Verification section', async () => {
    mockApi(
      routes({
        'GET /wps/member/withdrawals': ok({
          list: [
            buildWithdrawal({ id: '41', amount: '900.00', awaitingKycTier: 'basic' }),
            buildWithdrawal(),
          ],
          totalPages: 1,
        }),
      }),
    );
    renderApp('/member?page=withdraw', permission);

    const notice = await screen.findByTestId('withdrawal-awaiting-verification-41');
    expect(notice.textContent).toContain(
      'Waiting for verification: this withdrawal goes to review once your account is Basic.',
    );
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/member?page=verification');
    expect(screen.queryByTestId('withdrawal-awaiting-verification-31')).toBeNull();
  });

  it('sends the confirmation outcomes and hides the buttons once final', async () => {
    const settled = buildWithdrawal({
      id: '32',
      status: 'approved',
      confirmation: {
        state: 'fully_paid',
        receivedAmount: '200.00',
        remainingAmount: '0.00',
        deadline: null,
        proofUploadId: null,
      },
    });
    let list: Withdrawal[] = [awaiting('31'), awaiting('33'), awaiting('34'), settled];
    const answer = (id: string, state: Withdrawal['confirmation']['state']) => (): MockReply => {
      list = list.map((withdrawal) =>
        withdrawal.id === id
          ? { ...withdrawal, confirmation: { ...withdrawal.confirmation, state, deadline: null } }
          : withdrawal,
      );
      return ok(null);
    };
    const api = mockApi(
      routes({
        'GET /wps/member/withdrawals': () => ok({ list, totalPages: 1 }),
        'POST /wps/member/uploads': ok({ id: uploadId, contentType: 'image/jpeg', byteSize: 4 }),
        'POST /wps/member/withdrawals/31/confirmation': answer('31', 'received'),
        'POST /wps/member/withdrawals/33/confirmation': answer('33', 'not_received'),
        'POST /wps/member/withdrawals/34/confirmation': answer('34', 'fully_paid'),
      }),
    );
    renderApp('/member?page=withdraw', permission);

    const final = await screen.findByTestId('withdrawal-32');
    expect(within(final).queryByRole('button')).toBeNull();
    expect(within(final).getByTestId('withdrawal-received-32').textContent).toBe('USD 200.00');
    expect(within(final).getByTestId('withdrawal-remaining-32').textContent).toBe('USD 0.00');
    expect(screen.getByTestId('withdrawal-deadline-31').textContent).toContain('Counts as received after');

    // Received, partly.
    typeInto('withdrawal-received-amount-31', '250.00');
    fireEvent.click(screen.getByTestId('withdrawal-received-button-31'));
    expect(screen.getByTestId('withdrawal-received-amount-31-error').textContent).toBe(
      'The maximum is 200.00 USD.',
    );
    typeInto('withdrawal-received-amount-31', '80.00');
    fireEvent.click(screen.getByTestId('withdrawal-received-button-31'));
    await waitFor(() => {
      expect(screen.queryByTestId('withdrawal-received-button-31')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/member/withdrawals/31/confirmation')[0]?.body).toEqual({
      outcome: 'received',
      receivedAmount: '80.00',
    });

    // Not received needs the proof.
    fireEvent.click(screen.getByTestId('withdrawal-not-received-button-33'));
    expect(screen.getByTestId('withdrawal-proof-33-error').textContent).toBe(
      'Attach a photo of the proof (png or jpg, up to 5 MB).',
    );
    expect(api.requestsTo('POST /wps/member/withdrawals/33/confirmation')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('withdrawal-proof-33'), {
      target: { files: [new File(['jpg!'], 'bank.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByTestId('withdrawal-not-received-button-33'));
    await waitFor(() => {
      expect(screen.queryByTestId('withdrawal-not-received-button-33')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/member/withdrawals/33/confirmation')[0]?.body).toEqual({
      outcome: 'not_received',
      proofUploadId: uploadId,
    });
    const [, uploadInit] = api.fetchMock.mock.calls.find(([url]) => url === '/wps/member/uploads') ?? [];
    expect((uploadInit?.body as FormData).get('purpose')).toBe('withdrawal_proof');

    // Fully paid.
    fireEvent.click(screen.getByTestId('withdrawal-fully-paid-button-34'));
    await waitFor(() => {
      expect(screen.queryByTestId('withdrawal-fully-paid-button-34')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/member/withdrawals/34/confirmation')[0]?.body).toEqual({
      outcome: 'fully_paid',
    });
    expect(screen.getByTestId('withdrawal-confirmation-state-34').textContent).toBe('Fully paid');
  });
});
