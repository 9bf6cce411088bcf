import { fireEvent, screen, within } from '@testing-library/react';
import type { Referral } from '@wps/contracts/promotions-rewards';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const link = 'http://localhost:3000/register?referralCode=ABCD2345';

const buildReferral = (overrides: Partial<Referral> = {}): Referral => ({
  code: 'ABCD2345',
  link,
  rules: {
    promotionId: '4',
    title: 'Invite a friend, get 20',
    terms: '',
    inviteeDeposit: '50.00',
    inviteeValidBet: '200.00',
    reward: '20.00',
  },
  invitees: [
    {
      username: 'ma***a',
      registeredAt: '2026-11-20T10:00:00.000Z',
      deposited: '60.00',
      validBet: '250.00',
      qualified: true,
    },
    {
      username: 'jo***n',
      registeredAt: '2026-11-22T10:00:00.000Z',
      deposited: '0.00',
      validBet: '0.00',
      qualified: false,
    },
  ],
  rewardCount: 1,
  rewardsEarned: '20.00',
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const routes = (referral: Referral) => ({
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/v2/wallets/balance': ok({
    balance: '100.00',
    currency: 'USD',
    currencySymbol: '$',
    bonusBalance: '0.00',
  }),
  'GET /wps/rewards/unread': ok({ count: 0 }),
  'GET /wps/referral': ok(referral),
});

describe('referral page', () => {
  it('shows the link with a copy button and its QR code, the rules, invitees and rewards earned', async () => {
    mockApi(routes(buildReferral()));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/member?page=referral', permission);

    const input = await screen.findByTestId<HTMLInputElement>('referral-link');
    expect(input.value).toBe(link);
    expect(screen.getByTestId('referral-qr').dataset.qrText).toBe(link);
    fireEvent.click(screen.getByTestId('referral-copy'));
    expect(writeText).toHaveBeenCalledWith(link);

    const rules = screen.getByTestId('referral-rules');
    expect(rules.textContent).toContain('Invite a friend, get 20');
    expect(rules.textContent).toContain('deposits Rs 50.00 and bets Rs 200.00');
    expect(screen.getByTestId('referral-earned').textContent).toContain('Rewards earned (1): Rs 20.00');
    const rows = within(screen.getByTestId('referral-invitees'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toContain('ma***a');
    expect(rows[1]).toContain('Yes');
    expect(rows[2]).toContain('Not yet');
  });

  it('says when no referral reward runs and nobody registered yet', async () => {
    mockApi(routes(buildReferral({ rules: null, invitees: [], rewardCount: 0, rewardsEarned: '0.00' })));
    renderApp('/member?page=referral', permission);

    expect((await screen.findByTestId('referral-rules')).textContent).toContain('no referral reward running');
    expect(screen.getByTestId('referral-invitees-empty')).toBeTruthy();
  });
});
