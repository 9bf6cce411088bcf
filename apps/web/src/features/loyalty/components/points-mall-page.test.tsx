import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MallItem, PointBalance, PointConfig, Redemption } from '@wps/contracts/loyalty-points';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMemberInfo, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { cashPreview } from './points-mall-dialogs';

const balance: PointBalance = {
  balance: '1200',
  earned: { deposit: '300', live: '100', lottery: '0', pvp: '0', slots: '800', sports: '0' },
  other: '0',
  redeemed: '0',
  converted: '0',
};
const config: PointConfig = {
  isEnabled: true,
  pointsPerCashUnit: 100,
  minimumConversionPoints: 100,
  pointsPerDepositUnit: '1',
  betRates: { RNG: '1' },
  conversionTurnoverMultiplier: 1,
  currency: 'PKR',
};
const item = (id: string, overrides: Partial<MallItem> = {}): MallItem => ({
  id,
  kind: 'bonus',
  name: `Item ${id}`,
  description: '',
  imageUrl: null,
  pointsCost: '500',
  amount: '5.00',
  spins: 0,
  spinStake: '0.00',
  turnoverMultiplier: 3,
  stock: null,
  perMemberLimit: null,
  redeemedByMember: 0,
  minimumVipRank: 0,
  ...overrides,
});
const redemption: Redemption = {
  id: '7',
  reference: 'PM00000007',
  appliedAt: '2026-11-20T10:00:00.000Z',
  kind: 'physical',
  name: 'T-shirt',
  quantity: 1,
  points: '1500',
  amount: '0.00',
  status: 'shipped',
  remark: null,
  trackingNumber: 'TRK-1',
};

beforeEach(() => {
  window.sessionStorage.setItem('token', 'tok-1');
});

const routes = () => ({
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/v2/wallets/balance': ok({
    balance: '100.00',
    currency: 'PKR',
    currencySymbol: 'Rs',
    bonusBalance: '0.00',
  }),
  'GET /wps/rewards/unread': ok({ count: 0 }),
  'GET /wps/relay/MCS2_getPointBalance': ok(balance),
  'GET /wps/relay/MCS2_getPointConfig': ok(config),
  'GET /wps/relay/MCS2_getPointReward': ok({
    list: [item('1'), item('2', { kind: 'physical', name: 'Headset', pointsCost: '6000', stock: 3 })],
  }),
  'GET /wps/relay/MCS2_getRedeemPointList': ok({ list: [redemption], total: 1, totalPages: 1 }),
  'GET /wps/relay/ODSFE2_MemTransDet': ok({
    list: [
      {
        id: '9',
        kind: 'points.earn',
        points: '12',
        balanceAfter: '1200',
        reference: null,
        memo: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    nextBeforeId: null,
  }),
});

describe('points mall page', () => {
  it('shows the balance with its sources and the items, and disables what the member cannot afford', async () => {
    mockApi(routes());
    renderApp('/pointMall', await buildSitePermission());
    expect((await screen.findByTestId('points-balance')).textContent).toBe('1200');
    expect(screen.getByTestId('points-earned-slots').textContent).toBe('800');
    expect(await screen.findByTestId('points-item-1')).toBeTruthy();
    expect(screen.getByTestId('points-redeem-2').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('points-redeem-1').hasAttribute('disabled')).toBe(false);
  });

  it('redeems with the payment password, sending one request id however often it is submitted', async () => {
    const api = mockApi({
      ...routes(),
      'POST /wps/relay/passwordCheck/MCS2_redeemPointReward': (request) =>
        (request.body as { paymentPassword: string }).paymentPassword === '123456'
          ? ok({ ...redemption, id: '8', kind: 'bonus', status: 'completed' })
          : fail('PAYMENT_PASSWORD_WRONG'),
    });
    renderApp('/pointMall', await buildSitePermission());
    fireEvent.click(await screen.findByTestId('points-redeem-1'));
    const dialog = await screen.findByTestId('points-redeem-dialog');
    const password = within(dialog).getByLabelText('Payment password');
    fireEvent.change(password, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByTestId('points-redeem-submit'));
    expect((await within(dialog).findByTestId('points-redeem-error')).textContent).toBeTruthy();
    fireEvent.change(password, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByTestId('points-redeem-submit'));
    await waitFor(() => {
      expect(screen.queryByTestId('points-redeem-dialog')).toBeNull();
    });
    const sent = api.requestsTo('POST /wps/relay/passwordCheck/MCS2_redeemPointReward');
    expect(sent).toHaveLength(2);
    const ids = sent.map((request) => (request.body as { requestId: string }).requestId);
    expect(ids[0]).toBe(ids[1]);
    expect(sent[1]?.body).toMatchObject({ itemId: '1', quantity: 1 });
  });

  it('lists the redeem history with statuses and the points details', async () => {
    mockApi(routes());
    renderApp('/pointMall', await buildSitePermission());
    fireEvent.click(await screen.findByTestId('points-tab-history'));
    const row = await screen.findByTestId('points-history-7');
    expect(row.textContent).toContain('PM00000007');
    expect(row.textContent).toContain('Shipped');
    expect(row.textContent).toContain('TRK-1');
    fireEvent.click(screen.getByTestId('points-tab-details'));
    expect((await screen.findByTestId('points-details')).textContent).toContain('+12');
  });

  it('previews conversions exactly', () => {
    expect(cashPreview('150', config)).toBe('1.50');
    expect(cashPreview('1', { ...config, pointsPerCashUnit: 3 })).toBeNull();
    expect(cashPreview('abc', config)).toBeNull();
  });
});
