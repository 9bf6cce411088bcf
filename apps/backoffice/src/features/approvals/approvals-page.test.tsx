import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildWithdrawal } from '../../testing/fixtures';
import { fail, mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const proposal = (overrides: Record<string, unknown> = {}) => ({
  id: '3',
  username: 'bigwinner',
  amount: '15000.00',
  currency: 'USD',
  reason: 'Jackpot paid by hand',
  status: 'pending',
  proposedBy: 'cashier',
  createdAt: '2025-05-01T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  transactionId: null,
  ...overrides,
});

const awaiting = buildWithdrawal({
  amount: '12000.00',
  approvalsRequired: 2,
  firstApproval: { staff: 'operator', note: null, at: '2025-05-01T11:30:00.000Z' },
});

describe('approvals (four eyes on money)', () => {
  it("approves another staff member's proposal and refreshes the list", async () => {
    signIn();
    let isApproved = false;
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/adjustments/proposals': () =>
        ok({ list: isApproved ? [] : [proposal()], totalPages: 1 }),
      'GET /wps/backoffice/withdrawals': ok({ list: [], totalPages: 1 }),
      'POST /wps/backoffice/adjustments/proposals/3/approve': () => {
        isApproved = true;
        return ok(proposal({ status: 'approved', decidedBy: 'operator', transactionId: '77' }));
      },
    });
    renderConsole('/approvals');

    const row = await screen.findByTestId('proposal-row-3');
    expect(row.textContent).toContain('15000.00 USD');
    expect(row.textContent).toContain('cashier');
    fireEvent.click(within(row).getByTestId('approve-adjustment-3'));
    fireEvent.change(screen.getByTestId('review-note'), { target: { value: 'Round checked' } });
    fireEvent.click(screen.getByTestId('review-confirm'));

    expect(await screen.findByTestId('proposals-empty')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/adjustments/proposals/3/approve')[0]?.body).toEqual({
      note: 'Round checked',
    });
    expect(api.requestsTo('GET /wps/backoffice/withdrawals')[0]?.url.searchParams.get('status')).toBe(
      'awaiting_second_approval',
    );
  });

  it('lets the maker only reject their own proposal, and shows a refusal from the server', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/adjustments/proposals': ok({
        list: [proposal({ proposedBy: 'operator' }), proposal({ id: '4' })],
        totalPages: 1,
      }),
      'GET /wps/backoffice/withdrawals': ok({ list: [], totalPages: 1 }),
      'POST /wps/backoffice/adjustments/proposals/3/reject': ok(proposal({ status: 'rejected' })),
      'POST /wps/backoffice/adjustments/proposals/4/approve': fail(
        'ALREADY_PROCESSED',
        'Another staff member decided it first.',
      ),
    });
    renderConsole('/approvals');

    const own = await screen.findByTestId('proposal-row-3');
    expect(within(own).queryByTestId('approve-adjustment-3')).toBeNull();
    expect(within(own).getByTestId('proposal-yours-3')).toBeTruthy();
    fireEvent.click(within(own).getByTestId('reject-adjustment-3'));
    fireEvent.change(screen.getByTestId('review-reason'), { target: { value: 'Wrong member' } });
    fireEvent.click(screen.getByTestId('review-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/adjustments/proposals/3/reject')[0]?.body).toEqual({
        reason: 'Wrong member',
      });
    });

    fireEvent.click(await screen.findByTestId('approve-adjustment-4'));
    fireEvent.click(screen.getByTestId('review-confirm'));
    expect((await screen.findByTestId('review-error')).textContent).toContain('decided it first');
  });

  it('shows withdrawals awaiting a second approval with who approved first; not approvable by them', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/adjustments/proposals': ok({ list: [], totalPages: 1 }),
      'GET /wps/backoffice/withdrawals': ok({
        list: [
          awaiting,
          { ...awaiting, id: '10', firstApproval: { ...awaiting.firstApproval, staff: 'cashier' } },
        ],
        totalPages: 1,
      }),
      'POST /wps/backoffice/withdrawals/10/approve': ok({ ...awaiting, id: '10', status: 'approved' }),
    });
    renderConsole('/approvals');

    const mine = await screen.findByTestId('awaiting-row-9');
    expect(mine.textContent).toContain('operator');
    expect(within(mine).queryByTestId('approve-withdrawal-9')).toBeNull();
    expect(within(mine).getByTestId('reject-withdrawal-9')).toBeTruthy();

    const other = screen.getByTestId('awaiting-row-10');
    expect(other.textContent).toContain('cashier');
    fireEvent.click(within(other).getByTestId('approve-withdrawal-10'));
    fireEvent.click(screen.getByTestId('review-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/withdrawals/10/approve')).toHaveLength(1);
    });
  });
});
