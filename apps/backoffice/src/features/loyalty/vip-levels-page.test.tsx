import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { VipLevelAdmin } from '@wps/contracts/loyalty-vip';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const silver: VipLevelAdmin = {
  id: '2',
  rank: 1,
  name: { en: 'Silver', ur: 'چاندی' },
  depositThreshold: '100.00',
  validBetThreshold: '1000.00',
  keepPeriod: 'month',
  keepDeposit: '50.00',
  keepValidBet: '500.00',
  levelUpBonus: '5.00',
  monthlyBonus: '0.00',
  birthdayBonus: '5.00',
  bonusTurnoverMultiplier: 1,
  pointRates: { RNG: '1.2' },
  rebateRates: { RNG: '0.4' },
  dailyWithdrawalCount: null,
  dailyWithdrawalAmount: null,
  managerContact: null,
  iconUploadId: null,
  members: 3,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

describe('VIP levels', () => {
  it('lists the levels, edits one and sets a member level with a reason', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/loyalty/vip-levels': ok({ currency: 'USD', levels: [silver] }),
      'PUT /wps/backoffice/loyalty/vip-levels/2': ({ body }) => ok({ ...silver, ...(body as object) }),
      'POST /wps/backoffice/loyalty/vip-member-levels': ok({
        memberId: '9',
        username: 'player01',
        fromRank: 0,
        toRank: 1,
      }),
    });
    renderConsole('/vip-levels');

    const row = await screen.findByTestId('vip-level-row-1');
    expect(row.textContent).toContain('Silver');
    expect(row.textContent).toContain('USD 100.00 / 1000.00');
    fireEvent.click(screen.getByTestId('vip-level-edit-1'));
    fireEvent.change(screen.getByTestId('vip-level-levelUpBonus'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('vip-level-save'));
    await screen.findByTestId('vip-level-new');
    expect(api.requestsTo('PUT /wps/backoffice/loyalty/vip-levels/2')[0]?.body).toMatchObject({
      rank: 1,
      levelUpBonus: '8',
      pointRates: { RNG: '1.2' },
      dailyWithdrawalCount: null,
    });

    fireEvent.change(screen.getByTestId('vip-member-username'), { target: { value: 'player01' } });
    fireEvent.change(screen.getByTestId('vip-member-rank'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('vip-member-reason'), { target: { value: 'Known high roller' } });
    fireEvent.click(screen.getByTestId('vip-member-save'));
    expect((await screen.findByTestId('vip-member-done')).textContent).toContain('player01: rank 0 → 1');
    expect(api.requestsTo('POST /wps/backoffice/loyalty/vip-member-levels')[0]?.body).toMatchObject({
      username: 'player01',
      rank: 1,
      reason: 'Known high roller',
    });
  });

  it("uploads the level's icon a file input chooses, previews it and saves its id; remove takes it off", async () => {
    signIn();
    const iconId = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
    let current = silver;
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/loyalty/vip-levels': () => ok({ currency: 'USD', levels: [current] }),
      'POST /wps/backoffice/uploads': ok({ id: iconId, contentType: 'image/png', byteSize: 4 }),
      [`GET /wps/backoffice/uploads/${iconId}`]: () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }),
      'PUT /wps/backoffice/loyalty/vip-levels/2': ({ body }) => {
        current = { ...current, ...(body as Partial<VipLevelAdmin>) };
        return ok(current);
      },
    });
    renderConsole('/vip-levels');

    fireEvent.click(await screen.findByTestId('vip-level-edit-1'));
    expect(screen.queryByTestId('vip-level-icon-preview')).toBeNull();
    const icon = new File(['png'], 'silver.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('vip-level-icon-file'), { target: { files: [icon] } });
    await screen.findByTestId('vip-level-icon-preview');
    expect(api.requestsTo(`GET /wps/backoffice/uploads/${iconId}`)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('vip-level-save'));
    await screen.findByTestId('vip-level-new');
    expect(api.requestsTo('PUT /wps/backoffice/loyalty/vip-levels/2')[0]?.body).toMatchObject({
      iconUploadId: iconId,
    });

    fireEvent.click(await screen.findByTestId('vip-level-edit-1'));
    await screen.findByTestId('vip-level-icon-preview');
    fireEvent.click(screen.getByTestId('vip-level-icon-remove'));
    expect(screen.queryByTestId('vip-level-icon-preview')).toBeNull();
    fireEvent.click(screen.getByTestId('vip-level-save'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/loyalty/vip-levels/2')).toHaveLength(2);
    });
    expect(api.requestsTo('PUT /wps/backoffice/loyalty/vip-levels/2')[1]?.body).toMatchObject({
      iconUploadId: null,
    });
  });
});
