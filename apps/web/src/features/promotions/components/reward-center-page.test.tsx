import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Reward } from '@wps/contracts/promotions';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { timeLeft } from './reward-center-page';

const hourMs = 3_600_000;

const buildReward = (overrides: Partial<Reward> = {}): Reward => ({
  id: '7',
  source: 'cashback',
  title: 'Weekly cashback',
  amount: '25.00',
  status: 'claimable',
  expiresAt: new Date(Date.now() + 2 * 24 * hourMs + 3 * hourMs + 30 * 60_000).toISOString(),
  createdAt: '2026-11-20T10:00:00.000Z',
  claimedAt: null,
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const baseRoutes = {
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/v2/wallets/balance': ok({
    balance: '100.00',
    currency: 'USD',
    currencySymbol: '$',
    bonusBalance: '0.00',
  }),
};

describe('reward centre', () => {
  it('lists claimable rewards with source, amount and countdown, then the history; opening it marks them seen', async () => {
    let unread = 2;
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/rewards': ok({
        claimable: [
          buildReward(),
          buildReward({ id: '8', source: 'referral', title: 'Invite a friend', amount: '10.00' }),
        ],
        claimableTotal: '35.00',
        history: [
          buildReward({ id: '3', status: 'claimed', claimedAt: '2026-11-21T10:00:00.000Z' }),
          buildReward({ id: '2', source: 'raffle', title: 'Raffle', status: 'expired' }),
        ],
        totalPages: 1,
      }),
      'GET /wps/rewards/unread': () => ok({ count: unread }),
      'POST /wps/rewards/seen': () => {
        unread = 0;
        return ok({ count: 0 });
      },
    });
    renderApp('/member?page=rewardCenter', permission);

    const reward = await screen.findByTestId('reward-7');
    expect(reward.textContent).toContain('Cashback');
    expect(reward.textContent).toContain('Weekly cashback');
    expect(reward.textContent).toContain('25.00');
    expect(reward.textContent).toMatch(/Expires in 2d 3h/);
    expect(screen.getByTestId('reward-8').textContent).toContain('Referral');
    expect(screen.getByTestId('reward-center-total').textContent).toContain('35.00');
    const history = screen.getByTestId('reward-center-history');
    expect(within(history).getByTestId('reward-history-3').textContent).toContain('Claimed');
    expect(within(history).getByTestId('reward-history-2').textContent).toContain('Expired');
    await waitFor(() => {
      expect(
        api.requests.some(
          (request) => request.method === 'POST' && request.url.pathname === '/wps/rewards/seen',
        ),
      ).toBe(true);
    });
    await waitFor(() => {
      expect(screen.queryByTestId('member-rewards-unread')).toBeNull();
    });
  });

  it('claims one reward, then reads the rewards and the balance again', async () => {
    let claimed = false;
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/rewards': () =>
        ok({
          claimable: claimed ? [] : [buildReward()],
          claimableTotal: claimed ? '0.00' : '25.00',
          history: claimed ? [buildReward({ status: 'claimed', claimedAt: new Date().toISOString() })] : [],
          totalPages: claimed ? 1 : 0,
        }),
      'GET /wps/rewards/unread': ok({ count: 0 }),
      'POST /wps/rewards/7/claim': () => {
        claimed = true;
        return ok(buildReward({ status: 'claimed', claimedAt: new Date().toISOString() }));
      },
    });
    renderApp('/member?page=rewardCenter', permission);

    const button = await screen.findByTestId('reward-claim-7');
    const balanceReads = () =>
      api.requests.filter((request) => request.url.pathname === '/wps/v2/wallets/balance').length;
    const before = balanceReads();
    fireEvent.click(button);
    expect(await screen.findByTestId('reward-history-7')).toBeTruthy();
    expect(screen.getByTestId('reward-center-empty')).toBeTruthy();
    await waitFor(() => {
      expect(balanceReads()).toBeGreaterThan(before);
    });
  });

  it('claims all and says how much was added', async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/rewards': ok({
        claimable: [buildReward()],
        claimableTotal: '25.00',
        history: [],
        totalPages: 0,
      }),
      'GET /wps/rewards/unread': ok({ count: 0 }),
      'POST /wps/rewards/claim-all': ok({ claimed: [buildReward({ status: 'claimed' })], total: '25.00' }),
    });
    renderApp('/member?page=rewardCenter', permission);

    fireEvent.click(await screen.findByTestId('reward-center-claim-all'));
    expect(await screen.findByText(/25\.00 added to your wallet/)).toBeTruthy();
    expect(api.requests.some((request) => request.url.pathname === '/wps/rewards/claim-all')).toBe(true);
  });

  it('shows the unread count in the header menu and the side menu', async () => {
    mockApi({
      ...baseRoutes,
      'GET /wps/rewards/unread': ok({ count: 3 }),
    });
    renderApp('/', permission);

    expect((await screen.findByTestId('menu-rewards-unread')).textContent).toBe('3');
    expect(screen.getByTestId('side-menu-rewards-unread').textContent).toBe('3');
  });

  it('counts down in days, hours and minutes', () => {
    const now = Date.parse('2026-11-27T00:00:00Z');
    expect(timeLeft('2026-11-28T02:30:00Z', now)).toEqual({ days: 1, hours: 2, minutes: 30 });
    expect(timeLeft('2026-11-26T00:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
