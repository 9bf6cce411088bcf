import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClaimReview } from '@wps/contracts/promotions-site';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const held: ClaimReview = {
  id: '5',
  promotionId: '3',
  promotionTitle: 'Sign-up bonus 5',
  member: { id: '42', username: 'second01' },
  reasons: [
    { kind: 'address', memberId: '41', username: 'first01' },
    { kind: 'payout_account', memberId: '40', username: 'zero01' },
  ],
  status: 'pending',
  staffId: null,
  note: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
};

describe('sign-up claim reviews', () => {
  it('lists held claims with whom and what they share, and approves one with a note', async () => {
    signIn();
    let decided = false;
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/promotions/reviews': ({ url }) =>
        ok({ list: url.searchParams.get('status') === 'pending' && !decided ? [held] : [] }),
      'POST /wps/backoffice/promotions/reviews/5/approve': () => {
        decided = true;
        return ok({ ...held, status: 'approved', decidedAt: '2026-11-27T11:00:00.000Z' });
      },
    });
    renderConsole('/promotion-reviews');

    const row = await screen.findByTestId('claim-review-row-5');
    expect(row.textContent).toContain('second01');
    expect(row.textContent).toContain('Sign-up bonus 5');
    expect(row.textContent).toContain('first01 (address), zero01 (payout account)');
    fireEvent.click(screen.getByTestId('approve-claim-5'));
    fireEvent.change(await screen.findByTestId('review-note'), { target: { value: 'Same household' } });
    fireEvent.click(screen.getByTestId('review-confirm'));
    expect(await screen.findByTestId('claim-reviews-empty')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/promotions/reviews/5/approve')[0]?.body).toEqual({
      note: 'Same household',
    });
  });

  it('lets support staff look but not decide', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('support')),
      'GET /wps/backoffice/promotions/reviews': ok({ list: [held] }),
    });
    renderConsole('/promotion-reviews');

    expect(await screen.findByTestId('claim-review-row-5')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByTestId('approve-claim-5')).toBeNull();
    });
    expect(screen.queryByTestId('reject-claim-5')).toBeNull();
  });
});
