import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminMallItem, AdminRedemption } from '@wps/contracts/loyalty-points';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const shirt: AdminMallItem = {
  id: '5',
  kind: 'physical',
  name: { en: 'T-shirt' },
  description: { en: '' },
  imageUploadId: null,
  pointsCost: '1500',
  amount: '0.00',
  turnoverMultiplier: 0,
  spins: 0,
  spinStake: '0.00',
  stock: 50,
  perMemberLimit: 2,
  minimumVipRank: 0,
  status: 'live',
  sortOrder: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

const approved: AdminRedemption = {
  id: '12',
  reference: 'PM00000012',
  appliedAt: '2026-11-27T10:00:00.000Z',
  kind: 'physical',
  name: 'T-shirt',
  quantity: 1,
  points: '1500',
  amount: '0.00',
  status: 'approved',
  remark: null,
  trackingNumber: null,
  memberId: '3',
  username: 'player01',
  itemId: '5',
  shipping: { name: 'Ana', phone: '+63917', address: '1 Ayala Ave' },
  updatedAt: '2026-11-27T10:00:00.000Z',
};

const settings = {
  isPointsEnabled: true,
  pointsPerDepositUnit: '1',
  pointsPerCashUnit: 100,
  minimumConversionPoints: 100,
  conversionTurnoverMultiplier: 1,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

describe('points mall console', () => {
  it('lists the items and edits one', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/loyalty/mall-items': ok({ list: [shirt] }),
      'PUT /wps/backoffice/loyalty/mall-items/5': ({ body }) => ok({ ...shirt, ...(body as object) }),
      'GET /wps/backoffice/loyalty/settings': ok(settings),
    });
    renderConsole('/points-mall');
    const row = await screen.findByTestId('mall-item-row-5');
    expect(row.textContent).toContain('T-shirt');
    expect(row.textContent).toContain('50');
    fireEvent.click(screen.getByTestId('mall-item-edit-5'));
    fireEvent.change(screen.getByTestId('mall-item-stock'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('mall-item-save'));
    await screen.findByTestId('mall-item-new');
    expect(api.requestsTo('PUT /wps/backoffice/loyalty/mall-items/5')[0]?.body).toMatchObject({
      kind: 'physical',
      stock: 40,
      perMemberLimit: 2,
      pointsCost: '1500',
    });
  });

  it('ships an approved redemption with its tracking number', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/loyalty/redemptions': ok({ list: [approved], total: 1, totalPages: 1 }),
      'POST /wps/backoffice/loyalty/redemptions/12': ok({
        ...approved,
        status: 'shipped',
        trackingNumber: 'TRK-1',
      }),
    });
    renderConsole('/redemptions');
    expect((await screen.findByTestId('redemption-row-12')).textContent).toContain('1 Ayala Ave');
    fireEvent.change(screen.getByTestId('redemption-tracking-12'), { target: { value: 'TRK-1' } });
    fireEvent.click(screen.getByTestId('redemption-ship-12'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/loyalty/redemptions/12')[0]?.body).toEqual({
        action: 'ship',
        trackingNumber: 'TRK-1',
      });
    });
  });
});
