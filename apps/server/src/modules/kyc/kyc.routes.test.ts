import type { KycSettings, KycStatus, StaffKycDocument } from '@wps/contracts/kyc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { createWithdrawalFixture, type WithdrawalFixture } from '../payments/withdrawals.test-helpers';
import { createKycFixture, documentImage } from './kyc.test-helpers';

/**
 * Identity verification: members hand in documents from the member centre, staff with kyc.review approve or reject
 * them (audited), and the approved ones give the tier: basic with identity, verified with identity and address.
 */
describe('KYC documents and tiers', () => {
  let testApp: TestApp;
  let members: WithdrawalFixture;
  let kyc: ReturnType<typeof createKycFixture>;
  let admin: Record<string, string>;
  let risk: Record<string, string>;
  let support: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    members = createWithdrawalFixture(testApp);
    kyc = createKycFixture(testApp);
    admin = await operatorHeaders(testApp.app);
    risk = await createStaff(testApp.app, { username: 'kycrisk', role: 'risk' });
    support = await createStaff(testApp.app, { username: 'kycsupport', role: 'support' });
  });
  afterAll(() => testApp.close());

  const statusOf = async (authorization: string) =>
    (await kyc.call<KycStatus>({ authorization }, 'GET', '/member/kyc')).body.value;

  it('takes a document from its member, one of a kind at a time, and shows it with tier none', async () => {
    const member = await members.createMember();
    const { authorization } = member;
    expect(await statusOf(authorization)).toEqual({
      tier: 'none',
      documents: [],
      withdrawalRule: {
        currency: 'USD',
        requiredTier: 'basic',
        singleThreshold: null,
        cumulativeThreshold: null,
      },
    });

    const id = await kyc.submit(authorization, 'identity');
    const again = await kyc.call({ authorization }, 'POST', '/member/kyc/documents', {
      kind: 'identity',
      uploadId: await kyc.upload(authorization),
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'KYC_DOCUMENT_PENDING' } });

    const proof = await kyc.upload(authorization, 'deposit_proof');
    const wrongPurpose = await kyc.call({ authorization }, 'POST', '/member/kyc/documents', {
      kind: 'address',
      uploadId: proof,
    });
    expect(wrongPurpose.body).toMatchObject({ code: 'VALIDATION_FAILED' });

    const other = await members.createMember();
    const theirs = await kyc.call({ authorization: other.authorization }, 'POST', '/member/kyc/documents', {
      kind: 'identity',
      uploadId: await kyc.upload(authorization),
    });
    expect(theirs.body).toMatchObject({ code: 'NOT_FOUND' });

    const status = await statusOf(authorization);
    expect(status.tier).toBe('none');
    expect(status.documents).toEqual([
      expect.objectContaining({
        id,
        kind: 'identity',
        status: 'pending',
        rejectReason: null,
        reviewedAt: null,
      }),
    ]);
    const [submitted] = await kyc.auditOf('kyc_document', id);
    expect(submitted).toMatchObject({ action: 'kyc.document.submit', actorType: 'member' });
  });

  it('refuses the review to staff without kyc.review, and lets risk staff see the queue and the image', async () => {
    const member = await members.createMember();
    const id = await kyc.submit(member.authorization, 'identity');

    for (const [method, url] of [
      ['GET', '/backoffice/kyc/documents'],
      ['GET', `/backoffice/kyc/documents/${id}/image`],
      ['GET', '/backoffice/kyc/settings'],
    ] as const) {
      expect((await testApp.app.inject({ method, url: `/wps${url}`, headers: support })).statusCode).toBe(
        403,
      );
    }
    const refused = await kyc.decide(support, id, 'approve');
    expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await statusOf(member.authorization)).documents[0]?.status).toBe('pending');

    const queue = await kyc.call<{ list: StaffKycDocument[] }>(risk, 'GET', '/backoffice/kyc/documents');
    expect(queue.body.value.list.find((document) => document.id === id)).toMatchObject({
      kind: 'identity',
      status: 'pending',
      member: { account: member.username, realName: 'Ana Reyes', tier: 'none' },
    });
    const image = await testApp.app.inject({
      url: `/wps/backoffice/kyc/documents/${id}/image`,
      headers: risk,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(documentImage)).toBe(true);
  });

  it('gives basic with an approved identity and verified with an address too; decides once, audited', async () => {
    const member = await members.createMember();
    const { authorization } = member;
    const identity = await kyc.submit(authorization, 'identity');
    const paymentMethod = await kyc.submit(authorization, 'payment_method');
    expect((await kyc.decide(risk, paymentMethod, 'approve')).body).toMatchObject({ success: true });
    expect((await statusOf(authorization)).tier).toBe('none');

    const approved = await kyc.decide(risk, identity, 'approve', { note: 'Passport matches' });
    expect(approved.body).toMatchObject({
      success: true,
      value: {
        status: 'approved',
        reviewedBy: 'kycrisk',
        reviewNote: 'Passport matches',
        member: { tier: 'basic' },
      },
    });
    expect((await statusOf(authorization)).tier).toBe('basic');
    expect(await kyc.decide(admin, identity, 'reject')).toMatchObject({
      status: 409,
      body: { code: 'KYC_DOCUMENT_STATE_INVALID' },
    });

    const blurred = await kyc.submit(authorization, 'address');
    const rejected = await kyc.decide(admin, blurred, 'reject', {
      reason: 'The bill is older than 3 months',
    });
    expect(rejected.body).toMatchObject({ value: { status: 'rejected', member: { tier: 'basic' } } });
    const afterReject = await statusOf(authorization);
    expect(afterReject.tier).toBe('basic');
    expect(afterReject.documents.find((document) => document.id === blurred)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The bill is older than 3 months',
    });
    expect(await kyc.decide(admin, blurred, 'reject', { reason: ' ' })).toMatchObject({
      body: { code: 'VALIDATION_FAILED' },
    });

    const address = await kyc.submit(authorization, 'address');
    await kyc.decide(admin, address, 'approve');
    expect((await statusOf(authorization)).tier).toBe('verified');

    const decisionOf = async (id: string, action: string) =>
      (await kyc.auditOf('kyc_document', id)).find((event) => event.action === action);
    expect(await decisionOf(identity, 'kyc.document.approve')).toMatchObject({
      actorType: 'staff',
      before: { status: 'pending', tier: 'none' },
      after: { status: 'approved', tier: 'basic', note: 'Passport matches' },
    });
    expect(await decisionOf(blurred, 'kyc.document.reject')).toMatchObject({
      after: { status: 'rejected', reason: 'The bill is older than 3 months' },
    });
    expect(await decisionOf(address, 'kyc.document.approve')).toMatchObject({
      before: { tier: 'basic' },
      after: { tier: 'verified' },
    });
  });

  it('keeps a document image from the orphan purge, which takes an image never handed in', async () => {
    const member = await members.createMember();
    const id = await kyc.submit(member.authorization, 'identity');
    const stray = await kyc.upload(member.authorization);
    await testApp.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 3 * 86_400_000));

    const image = await testApp.app.inject({
      url: `/wps/backoffice/kyc/documents/${id}/image`,
      headers: risk,
    });
    expect(image.statusCode).toBe(200);
    const strayRead = await testApp.app.inject({
      url: `/wps/member/uploads/${stray}`,
      headers: { authorization: member.authorization },
    });
    expect(strayRead.statusCode).toBe(404);
  });

  it("saves the brand's withdrawal rule with its audit and refuses bad values", async () => {
    const read = await kyc.call<KycSettings>(risk, 'GET', '/backoffice/kyc/settings');
    expect(read.body.value).toEqual({
      currency: 'USD',
      requiredTier: 'basic',
      singleThreshold: null,
      cumulativeThreshold: null,
      isDefault: true,
    });
    const rule = { requiredTier: 'verified', singleThreshold: '2000.00', cumulativeThreshold: '5000.00' };
    const saved = await kyc.setRule(risk, rule);
    expect(saved.body).toMatchObject({ success: true, value: { ...rule, isDefault: false } });
    expect(await kyc.setRule(risk, { ...rule, singleThreshold: '0' })).toMatchObject({
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await kyc.setRule(risk, { ...rule, requiredTier: 'none' })).toMatchObject({
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await kyc.setRule(support, rule)).toMatchObject({ status: 403 });
    const brandId = (await members.brandId()).toString();
    expect(
      (await kyc.auditOf('brand', brandId)).find((event) => event.action === 'kyc.settings.update'),
    ).toMatchObject({
      before: { singleThreshold: null, isDefault: true },
      after: { singleThreshold: '2000.00', requiredTier: 'verified' },
    });
    const member = await members.createMember();
    expect((await statusOf(member.authorization)).withdrawalRule).toEqual({
      currency: 'USD',
      requiredTier: 'verified',
      singleThreshold: '2000.00',
      cumulativeThreshold: '5000.00',
    });
    await kyc.setRule(risk, { requiredTier: 'basic', singleThreshold: null, cumulativeThreshold: null });
  });
});
