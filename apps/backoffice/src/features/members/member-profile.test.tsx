import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberProfile, MemberStatus } from '@wps/contracts/members';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';
import { buildProfile, profileRoutes } from '../../testing/member-test-data';

const records = {
  'GET /wps/backoffice/members/100/records/transactions': ok({
    list: [
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
    total: 1,
    totalPages: 1,
    currency: 'USD',
  }),
  'GET /wps/backoffice/members/100/records/bets': ok({
    list: [
      {
        roundId: '55',
        roundRef: 'R-55',
        vassalage: 'DEMO',
        vendorName: 'Demo Vendor',
        gameCode: 'slot',
        gameName: 'Lucky Slot',
        productLine: 'SLOT',
        status: 'SETTLED',
        betAmount: '2.00',
        validBet: '2.00',
        winAmount: '0.00',
        refundedAmount: '0.00',
        profit: '-2.00',
        currency: 'USD',
        openedAt: '2025-05-01T11:00:00.000Z',
        settledAt: '2025-05-01T11:00:01.000Z',
      },
    ],
    page: 1,
    totalPages: 2,
    total: 21,
    summary: { betAmount: '42.00', validBet: '42.00', winAmount: '10.00', profit: '-32.00' },
  }),
  'GET /wps/backoffice/members/100/records/deposits': ok({
    list: [
      {
        id: '5',
        channelCode: 'BANK_TRANSFER',
        channelName: 'Bank transfer',
        method: 'bank_transfer',
        amount: '20.00',
        currency: 'USD',
        status: 'pending',
        playerReference: 'R1',
        proofUploadId: null,
        paymentUrl: null,
        reviewNote: null,
        createdAt: '2025-05-01T12:00:00.000Z',
        settledAt: null,
      },
    ],
    totalPages: 1,
  }),
  'GET /wps/backoffice/members/100/records/withdrawals': ok({
    list: [
      {
        id: '9',
        amount: '100.00',
        currency: 'USD',
        status: 'approved',
        payoutAccount: {
          method: 'bank',
          providerName: 'BDO',
          accountNumber: '****7890',
          holderName: 'Demo Player',
        },
        createdAt: '2025-05-01T13:00:00.000Z',
        reviewedAt: '2025-05-01T13:30:00.000Z',
        reviewNote: null,
        confirmation: {
          state: 'awaiting',
          receivedAmount: null,
          remainingAmount: null,
          deadline: null,
          proofUploadId: null,
        },
        awaitingKycTier: null,
      },
    ],
    totalPages: 1,
  }),
  'GET /wps/backoffice/members/100/sign-ins': ok({
    list: [
      {
        id: '3',
        event: 'login',
        isSuccess: false,
        ip: '198.51.100.41',
        userAgent: 'PhoneApp/2.1',
        createdAt: '2025-05-02T09:00:00.000Z',
      },
    ],
    totalCount: 1,
    totalPages: 1,
  }),
  'GET /wps/backoffice/members/100/linked': ok({
    list: [
      {
        member: { id: '101', account: 'secondself', realName: null, status: 'disabled' },
        links: [
          { kind: 'device', value: '198.51.100.51 · SharedBrowser/9' },
          { kind: 'payoutAccount', value: '****4455' },
        ],
      },
    ],
    isTruncated: false,
  }),
};

const openTab = async (tab: string) => {
  fireEvent.click(await screen.findByTestId(`member-tab-${tab}`));
};

describe('member profile', () => {
  it("shows the member's records from the member's own services, tab by tab, and pages them", async () => {
    signIn();
    const api = mockApi({ ...signedInRoutes, ...profileRoutes(() => buildProfile()), ...records });
    renderConsole('/members?member=100');

    expect((await screen.findByTestId('member-details')).textContent).toContain('demoagent');
    expect(screen.getByTestId('member-kyc-note').textContent).toContain('no KYC verification');

    await openTab('transactions');
    expect((await screen.findByTestId('member-record-77')).textContent).toContain('deposit:1');

    await openTab('bets');
    expect((await screen.findByTestId('member-bet-55')).textContent).toContain('Lucky Slot');
    expect(screen.getByTestId('member-bets-summary').textContent).toContain('21 rounds');
    fireEvent.click(within(screen.getByTestId('member-bets-pager')).getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(
        api.requestsTo('GET /wps/backoffice/members/100/records/bets').at(-1)?.url.searchParams.get('page'),
      ).toBe('2');
    });

    await openTab('deposits');
    expect((await screen.findByTestId('member-deposit-5')).textContent).toContain('Bank transfer');
    await openTab('withdrawals');
    expect((await screen.findByTestId('member-withdrawal-9')).textContent).toContain('****7890');

    await openTab('sign-ins');
    const signIn1 = await screen.findByTestId('member-sign-in-3');
    for (const shown of ['198.51.100.41', 'PhoneApp/2.1', 'failed'])
      expect(signIn1.textContent).toContain(shown);

    await openTab('linked');
    const linked = await screen.findByTestId('member-linked-101');
    expect(linked.textContent).toContain('Same device');
    expect(linked.textContent).toContain('****4455');
    // The tab is in the address: a reload or a shared link opens it again.
    expect(window.location.search).toContain('tab=linked');
    fireEvent.click(within(linked).getByRole('button', { name: 'Open secondself' }));
    await waitFor(() => {
      expect(window.location.search).toBe('?member=101');
    });
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    signIn();
    mockApi({ ...signedInRoutes, ...profileRoutes(() => buildProfile()), ...records });
    renderConsole('/members?member=100');

    const overview = await screen.findByTestId('member-tab-overview');
    expect(overview.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    expect(screen.getByTestId('member-tab-transactions').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('member-tab-transactions'));
    fireEvent.keyDown(document.activeElement ?? overview, { key: 'End' });
    expect(screen.getByTestId('member-tab-timeline').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement ?? overview, { key: 'ArrowRight' });
    expect(screen.getByTestId('member-tab-overview').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('member-tab-overview');
  });

  it('changes the status with a required reason and shows the new state', async () => {
    signIn();
    let status: MemberStatus = 'active';
    const api = mockApi({
      ...signedInRoutes,
      ...profileRoutes(() => {
        const profile = buildProfile();
        return { ...profile, member: { ...profile.member, status } };
      }),
      'POST /wps/backoffice/members/100/status': ({ body }: MockRequest) => {
        status = (body as { status: MemberStatus }).status;
        return ok({ status, sessionsEnded: 2 });
      },
    });
    renderConsole('/members?member=100');

    fireEvent.click(await screen.findByTestId('member-status-open'));
    expect(screen.queryByTestId('member-status-active')).toBeNull();
    fireEvent.click(screen.getByTestId('member-status-disabled'));
    fireEvent.click(screen.getByTestId('member-status-confirm'));
    expect(screen.getByTestId('member-status-problem').textContent).toContain('reason is required');
    expect(api.requestsTo('POST /wps/backoffice/members/100/status')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('member-status-reason'), { target: { value: 'Bonus abuse ring' } });
    fireEvent.click(screen.getByTestId('member-status-confirm'));
    await waitFor(() => {
      expect(screen.getByTestId('member-status').textContent).toBe('Disabled');
    });
    expect(screen.queryByTestId('member-status-dialog')).toBeNull();
    expect(api.requestsTo('POST /wps/backoffice/members/100/status')[0]?.body).toEqual({
      status: 'disabled',
      reason: 'Bonus abuse ring',
    });
  });

  it('resets the password and shows the temporary one once; clears the payment password', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...profileRoutes(() => buildProfile()),
      'POST /wps/backoffice/members/100/password-reset': ok({ temporaryPassword: 'Abc23Def45Gh' }),
      'POST /wps/backoffice/members/100/payment-password-reset': ok(null),
    });
    renderConsole('/members?member=100');

    fireEvent.click(await screen.findByTestId('member-password-open'));
    expect(screen.getByTestId('member-password-confirm')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('member-password-reason'), {
      target: { value: 'Caller proved identity' },
    });
    fireEvent.click(screen.getByTestId('member-password-confirm'));
    expect((await screen.findByTestId('member-temporary-password')).textContent).toBe('Abc23Def45Gh');
    fireEvent.click(screen.getByTestId('member-password-done'));
    expect(screen.queryByTestId('member-temporary-password')).toBeNull();
    expect(api.requestsTo('POST /wps/backoffice/members/100/password-reset')[0]?.body).toEqual({
      reason: 'Caller proved identity',
    });

    fireEvent.click(screen.getByTestId('member-payment-password-open'));
    fireEvent.change(screen.getByTestId('member-payment-password-reason'), {
      target: { value: 'Forgot PIN' },
    });
    fireEvent.click(screen.getByTestId('member-payment-password-confirm'));
    await waitFor(() => {
      expect(screen.queryByTestId('member-payment-password-dialog')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/backoffice/members/100/payment-password-reset')[0]?.body).toEqual({
      reason: 'Forgot PIN',
    });
  });

  it('adds and removes tags and notes, and shows the timeline', async () => {
    signIn();
    let profile: MemberProfile = buildProfile();
    const api = mockApi({
      ...signedInRoutes,
      ...profileRoutes(() => profile),
      'POST /wps/backoffice/members/100/tags': ({ body }: MockRequest) => {
        profile = { ...profile, tags: [...profile.tags, (body as { tag: string }).tag].sort() };
        return ok({ tags: profile.tags });
      },
      'DELETE /wps/backoffice/members/100/tags/vip-watch': () => {
        profile = { ...profile, tags: profile.tags.filter((tag) => tag !== 'vip-watch') };
        return ok({ tags: profile.tags });
      },
      'POST /wps/backoffice/members/100/notes': ({ body }: MockRequest) => {
        profile = {
          ...profile,
          timeline: [
            {
              id: '1',
              kind: 'note',
              body: (body as { body: string }).body,
              staffUsername: 'operator',
              createdAt: '2025-05-03T09:00:00.000Z',
            },
          ],
        };
        return ok(null);
      },
    });
    renderConsole('/members?member=100');

    fireEvent.change(await screen.findByTestId('member-tag-input'), { target: { value: 'chargeback' } });
    fireEvent.click(screen.getByTestId('member-tag-add'));
    await waitFor(() => {
      expect(screen.getByTestId('member-tags').textContent).toContain('chargeback');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag vip-watch' }));
    await waitFor(() => {
      expect(screen.getByTestId('member-tags').textContent).not.toContain('vip-watch');
    });
    expect(api.requestsTo('DELETE /wps/backoffice/members/100/tags/vip-watch')).toHaveLength(1);

    await openTab('timeline');
    fireEvent.change(screen.getByTestId('member-note-input'), {
      target: { value: 'Called about a deposit.' },
    });
    fireEvent.click(screen.getByTestId('member-note-add'));
    expect((await screen.findByTestId('member-timeline-1')).textContent).toContain('Called about a deposit.');
    expect(screen.getByTestId('member-timeline-1').textContent).toContain('operator');
  });

  it('offers no account actions to a role without members.manage', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('marketing')),
      ...profileRoutes(() => buildProfile()),
    });
    renderConsole('/members?member=100');

    expect(await screen.findByTestId('member-profile-title')).toBeTruthy();
    expect(screen.queryByTestId('member-status-open')).toBeNull();
    expect(screen.queryByTestId('member-tag-input')).toBeNull();
    expect(screen.getByTestId('member-tags').textContent).toContain('vip-watch');
    await openTab('timeline');
    expect(screen.queryByTestId('member-note-input')).toBeNull();
  });
});
