import { screen, within } from '@testing-library/react';
import type { PlayerRank, VipBenefits } from '@wps/contracts/loyalty-vip';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission, whitelabelWith } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const benefits = (rank: number, en: string, overrides: Partial<VipBenefits> = {}): VipBenefits => ({
  rank,
  name: { en, ur: `${en} (ur)` },
  iconUrl: null,
  depositThreshold: `${rank * 100}.00`,
  validBetThreshold: `${rank * 1000}.00`,
  keepPeriod: 'month',
  keepDeposit: '50.00',
  keepValidBet: '500.00',
  levelUpBonus: `${rank * 5}.00`,
  monthlyBonus: '0.00',
  birthdayBonus: '0.00',
  rebateRates: { RNG: '0.4' },
  pointRates: { RNG: '1.2' },
  dailyWithdrawalCount: null,
  dailyWithdrawalAmount: null,
  managerContact: null,
  ...overrides,
});

const buildRank = (overrides: Partial<PlayerRank> = {}): PlayerRank => ({
  currency: 'PKR',
  current: { rank: 1, name: { en: 'Silver', ur: 'چاندی' }, iconUrl: null },
  next: {
    rank: 2,
    name: { en: 'Gold' },
    deposit: { done: '300.00', needed: '500.00', percent: 60 },
    validBet: { done: '2000.00', needed: '5000.00', percent: 40 },
    percent: 40,
  },
  keep: {
    period: 'month',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    deposit: { done: '20.00', needed: '50.00', percent: 40 },
    validBet: { done: '600.00', needed: '500.00', percent: 100 },
    isKept: false,
  },
  levels: [
    benefits(0, 'Bronze'),
    benefits(1, 'Silver', { managerContact: 'vip@example.com' }),
    benefits(2, 'Gold', { dailyWithdrawalCount: 10, dailyWithdrawalAmount: '20000.00' }),
  ],
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  const built = await buildSitePermission();
  permission = { ...built, info: { ...built.info, whitelabel: whitelabelWith(['VIP3']) } };
  window.sessionStorage.setItem('token', 'tok-1');
});

const routes = (rank: PlayerRank) => ({
  'GET /wps/member/info': ok(buildMemberInfo({ vip: { rank: rank.current.rank, name: rank.current.name } })),
  'GET /wps/v2/wallets/balance': ok({
    balance: '100.00',
    currency: 'PKR',
    currencySymbol: 'Rs',
    bonusBalance: '0.00',
  }),
  'GET /wps/rewards/unread': ok({ count: 0 }),
  'GET /wps/relay/MCS2_getPlayerRank': ok(rank),
});

describe('player rank page', () => {
  it('shows the level, the progress bars to the next level, the keep status and the benefits table', async () => {
    mockApi(routes(buildRank()));
    renderApp('/member?page=playerRank', permission);

    expect((await screen.findByTestId('player-rank-badge')).textContent).toContain('Silver');
    expect(screen.getByText('40% of the way to Gold')).toBeTruthy();
    const deposit = screen.getByTestId('player-rank-next-deposit');
    expect(deposit.textContent).toContain('300.00');
    expect(deposit.textContent).toContain('500.00');
    expect(within(deposit).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByTestId('player-rank-keep-status').textContent).toContain('Reach both figures');
    const rows = within(screen.getByTestId('player-rank-benefits')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(screen.getByTestId('player-rank-level-1').textContent).toContain('vip@example.com');
    expect(screen.getByTestId('player-rank-level-2').textContent).toContain('10 a day');
    // The header shows the level beside the account name.
    expect(screen.getByTestId('header-vip').textContent).toBe('Silver');
  });

  it('says so at the top level and hides the keep card when the level asks nothing', async () => {
    mockApi(routes(buildRank({ next: null, keep: null })));
    renderApp('/member?page=playerRank', permission);

    expect(await screen.findByTestId('player-rank-top')).toBeTruthy();
    expect(screen.queryByTestId('player-rank-keep')).toBeNull();
  });

  it("shows the level's icon beside the current level and in the benefits table where a level has one", async () => {
    const silverIcon = '/wps/loyalty/vip-levels/2/icon?v=6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
    const goldIcon = '/wps/loyalty/vip-levels/3/icon?v=0b7f3c1e-9d2a-4c55-8e61-3f0a2b9c7d14';
    mockApi(
      routes(
        buildRank({
          current: { rank: 1, name: { en: 'Silver', ur: 'چاندی' }, iconUrl: silverIcon },
          levels: [
            benefits(0, 'Bronze'),
            benefits(1, 'Silver', { iconUrl: silverIcon }),
            benefits(2, 'Gold', { iconUrl: goldIcon }),
          ],
        }),
      ),
    );
    renderApp('/member?page=playerRank', permission);

    const badge = await screen.findByTestId('player-rank-badge');
    expect(within(badge).getByRole('img', { name: 'Silver' }).getAttribute('src')).toBe(silverIcon);
    const gold = within(screen.getByTestId('player-rank-level-2')).getByRole('img', { name: 'Gold' });
    expect(gold.getAttribute('src')).toBe(goldIcon);
    expect(gold.getAttribute('width')).toBe('24');
    expect(within(screen.getByTestId('player-rank-level-1')).getByRole('img').getAttribute('src')).toBe(
      silverIcon,
    );
    expect(within(screen.getByTestId('player-rank-level-0')).queryByRole('img')).toBeNull();
  });
});
