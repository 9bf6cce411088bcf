import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { KycStatus, MemberKycDocument } from '@wps/contracts/kyc';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok, type MockReply } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const uploadId = '5d0f6a0e-1c2b-4d3e-8f90-a1b2c3d4e5f6';

const document = (overrides: Partial<MemberKycDocument> = {}): MemberKycDocument => ({
  id: '11',
  kind: 'address',
  status: 'rejected',
  uploadId: '9e6c1a0e-1c2b-4d3e-8f90-a1b2c3d4e5f6',
  rejectReason: 'The bill is older than 3 months',
  createdAt: '2025-05-01T10:00:00.000Z',
  reviewedAt: '2025-05-01T12:00:00.000Z',
  ...overrides,
});

const buildStatus = (overrides: Partial<KycStatus> = {}): KycStatus => ({
  tier: 'none',
  documents: [document()],
  withdrawalRule: {
    currency: 'USD',
    requiredTier: 'basic',
    singleThreshold: '500.00',
    cumulativeThreshold: null,
  },
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const chooseFile = (file: File) => {
  fireEvent.change(screen.getByTestId('kyc-file'), { target: { files: [file] } });
};

describe('member centre: verification', () => {
  it('shows the tier, the withdrawal rule and why a document was rejected', async () => {
    mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'GET /wps/member/kyc': ok(buildStatus()),
    });
    renderApp('/member?page=verification', permission);

    const tier = await screen.findByTestId('kyc-tier');
    expect(tier.textContent).toBe('Not verified');
    expect(tier.getAttribute('data-tier')).toBe('none');
    expect(screen.getByTestId('kyc-withdrawal-rule').textContent).toBe(
      'A withdrawal above 500.00 USD waits until your account is Basic.',
    );
    expect(screen.getByTestId('kyc-document-status-11').textContent).toBe('Rejected');
    expect(screen.getByTestId('kyc-document-reason-11').textContent).toBe(
      'Reason: The bill is older than 3 months',
    );
  });

  it('uploads the photo as a kyc_document, hands it in with its kind, and shows it waiting', async () => {
    let status = buildStatus({ documents: [] });
    const api = mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'GET /wps/member/kyc': () => ok(status),
      'POST /wps/member/uploads': ok({ id: uploadId, contentType: 'image/png', byteSize: 4 }),
      'POST /wps/member/kyc/documents': (): MockReply => {
        const submitted = document({
          id: '12',
          kind: 'identity',
          status: 'pending',
          uploadId,
          rejectReason: null,
        });
        status = buildStatus({ documents: [submitted] });
        return ok(submitted);
      },
    });
    renderApp('/member?page=verification', permission);

    await screen.findByTestId('kyc-upload-form');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(screen.getByTestId('kyc-file-error').textContent).toBe('Choose a photo of the document.');
    expect(api.requestsTo('POST /wps/member/uploads')).toHaveLength(0);

    chooseFile(new File(['%PDF'], 'passport.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('kyc-file-error').textContent).toBe('Only png or jpg images can be uploaded.');

    chooseFile(new File(['png!'], 'passport.png', { type: 'image/png' }));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/member/kyc/documents')[0]?.body).toEqual({
        kind: 'identity',
        uploadId,
      });
    });
    const [, uploadInit] = api.fetchMock.mock.calls.find(([url]) => url === '/wps/member/uploads') ?? [];
    expect((uploadInit?.body as FormData).get('purpose')).toBe('kyc_document');
    expect((await screen.findByTestId('toast')).textContent).toBe('Document sent for review');
    expect((await screen.findByTestId('kyc-document-status-12')).textContent).toBe('Waiting for review');
    expect(screen.getByTestId('kyc-kind-pending')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('kyc-submit').disabled).toBe(true);
  });

  it("shows the server's refusal above the button", async () => {
    mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'GET /wps/member/kyc': ok(buildStatus({ documents: [] })),
      'POST /wps/member/uploads': ok({ id: uploadId, contentType: 'image/png', byteSize: 4 }),
      'POST /wps/member/kyc/documents': fail('KYC_DOCUMENT_PENDING'),
    });
    renderApp('/member?page=verification', permission);

    await screen.findByTestId('kyc-upload-form');
    fireEvent.change(screen.getByTestId('kyc-kind'), { target: { value: 'address' } });
    chooseFile(new File(['png!'], 'bill.png', { type: 'image/png' }));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'A document of this kind is already waiting for review.',
    );
  });
});
