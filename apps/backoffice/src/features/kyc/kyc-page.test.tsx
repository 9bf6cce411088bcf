import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KycSettings, StaffKycDocument } from '@wps/contracts/kyc';
import { describe, expect, it } from 'vitest';
import { buildWithdrawal } from '../../testing/fixtures';
import { type MockReply, mockApi, ok, signedInRoutes, signIn } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const identity: StaffKycDocument = {
  id: '21',
  kind: 'identity',
  status: 'pending',
  uploadId: '5d0f6a0e-1c2b-4d3e-8f90-a1b2c3d4e5f6',
  rejectReason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  reviewedAt: null,
  member: {
    id: '42',
    account: 'kycplayer01',
    realName: 'Maria Clara',
    birthday: '1990-04-01',
    idNumber: 'P1234567',
    tier: 'none',
  },
  reviewedBy: null,
  reviewNote: null,
};

const settings: KycSettings = {
  currency: 'USD',
  requiredTier: 'basic',
  singleThreshold: '500.00',
  cumulativeThreshold: null,
  isDefault: false,
};

const image = () =>
  new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });

/** The console's KYC screen with one pending identity document and one withdrawal waiting for it. */
const openKyc = (routes: Record<string, MockReply | (() => MockReply)> = {}) => {
  signIn();
  const api = mockApi({
    ...signedInRoutes,
    'GET /wps/backoffice/kyc/documents': ok({ list: [identity], totalPages: 1 }),
    'GET /wps/backoffice/kyc/documents/21/image': image,
    'GET /wps/backoffice/withdrawals': ok({
      list: [buildWithdrawal({ id: '77', amount: '900.00', awaitingKycTier: 'basic' })],
      totalPages: 1,
    }),
    'GET /wps/backoffice/kyc/settings': ok(settings),
    ...routes,
  });
  renderConsole('/kyc');
  return api;
};

describe('the KYC review screen', () => {
  it('shows the document with its image and the member’s details, and approves it with a note', async () => {
    let decided = false;
    const api = openKyc({
      'GET /wps/backoffice/kyc/documents': () =>
        ok({
          list: [decided ? { ...identity, status: 'approved', reviewedBy: 'operator' } : identity],
          totalPages: 1,
        }),
      'POST /wps/backoffice/kyc/documents/21/approve': () => {
        decided = true;
        return ok({ ...identity, status: 'approved', member: { ...identity.member, tier: 'basic' } });
      },
      'GET /wps/backoffice/withdrawals': () =>
        ok({
          list: decided ? [] : [buildWithdrawal({ id: '77', amount: '900.00', awaitingKycTier: 'basic' })],
          totalPages: 1,
        }),
    });

    const row = await screen.findByTestId('kyc-row-21');
    expect(row.textContent).toContain('kycplayer01');
    expect(row.textContent).toContain('Maria Clara');
    expect(row.textContent).toContain('Born 1990-04-01');
    expect(row.textContent).toContain('ID P1234567');
    expect(within(row).getByTestId('kyc-member-tier-42').textContent).toBe('Tier: None');
    const thumbnail = await within(row).findByTestId('kyc-image-21');
    expect(within(thumbnail).getByRole('img').getAttribute('src')).toBe('blob:proof');
    expect(
      api.requestsTo('GET /wps/backoffice/kyc/documents/21/image')[0]?.headers.get('authorization'),
    ).toBe('Bearer staff-token-1');

    const held = await screen.findByTestId('kyc-held-row-77');
    expect(held.textContent).toContain('Basic (identity approved)');
    expect(
      api.requestsTo('GET /wps/backoffice/withdrawals').map((call) => call.url.searchParams.get('status')),
    ).toContain('awaiting_verification');

    fireEvent.click(within(row).getByTestId('approve-kyc-21'));
    fireEvent.change(screen.getByTestId('review-note'), { target: { value: 'Passport matches' } });
    fireEvent.click(screen.getByTestId('review-confirm'));

    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/kyc/documents/21/approve')[0]?.body).toEqual({
        note: 'Passport matches',
      });
    });
    // The approval released the withdrawal: the held list refreshes without it, the row shows the decision.
    expect(await screen.findByTestId('kyc-held-empty')).toBeTruthy();
    await waitFor(() => {
      expect(within(screen.getByTestId('kyc-row-21')).queryByTestId('approve-kyc-21')).toBeNull();
    });
  });

  it('rejects only with a reason the member reads', async () => {
    const api = openKyc({
      'POST /wps/backoffice/kyc/documents/21/reject': ok({
        ...identity,
        status: 'rejected',
        rejectReason: 'The photo is blurred',
      }),
    });
    fireEvent.click(await screen.findByTestId('reject-kyc-21'));
    fireEvent.click(screen.getByTestId('review-confirm'));
    expect(screen.getByTestId('review-reason-required')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/kyc/documents/21/reject')).toEqual([]);

    fireEvent.change(screen.getByTestId('review-reason'), { target: { value: 'The photo is blurred' } });
    fireEvent.click(screen.getByTestId('review-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/kyc/documents/21/reject')[0]?.body).toEqual({
        reason: 'The photo is blurred',
      });
    });
  });

  it('saves the withdrawal rule, an empty amount turning its threshold off', async () => {
    const api = openKyc({
      'PUT /wps/backoffice/kyc/settings': ok({
        ...settings,
        requiredTier: 'verified',
        singleThreshold: null,
      }),
    });
    const single = await screen.findByTestId<HTMLInputElement>('kyc-settings-single');
    expect(single.value).toBe('500.00');
    fireEvent.change(single, { target: { value: '' } });
    fireEvent.change(screen.getByTestId('kyc-settings-cumulative'), { target: { value: '2000.00' } });
    fireEvent.change(screen.getByTestId('kyc-settings-tier'), { target: { value: 'verified' } });
    fireEvent.click(screen.getByTestId('kyc-settings-save'));

    expect(await screen.findByTestId('kyc-settings-saved')).toBeTruthy();
    expect(api.requestsTo('PUT /wps/backoffice/kyc/settings')[0]?.body).toEqual({
      requiredTier: 'verified',
      singleThreshold: null,
      cumulativeThreshold: '2000.00',
    });
  });
});
