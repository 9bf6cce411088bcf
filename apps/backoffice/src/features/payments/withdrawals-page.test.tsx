import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildWithdrawal } from '../../testing/fixtures';
import { mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

describe('withdrawal review', () => {
  it('shows what the reviewer needs and approves, then refreshes the list', async () => {
    signIn();
    let isApproved = false;
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/withdrawals': () =>
        ok({ list: isApproved ? [] : [buildWithdrawal()], totalPages: 1 }),
      'POST /wps/backoffice/withdrawals/9/approve': () => {
        isApproved = true;
        return ok(buildWithdrawal({ status: 'approved' }));
      },
    });
    renderConsole('/withdrawals');

    const row = await screen.findByTestId('withdrawal-row-9');
    expect(row.textContent).toContain('200.00 USD');
    expect(row.textContent).toContain('******6789');
    expect(within(row).getByTestId('withdrawal-turnover-9').textContent).toBe('35.00');
    fireEvent.click(within(row).getByTestId('approve-withdrawal-9'));
    fireEvent.click(screen.getByTestId('review-confirm'));

    expect(await screen.findByTestId('withdrawals-empty')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/withdrawals/9/approve')[0]?.body).toEqual({});
  });

  it('shows finance staff the whole payout account in the approval dialog (issue 30, point 5)', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok({ ...staffOfPreset('finance'), username: 'cashier' }),
      'GET /wps/backoffice/withdrawals': ok({
        list: [
          buildWithdrawal({
            payoutAccount: {
              method: 'bank',
              providerName: 'BDO',
              accountNumber: '0012345678901',
              holderName: 'Demo Player',
            },
            payoutAccountRevealed: true,
          }),
        ],
        totalPages: 1,
      }),
    });
    renderConsole('/withdrawals');

    const row = await screen.findByTestId('withdrawal-row-9');
    expect(within(row).getByTestId('withdrawal-account-9').textContent).toBe('0012345678901');
    fireEvent.click(within(row).getByTestId('approve-withdrawal-9'));
    expect(screen.getByTestId('withdrawal-pay-to-account').textContent).toBe('0012345678901');
    expect(screen.queryByTestId('withdrawal-pay-to-masked')).toBeNull();
  });

  it('says why the account is masked for support staff', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('support')),
      'GET /wps/backoffice/withdrawals': ok({ list: [buildWithdrawal()], totalPages: 1 }),
    });
    renderConsole('/withdrawals');

    const row = await screen.findByTestId('withdrawal-row-9');
    expect(within(row).getByTestId('withdrawal-account-9').getAttribute('title')).toMatch(/Masked/);
  });

  it('rejects with a reason', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/withdrawals': ok({ list: [buildWithdrawal()], totalPages: 1 }),
      'POST /wps/backoffice/withdrawals/9/reject': ok(buildWithdrawal({ status: 'rejected' })),
    });
    renderConsole('/withdrawals');

    fireEvent.click(await screen.findByTestId('reject-withdrawal-9'));
    fireEvent.click(screen.getByTestId('review-confirm'));
    expect(screen.getByTestId('review-reason-required')).toBeTruthy();
    fireEvent.change(screen.getByTestId('review-reason'), { target: { value: 'Turnover not met' } });
    fireEvent.click(screen.getByTestId('review-confirm'));

    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/withdrawals/9/reject')[0]?.body).toEqual({
        reason: 'Turnover not met',
      });
    });
  });

  it('shows a withdrawal awaiting its second approval and who gave the first; the first approver may only reject', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/withdrawals': ok({
        list: [
          buildWithdrawal({
            amount: '12000.00',
            approvalsRequired: 2,
            firstApproval: { staff: 'operator', note: 'Documents fine', at: '2025-05-01T11:30:00.000Z' },
          }),
          buildWithdrawal({ id: '10', amount: '15000.00', approvalsRequired: 2 }),
        ],
        totalPages: 1,
      }),
    });
    renderConsole('/withdrawals');

    const awaiting = await screen.findByTestId('withdrawal-row-9');
    const fourEyes = within(awaiting).getByTestId('withdrawal-four-eyes-9').textContent;
    expect(fourEyes).toContain('Awaiting second approval by another staff member');
    expect(fourEyes).toContain('First approved by operator');
    expect(fourEyes).toContain('Documents fine');
    expect(within(awaiting).queryByTestId('approve-withdrawal-9')).toBeNull();
    expect(within(awaiting).getByTestId('reject-withdrawal-9')).toBeTruthy();

    const large = screen.getByTestId('withdrawal-row-10');
    expect(within(large).getByTestId('withdrawal-four-eyes-10').textContent).toContain('Needs two approvals');
    fireEvent.click(within(large).getByTestId('approve-withdrawal-10'));
    expect(screen.getByTestId('withdrawal-approval-step').textContent).toContain('First of two');
  });

  it('marks a withdrawal waiting for the member’s verification, which may be rejected but not approved', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/withdrawals': ok({
        list: [buildWithdrawal({ awaitingKycTier: 'verified' })],
        totalPages: 1,
      }),
    });
    renderConsole('/withdrawals');

    const row = await screen.findByTestId('withdrawal-row-9');
    expect(within(row).getByTestId('withdrawal-awaiting-kyc-9').textContent).toBe(
      'Waiting for the member’s verification (verified)',
    );
    expect(within(row).queryByTestId('approve-withdrawal-9')).toBeNull();
    expect(within(row).getByTestId('reject-withdrawal-9')).toBeTruthy();
  });

  it('marks a disputed payout', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/withdrawals': ok({
        list: [
          buildWithdrawal({
            status: 'approved',
            confirmation: {
              state: 'not_received',
              receivedAmount: null,
              remainingAmount: null,
              deadline: null,
              proofUploadId: null,
            },
          }),
        ],
        totalPages: 1,
      }),
    });
    renderConsole('/withdrawals');

    const row = await screen.findByTestId('withdrawal-row-9');
    expect(within(row).getByTestId('withdrawal-confirmation-9').textContent).toContain('Dispute');
    expect(within(row).queryByTestId('approve-withdrawal-9')).toBeNull();
  });
});
