import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  mockApi,
  type MockRequest,
  ok,
  signedInRoutes,
  signIn,
  staffOfPreset,
} from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const memberWallet = (mainWallet: string) =>
  ok({
    member: { id: '100', account: 'demoplayer', realName: 'Demo Player' },
    funds: {
      currency: 'USD',
      currencySymbol: '$',
      mainWallet,
      pendingWithdrawal: '0.00',
      gameWallets: [],
      total: mainWallet,
    },
    turnoverRemaining: '12.50',
    records: [
      {
        id: '77',
        transactionId: '31',
        time: '2025-05-01T10:00:00.000Z',
        type: 'deposit',
        kind: 'deposit',
        amount: '1000.00',
        balanceAfter: '1000.00',
        reference: 'deposit:1',
        memo: null,
      },
    ],
  });

const demoPlayerFound = {
  id: '100',
  account: 'demoplayer',
  nickname: 'demoplayer',
  realName: 'Demo Player',
  phone: '+92 3001234567',
  email: 'demo@example.com',
  type: 0,
  status: 'active',
  createdAt: '2025-05-01T09:00:00.000Z',
  lastLoginAt: null,
};

const fillAdjustment = (direction: 'credit' | 'debit', amount: string, reason: string) => {
  fireEvent.click(screen.getByTestId(`adjustment-${direction}`));
  fireEvent.change(screen.getByTestId('adjustment-amount'), { target: { value: amount } });
  fireEvent.change(screen.getByTestId('adjustment-reason'), { target: { value: reason } });
  fireEvent.click(screen.getByTestId('adjustment-submit'));
};

describe('member search (issue 30, point 5)', () => {
  it('searches by the field chosen, lists who matches and opens one', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/members': ({ url }: MockRequest) =>
        ok({
          list: url.searchParams.get('q') === '+92 300 123 4567' ? [demoPlayerFound] : [],
          hasMore: false,
        }),
      'GET /wps/backoffice/members/demoplayer/wallet': memberWallet('1000.00'),
    });
    renderConsole('/members');

    fireEvent.change(await screen.findByTestId('member-search-field'), { target: { value: 'phone' } });
    fireEvent.change(screen.getByTestId('member-search-input'), { target: { value: '+92 300 123 4567' } });
    fireEvent.click(screen.getByTestId('member-search-submit'));
    const row = await screen.findByTestId('member-result-100');
    for (const shown of ['demoplayer', 'Demo Player', '+92 3001234567', 'demo@example.com', 'Member']) {
      expect(row.textContent).toContain(shown);
    }
    expect(api.requestsTo('GET /wps/backoffice/members')[0]?.url.searchParams.get('field')).toBe('phone');

    fireEvent.click(screen.getByTestId('member-open-demoplayer'));
    expect((await screen.findByTestId('member-main-wallet')).textContent).toBe('1000.00 USD');
    // The search stays above the member opened.
    expect(screen.getByTestId('member-result-100')).toBeTruthy();

    for (const field of ['email', 'realName', 'id'] as const) {
      fireEvent.change(screen.getByTestId('member-search-field'), { target: { value: field } });
      fireEvent.change(screen.getByTestId('member-search-input'), { target: { value: 'nobody' } });
      fireEvent.click(screen.getByTestId('member-search-submit'));
      expect(await screen.findByTestId('member-results-empty')).toBeTruthy();
      expect(api.requestsTo('GET /wps/backoffice/members').at(-1)?.url.searchParams.get('field')).toBe(field);
    }
  });

  it('lets support staff find members without asking for wallets they may not read', async () => {
    signIn();
    const api = mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('support')),
      'GET /wps/backoffice/members': ok({ list: [demoPlayerFound], hasMore: true }),
    });
    renderConsole('/members?q=demo');

    fireEvent.click(await screen.findByTestId('member-open-demoplayer'));
    expect(await screen.findByTestId('member-wallet-not-for-role')).toBeTruthy();
    expect(screen.getByTestId('member-results-more')).toBeTruthy();
    expect(api.requestsTo('GET /wps/backoffice/members/demoplayer/wallet')).toHaveLength(0);
  });
});

describe('member wallet and manual adjustment', () => {
  it('looks a member up and debits with a signed amount and a fresh request id per adjustment', async () => {
    signIn();
    let balance = '1000.00';
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/members': ok({ list: [demoPlayerFound], hasMore: false }),
      'GET /wps/backoffice/members/demoplayer/wallet': () => memberWallet(balance),
      'POST /wps/backoffice/adjustments': ({ body }: MockRequest) => {
        const before = balance;
        balance = (body as { amount: string }).amount === '-25.00' ? '975.00' : '985.00';
        return ok({ status: 'posted', transactionId: '40', balanceBefore: before, balanceAfter: balance });
      },
    });
    renderConsole('/members');

    fireEvent.change(await screen.findByTestId('member-search-input'), { target: { value: 'demoplayer' } });
    fireEvent.click(screen.getByTestId('member-search-submit'));
    fireEvent.click(await screen.findByTestId('member-open-demoplayer'));
    expect((await screen.findByTestId('member-main-wallet')).textContent).toBe('1000.00 USD');
    expect(screen.getByTestId('member-turnover').textContent).toContain('12.50');
    expect(screen.getByTestId('member-record-77').textContent).toContain('deposit');

    fillAdjustment('debit', '25.00', 'Duplicate bonus taken back');
    expect(screen.getByTestId('adjustment-confirm-box').textContent).toContain(
      'Debit 25.00 USD from demoplayer',
    );
    fireEvent.click(screen.getByTestId('adjustment-confirm'));

    expect((await screen.findByTestId('adjustment-result')).textContent).toContain('1000.00 → 975.00');
    await waitFor(() => {
      expect(screen.getByTestId('member-main-wallet').textContent).toBe('975.00 USD');
    });

    fillAdjustment('credit', '10', 'Goodwill');
    fireEvent.click(screen.getByTestId('adjustment-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/adjustments')).toHaveLength(2);
    });

    const [debit, credit] = api
      .requestsTo('POST /wps/backoffice/adjustments')
      .map(
        (request) => request.body as { username: string; amount: string; reason: string; requestId: string },
      );
    expect(debit).toMatchObject({
      username: 'demoplayer',
      amount: '-25.00',
      reason: 'Duplicate bonus taken back',
    });
    expect(credit).toMatchObject({ username: 'demoplayer', amount: '10', reason: 'Goodwill' });
    expect(debit?.requestId).toMatch(uuidPattern);
    expect(credit?.requestId).toMatch(uuidPattern);
    expect(credit?.requestId).not.toBe(debit?.requestId);
  });

  it('checks the form before anything is sent', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/members/demoplayer/wallet': memberWallet('1000.00'),
    });
    renderConsole('/members?username=demoplayer');

    await screen.findByTestId('member-main-wallet');
    fillAdjustment('credit', '0', 'Goodwill');
    expect(screen.getByTestId('adjustment-problem').textContent).toContain('above zero');
    fillAdjustment('credit', '5.00', '  ');
    expect(screen.getByTestId('adjustment-problem').textContent).toContain('reason is required');
    expect(screen.queryByTestId('adjustment-confirm')).toBeNull();
    expect(api.requestsTo('POST /wps/backoffice/adjustments')).toHaveLength(0);
  });

  it("shows the server's message and keeps the same request id when the operator tries again", async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/members/demoplayer/wallet': memberWallet('10.00'),
      'POST /wps/backoffice/adjustments': fail(
        'INSUFFICIENT_FUNDS',
        'The balance is too low for this debit.',
      ),
    });
    renderConsole('/members?username=demoplayer');

    await screen.findByTestId('member-main-wallet');
    fillAdjustment('debit', '50.00', 'Chargeback');
    fireEvent.click(screen.getByTestId('adjustment-confirm'));
    expect((await screen.findByTestId('adjustment-error')).textContent).toContain(
      'The balance is too low for this debit.',
    );
    fireEvent.click(screen.getByTestId('adjustment-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/adjustments')).toHaveLength(2);
    });
    const [first, second] = api
      .requestsTo('POST /wps/backoffice/adjustments')
      .map((request) => (request.body as { requestId: string }).requestId);
    expect(second).toBe(first);
  });

  it('says above the second-approval amount that another staff member must approve, and shows the proposal', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/members/demoplayer/wallet': memberWallet('1000.00'),
      'GET /wps/backoffice/wallet-settings': ok({
        mode: 'single',
        transferVendors: [],
        currency: 'USD',
        secondApprovalAbove: '10000.00',
      }),
      'POST /wps/backoffice/adjustments': ok({
        status: 'pending_approval',
        secondApprovalAbove: '10000.00',
        proposal: {
          id: '12',
          username: 'demoplayer',
          amount: '-10000.01',
          currency: 'USD',
          reason: 'Chargeback',
          status: 'pending',
          proposedBy: 'operator',
          createdAt: '2025-05-01T10:00:00.000Z',
          decidedBy: null,
          decidedAt: null,
          decisionNote: null,
          transactionId: null,
        },
      }),
    });
    renderConsole('/members?username=demoplayer');

    await screen.findByTestId('member-main-wallet');
    fireEvent.change(screen.getByTestId('adjustment-amount'), { target: { value: '10000.00' } });
    expect(screen.queryByTestId('adjustment-needs-second-approval')).toBeNull();
    fillAdjustment('debit', '10000.01', 'Chargeback');
    expect((await screen.findByTestId('adjustment-needs-second-approval')).textContent).toContain(
      'Above 10000.00 USD',
    );
    fireEvent.click(screen.getByTestId('adjustment-confirm'));
    expect((await screen.findByTestId('adjustment-proposed')).textContent).toContain('proposal 12');
    expect(screen.queryByTestId('adjustment-result')).toBeNull();
  });

  it('says when the member does not exist', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/members/nobody/wallet': fail('ACCOUNT_NOT_FOUND', 'No such member.'),
    });
    renderConsole('/members?username=nobody');

    expect((await screen.findByTestId('member-error')).textContent).toContain('No such member.');
  });
});
