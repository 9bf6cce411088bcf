import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDeposit } from '../../testing/fixtures';
import { fail, mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const proofId = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';

describe('deposit review', () => {
  it('approves with a note, then refreshes the list', async () => {
    signIn();
    let isApproved = false;
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/deposits': () => ok({ list: isApproved ? [] : [buildDeposit()], totalPages: 1 }),
      'POST /wps/backoffice/deposits/5/approve': () => {
        isApproved = true;
        return ok(buildDeposit({ status: 'credited', reviewNote: 'slip matches' }));
      },
    });
    renderConsole('/deposits');

    const row = await screen.findByTestId('deposit-row-5');
    expect(row.textContent).toContain('demoplayer');
    expect(row.textContent).toContain('150.00 USD');
    expect(row.textContent).toContain('REF-778');
    fireEvent.click(within(row).getByTestId('approve-deposit-5'));
    fireEvent.change(screen.getByTestId('review-note'), { target: { value: ' slip matches ' } });
    fireEvent.click(screen.getByTestId('review-confirm'));

    expect(await screen.findByTestId('deposits-empty')).toBeTruthy();
    expect(screen.queryByTestId('review-dialog')).toBeNull();
    const [approval] = api.requestsTo('POST /wps/backoffice/deposits/5/approve');
    expect(approval?.body).toEqual({ note: 'slip matches' });
    expect(approval?.headers.get('authorization')).toBe('Bearer staff-token-1');
    expect(api.requestsTo('GET /wps/backoffice/deposits').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses to reject without a reason, then sends the reason', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/deposits': ok({ list: [buildDeposit()], totalPages: 1 }),
      'POST /wps/backoffice/deposits/5/reject': ok(buildDeposit({ status: 'rejected' })),
    });
    renderConsole('/deposits');

    fireEvent.click(await screen.findByTestId('reject-deposit-5'));
    fireEvent.change(screen.getByTestId('review-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('review-confirm'));
    expect(screen.getByTestId('review-reason-required').textContent).toContain('A reason is required');
    expect(api.requestsTo('POST /wps/backoffice/deposits/5/reject')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('review-reason'), { target: { value: 'No money arrived' } });
    fireEvent.click(screen.getByTestId('review-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/deposits/5/reject')[0]?.body).toEqual({
        reason: 'No money arrived',
      });
    });
  });

  it("shows the server's message when the decision is refused, and refreshes the list", async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/deposits': ok({ list: [buildDeposit()], totalPages: 1 }),
      'POST /wps/backoffice/deposits/5/approve': fail('ALREADY_PROCESSED', 'Another operator decided first.'),
    });
    renderConsole('/deposits');

    fireEvent.click(await screen.findByTestId('approve-deposit-5'));
    fireEvent.click(screen.getByTestId('review-confirm'));

    const error = await screen.findByTestId('review-error');
    expect(error.textContent).toContain('Another operator decided first.');
    expect(error.textContent).toContain('ALREADY_PROCESSED');
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/deposits').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('shows all deposits on request', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/deposits': ({ url }) =>
        ok({
          list:
            url.searchParams.get('status') === 'all' ? [buildDeposit({ id: '4', status: 'credited' })] : [],
          totalPages: 1,
        }),
    });
    renderConsole('/deposits');

    fireEvent.click(await screen.findByTestId('deposits-status-all'));

    const row = await screen.findByTestId('deposit-row-4');
    expect(within(row).queryByTestId('approve-deposit-4')).toBeNull();
    expect(
      api.requestsTo('GET /wps/backoffice/deposits').map((call) => call.url.searchParams.get('status')),
    ).toEqual(['pending', 'all']);
  });

  it('loads the proof image with the staff token and enlarges it', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/deposits': ok({ list: [buildDeposit({ proofUploadId: proofId })], totalPages: 1 }),
      [`GET /wps/backoffice/uploads/${proofId}`]: () =>
        new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
    });
    renderConsole('/deposits');

    const thumbnail = await screen.findByTestId('deposit-proof-5');
    expect(api.requestsTo(`GET /wps/backoffice/uploads/${proofId}`)[0]?.headers.get('authorization')).toBe(
      'Bearer staff-token-1',
    );
    expect(within(thumbnail).getByRole('img').getAttribute('src')).toBe('blob:proof');
    fireEvent.click(thumbnail);
    expect(screen.getByTestId('deposit-proof-5-full')).toBeTruthy();
  });
});
