import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Promotion } from '@wps/contracts/promotions';
import type { MemberBonuses } from '@wps/contracts/promotions-admin';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';
import { buildProfile, profileRoutes } from '../../testing/member-test-data';

const wagering = {
  multiplier: 5,
  base: 'bonus',
  contributions: { RNG: 100 },
  maxStake: '0',
  expiresInDays: 14,
} as const;

const buildPromotion = (overrides: Partial<Promotion> = {}): Promotion => ({
  id: '7',
  kind: 'granted',
  category: 'other',
  status: 'live',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  content: { en: { title: 'Goodwill bonus', summary: 'From our staff', terms: '<p>Terms</p>' } },
  imageUploadId: null,
  claimLimit: 0,
  sortOrder: 0,
  turnoverPercent: 100,
  eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
  config: { kind: 'granted', wagering },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const signedInAs = (role: 'admin' | 'finance' | 'support') => ({
  'GET /wps/backoffice/session/me': ok(staffOfPreset(role)),
});

describe('promotions', () => {
  it('lists promotions and creates a red envelope after the form finds what is missing', async () => {
    signIn();
    const api = mockApi({
      ...signedInAs('admin'),
      'GET /wps/backoffice/promotions': ok({ list: [buildPromotion()] }),
      'POST /wps/backoffice/promotions': (request) =>
        ok({ ...buildPromotion(), ...(request.body as object), id: '8', kind: 'red_envelope' }),
    });
    renderConsole('/promotions');

    const row = await screen.findByTestId('promotion-row-7');
    expect(row.textContent).toContain('Goodwill bonus');
    expect(screen.getByTestId('promotion-status-7').textContent).toBe('live');
    expect(screen.getByTestId('nav-promotions')).toBeTruthy();

    fireEvent.change(screen.getByTestId('new-promotion-kind'), { target: { value: 'red_envelope' } });
    fireEvent.click(screen.getByTestId('new-promotion'));
    fireEvent.click(screen.getByTestId('promotion-form-submit'));
    expect(screen.getByTestId('promotion-form-problems').textContent).toContain('content.en.title');
    expect(api.requestsTo('POST /wps/backoffice/promotions')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('promotion-en-title'), { target: { value: 'Lucky envelopes' } });
    fireEvent.change(screen.getByTestId('promotion-ur-title'), { target: { value: 'خوش قسمت لفافے' } });
    fireEvent.change(screen.getByTestId('promotion-config-pool'), { target: { value: '300' } });
    fireEvent.change(screen.getByTestId('promotion-config-packets'), { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('promotion-endsAt'), { target: { value: '2031-02-01T12:00' } });
    fireEvent.click(screen.getByTestId('promotion-form-submit'));

    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/promotions')).toHaveLength(1);
    });
    const body = api.requestsTo('POST /wps/backoffice/promotions')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'draft',
      endsAt: new Date('2031-02-01T12:00').toISOString(),
      content: { en: { title: 'Lucky envelopes' }, ur: { title: 'خوش قسمت لفافے' } },
      config: { kind: 'red_envelope', pool: '300', packets: 50, minPacket: '1' },
    });
    await waitFor(() => {
      expect(screen.queryByTestId('promotion-form')).toBeNull();
    });
  });

  it('edits a promotion with its wagering rules, and pauses and ends it', async () => {
    signIn();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = mockApi({
      ...signedInAs('admin'),
      'GET /wps/backoffice/promotions': ok({ list: [buildPromotion()] }),
      'PUT /wps/backoffice/promotions/7': (request) =>
        ok({ ...buildPromotion(), ...(request.body as object) }),
      'POST /wps/backoffice/promotions/7/status': ok(buildPromotion({ status: 'paused' })),
    });
    renderConsole('/promotions');

    fireEvent.click(await screen.findByTestId('promotion-edit-7'));
    expect(screen.getByTestId<HTMLInputElement>('promotion-contribution-LIVE').value).toBe('10');
    fireEvent.change(screen.getByTestId('promotion-wagering-multiplier'), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('promotion-contribution-LIVE'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('promotion-form-submit'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/promotions/7')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/backoffice/promotions/7')[0]?.body).toMatchObject({
      config: {
        kind: 'granted',
        wagering: { multiplier: 8, expiresInDays: 14, contributions: { RNG: 100, LIVE: 20 } },
      },
    });

    await waitFor(() => {
      expect(screen.queryByTestId('promotion-form')).toBeNull();
    });
    fireEvent.click(screen.getByTestId('promotion-pause-7'));
    fireEvent.click(screen.getByTestId('promotion-end-7'));
    await waitFor(() => {
      expect(
        api.requestsTo('POST /wps/backoffice/promotions/7/status').map((request) => request.body),
      ).toEqual([{ action: 'pause' }, { action: 'end' }]);
    });
  });

  it('uploads the picture a file input chooses, previews it, and saves its id; remove takes it off', async () => {
    signIn();
    const pictureId = '0b7f3c1e-9d2a-4c55-8e61-3f0a2b9c7d14';
    let current = buildPromotion();
    const api = mockApi({
      ...signedInAs('admin'),
      'GET /wps/backoffice/promotions': () => ok({ list: [current] }),
      'POST /wps/backoffice/uploads': ok({ id: pictureId, contentType: 'image/webp', byteSize: 4 }),
      [`GET /wps/backoffice/uploads/${pictureId}`]: () =>
        new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { headers: { 'content-type': 'image/webp' } }),
      'PUT /wps/backoffice/promotions/7': (request) => {
        current = { ...current, ...(request.body as Partial<Promotion>) };
        return ok(current);
      },
    });
    renderConsole('/promotions');

    fireEvent.click(await screen.findByTestId('promotion-edit-7'));
    expect(screen.queryByTestId('promotion-image-preview')).toBeNull();
    const picture = new File(['webp'], 'banner.webp', { type: 'image/webp' });
    fireEvent.change(screen.getByTestId('promotion-image-file'), { target: { files: [picture] } });
    await screen.findByTestId('promotion-image-preview');
    const sent = api.fetchMock.mock.calls.find(
      (_, index) => api.requests[index]?.url.pathname === '/wps/backoffice/uploads',
    );
    const form = sent?.[1]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('purpose')).toBe('promotion_image');
    expect(((form as FormData).get('file') as File).name).toBe('banner.webp');

    fireEvent.click(screen.getByTestId('promotion-form-submit'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/promotions/7')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/backoffice/promotions/7')[0]?.body).toMatchObject({
      imageUploadId: pictureId,
    });
    await waitFor(() => {
      expect(screen.queryByTestId('promotion-form')).toBeNull();
    });

    fireEvent.click(screen.getByTestId('promotion-edit-7'));
    fireEvent.click(await screen.findByTestId('promotion-image-remove'));
    expect(screen.queryByTestId('promotion-image-preview')).toBeNull();
    fireEvent.click(screen.getByTestId('promotion-form-submit'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/promotions/7')).toHaveLength(2);
    });
    expect(api.requestsTo('PUT /wps/backoffice/promotions/7')[1]?.body).toMatchObject({
      imageUploadId: null,
    });
  });

  it('says why a picture was refused and keeps the form without one', async () => {
    signIn();
    mockApi({
      ...signedInAs('admin'),
      'GET /wps/backoffice/promotions': ok({ list: [buildPromotion()] }),
      'POST /wps/backoffice/uploads': fail('UPLOAD_INVALID_TYPE'),
    });
    renderConsole('/promotions');

    fireEvent.click(await screen.findByTestId('promotion-edit-7'));
    const gif = new File(['GIF89a'], 'banner.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByTestId('promotion-image-file'), { target: { files: [gif] } });
    expect((await screen.findByTestId('promotion-image-error')).textContent).toContain('png');
    expect(screen.queryByTestId('promotion-image-preview')).toBeNull();
  });

  it('shows support staff the promotions without changing them', async () => {
    signIn();
    mockApi({
      ...signedInAs('support'),
      'GET /wps/backoffice/promotions': ok({ list: [buildPromotion()] }),
    });
    renderConsole('/promotions');
    await screen.findByTestId('promotion-row-7');
    expect(screen.queryByTestId('new-promotion')).toBeNull();
    expect(screen.queryByTestId('promotion-edit-7')).toBeNull();
  });

  it("opens a member's bonuses from the member's profile", async () => {
    signIn();
    mockApi({
      ...signedInAs('support'),
      ...profileRoutes(() => buildProfile()),
      'GET /wps/backoffice/promotions': ok({ list: [buildPromotion()] }),
      'GET /wps/backoffice/promotions/members/demoplayer/bonuses': ok({
        member: { id: '5', username: 'demoplayer' },
        active: null,
        history: [],
      }),
    });
    renderConsole('/members?member=100');
    fireEvent.click(await screen.findByTestId('member-bonuses-link'));
    const panel = await screen.findByTestId('member-bonus-panel');
    await waitFor(() => {
      expect(panel.textContent).toContain('No bonuses yet.');
    });
    expect(screen.queryByTestId('grant-bonus-form')).toBeNull();
  });

  it('grants a member a bonus and forfeits the active one', async () => {
    signIn();
    const active = {
      id: '31',
      promotionId: '7',
      title: 'Goodwill bonus',
      status: 'active',
      amount: '50.00',
      balance: '50.00',
      wageringRequired: '250.00',
      wageringDone: '0.00',
      contributions: { RNG: 100 },
      maxStake: '0.00',
      expiresAt: '2026-02-01T00:00:00.000Z',
      grantedAt: '2026-01-18T00:00:00.000Z',
      endedAt: null,
      settledAmount: null,
    } as const;
    let bonuses: MemberBonuses = { member: { id: '5', username: 'demoplayer' }, active: null, history: [] };
    const api = mockApi({
      ...signedInAs('finance'),
      'GET /wps/backoffice/promotions': ok({ list: [buildPromotion()] }),
      'GET /wps/backoffice/promotions/members/demoplayer/bonuses': () => ok(bonuses),
      'POST /wps/backoffice/promotions/members/demoplayer/bonuses': () => {
        bonuses = { ...bonuses, active };
        return ok(bonuses);
      },
      'POST /wps/backoffice/promotions/members/demoplayer/bonuses/forfeit': () => {
        bonuses = {
          ...bonuses,
          active: null,
          history: [{ ...active, status: 'forfeited', settledAmount: '50.00' }],
        };
        return ok(bonuses);
      },
    });
    renderConsole('/promotions?member=demoplayer');

    fireEvent.change(await screen.findByTestId('grant-bonus-amount'), { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('grant-bonus-reason'), { target: { value: 'Apology' } });
    fireEvent.click(screen.getByTestId('grant-bonus-submit'));
    expect((await screen.findByTestId('bonus-row-31')).textContent).toContain('0.00 / 250.00');
    const grant = api.requestsTo('POST /wps/backoffice/promotions/members/demoplayer/bonuses')[0]?.body;
    expect(grant).toMatchObject({ promotionId: '7', amount: '50', reason: 'Apology' });
    expect((grant as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.change(screen.getByTestId('forfeit-bonus-reason'), { target: { value: 'Abuse' } });
    fireEvent.click(screen.getByTestId('forfeit-bonus-submit'));
    await waitFor(() => {
      expect(screen.getByTestId('bonus-row-31').textContent).toContain('forfeited');
    });
    expect(
      api.requestsTo('POST /wps/backoffice/promotions/members/demoplayer/bonuses/forfeit')[0]?.body,
    ).toEqual({
      reason: 'Abuse',
    });
  });
});
