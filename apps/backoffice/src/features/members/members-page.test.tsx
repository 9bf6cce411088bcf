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
import { buildProfile, demoPlayerFound, profileRoutes } from '../../testing/member-test-data';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const page = (list: unknown[], totalCount = list.length, totalPages = 1) =>
  ok({ list, pageNo: 1, totalCount, totalPages });

const lastSearch = (api: ReturnType<typeof mockApi>) =>
  api.requestsTo('GET /wps/backoffice/members').at(-1)?.url.searchParams;

const fillAdjustment = (direction: 'credit' | 'debit', amount: string, reason: string) => {
  fireEvent.click(screen.getByTestId(`adjustment-${direction}`));
  fireEvent.change(screen.getByTestId('adjustment-amount'), { target: { value: amount } });
  fireEvent.change(screen.getByTestId('adjustment-reason'), { target: { value: reason } });
  fireEvent.click(screen.getByTestId('adjustment-submit'));
};

describe('member search', () => {
  it('searches by the field chosen, lists who matches with agent and last login, and opens one', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...profileRoutes(() => buildProfile()),
      'GET /wps/backoffice/members': ({ url }: MockRequest) =>
        page(url.searchParams.get('q') === '+92 300 123 4567' ? [demoPlayerFound] : []),
    });
    renderConsole('/members');

    fireEvent.change(await screen.findByTestId('member-search-field'), { target: { value: 'phone' } });
    fireEvent.change(screen.getByTestId('member-search-input'), { target: { value: '+92 300 123 4567' } });
    fireEvent.click(screen.getByTestId('member-search-submit'));
    const row = await screen.findByTestId('member-result-100');
    for (const shown of [
      'demoplayer',
      'Demo Player',
      '+92 3001234567',
      'demoagent',
      '203.0.113.10',
      'Active',
    ]) {
      expect(row.textContent).toContain(shown);
    }
    expect(screen.getByTestId('member-results-count').textContent).toBe('1 found');
    expect(lastSearch(api)?.get('field')).toBe('phone');

    fireEvent.click(screen.getByTestId('member-open-demoplayer'));
    expect((await screen.findByTestId('member-profile-title')).textContent).toContain('demoplayer');
    // The results fold away while a member is open, and come back as they were.
    expect(screen.queryByTestId('member-results')).toBeNull();
    fireEvent.click(screen.getByTestId('member-back'));
    expect(await screen.findByTestId('member-result-100')).toBeTruthy();

    for (const field of ['upline', 'payoutAccount', 'lastLoginIp', 'tag'] as const) {
      fireEvent.change(screen.getByTestId('member-search-field'), { target: { value: field } });
      fireEvent.change(screen.getByTestId('member-search-input'), { target: { value: 'nobody' } });
      fireEvent.click(screen.getByTestId('member-search-submit'));
      expect(await screen.findByTestId('member-results-empty')).toBeTruthy();
      expect(lastSearch(api)?.get('field')).toBe(field);
    }
  });

  it('sorts and pages on the server, saying the order with aria-sort', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/members': () => page([demoPlayerFound], 45, 3),
    });
    renderConsole('/members?q=demo');

    await screen.findByTestId('member-result-100');
    expect(screen.getByTestId('member-sort-registered').closest('th')?.getAttribute('aria-sort')).toBe(
      'descending',
    );
    fireEvent.click(screen.getByTestId('member-sort-username'));
    await waitFor(() => {
      expect([lastSearch(api)?.get('sort'), lastSearch(api)?.get('order')]).toEqual(['username', 'asc']);
    });
    expect(screen.getByTestId('member-sort-username').closest('th')?.getAttribute('aria-sort')).toBe(
      'ascending',
    );
    fireEvent.click(screen.getByTestId('member-sort-username'));
    await waitFor(() => {
      expect(lastSearch(api)?.get('order')).toBe('desc');
    });
    fireEvent.click(screen.getByTestId('member-sort-lastLogin'));
    await waitFor(() => {
      expect([lastSearch(api)?.get('sort'), lastSearch(api)?.get('order')]).toEqual(['lastLogin', 'desc']);
    });

    const pager = screen.getByTestId('member-results-pager');
    expect(pager.textContent).toContain('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(lastSearch(api)?.get('pageNo')).toBe('2');
    });
    expect(lastSearch(api)?.get('sort')).toBe('lastLogin');
  });

  it('lets support staff open members without asking for money their role may not read', async () => {
    signIn();
    const api = mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('support')),
      ...profileRoutes(() => buildProfile()),
      'GET /wps/backoffice/members': page([demoPlayerFound]),
    });
    renderConsole('/members?q=demo');

    fireEvent.click(await screen.findByTestId('member-open-demoplayer'));
    expect(await screen.findByTestId('member-wallet-not-for-role')).toBeTruthy();
    expect(api.requestsTo('GET /wps/backoffice/members/100/funds')).toHaveLength(0);
    // Tabs of records the role may not read are not offered.
    expect(screen.queryByTestId('member-tab-transactions')).toBeNull();
    expect(screen.queryByTestId('member-tab-deposits')).toBeNull();
    expect(screen.getByTestId('member-tab-bets')).toBeTruthy();
    expect(screen.getByTestId('member-tab-withdrawals')).toBeTruthy();
  });
});

describe('member money and manual adjustment', () => {
  it('shows balances and limits, and debits with a signed amount and a fresh request id per adjustment', async () => {
    signIn();
    let balance = '1000.00';
    const api = mockApi({
      ...signedInRoutes,
      ...profileRoutes(
        () => buildProfile(),
        () => balance,
      ),
      'POST /wps/backoffice/adjustments': ({ body }: MockRequest) => {
        const before = balance;
        balance = (body as { amount: string }).amount === '-25.00' ? '975.00' : '985.00';
        return ok({ status: 'posted', transactionId: '40', balanceBefore: before, balanceAfter: balance });
      },
    });
    renderConsole('/members?member=100');

    expect((await screen.findByTestId('member-main-wallet')).textContent).toBe('1000.00 USD');
    expect(screen.getByTestId('member-turnover').textContent).toContain('12.50');
    expect(screen.getByTestId('member-bonus-balance').textContent).toBe('5.00 USD');
    expect(screen.getByTestId('member-limit-daily-amount').textContent).toBe(
      '0.00 USD used of 100000.00 USD',
    );

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
    const api = mockApi({ ...signedInRoutes, ...profileRoutes(() => buildProfile()) });
    renderConsole('/members?member=100');

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
      ...profileRoutes(
        () => buildProfile(),
        () => '10.00',
      ),
      'POST /wps/backoffice/adjustments': fail(
        'INSUFFICIENT_FUNDS',
        'The balance is too low for this debit.',
      ),
    });
    renderConsole('/members?member=100');

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
      ...profileRoutes(() => buildProfile()),
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
    renderConsole('/members?member=100');

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
      'GET /wps/backoffice/members/404/profile': fail('ACCOUNT_NOT_FOUND', 'No such member.'),
    });
    renderConsole('/members?member=404');

    expect((await screen.findByTestId('member-error')).textContent).toContain('No such member.');
  });
});
