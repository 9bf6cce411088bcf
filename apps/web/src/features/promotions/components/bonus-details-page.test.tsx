import { screen, within } from '@testing-library/react';
import type { Bonus } from '@wps/contracts/promotions';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { wageringOf } from './bonus-details-page';

const dayMs = 86_400_000;

const buildBonus = (overrides: Partial<Bonus> = {}): Bonus => ({
  id: '5',
  promotionId: '12',
  title: 'Welcome match',
  status: 'active',
  amount: '40.00',
  balance: '32.50',
  wageringRequired: '400.00',
  wageringDone: '100.00',
  contributions: { RNG: 100, FISH: 100, LIVE: 10, SPORTS: 0 },
  maxStake: '5.00',
  expiresAt: new Date(Date.now() + 2 * dayMs + 3 * 3_600_000 + 30 * 60_000).toISOString(),
  grantedAt: '2026-11-20T10:00:00.000Z',
  endedAt: null,
  settledAmount: null,
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const routes = (bonuses: { active: Bonus | null; history: Bonus[] }) => ({
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/v2/wallets/balance': ok({
    balance: '100.00',
    currency: 'USD',
    currencySymbol: '$',
    bonusBalance: '32.50',
  }),
  'GET /wps/bonuses': ok(bonuses),
});

describe('bonus details', () => {
  it('shows the active bonus: balance, wagering progress and what is left, contributions, max stake and expiry', async () => {
    mockApi(routes({ active: buildBonus(), history: [] }));
    renderApp('/member?page=bonusDetails', permission);

    const active = await screen.findByTestId('bonus-active');
    expect(active.textContent).toContain('Welcome match');
    expect(within(active).getByTestId('bonus-balance').textContent).toBe('USD 32.50');
    const progress = within(active).getByTestId<HTMLProgressElement>('bonus-progress');
    expect(progress.value).toBe(25);
    expect(progress.max).toBe(100);
    expect(within(active).getByTestId('bonus-progress-text').textContent).toBe(
      '100.00 of 400.00 USD wagered (25%)',
    );
    expect(within(active).getByTestId('bonus-left').textContent).toBe('300.00 USD left to wager');
    expect(within(active).getByTestId('bonus-max-stake').textContent).toBe('USD 5.00');
    expect(within(active).getByTestId('bonus-expiry').textContent).toMatch(/in 2 d 3 h (29|30) min/);
    const lines = within(active)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // Lines that count nothing are left out; the rest in order of their share.
    expect(lines).toEqual(['Slots100%', 'Fishing100%', 'Live casino10%']);
    expect(screen.getByTestId('bonus-forfeit-rules').textContent).toContain('returns to the house');
    expect(screen.getByTestId('bonus-history').textContent).toContain('No earlier bonuses.');
  });

  it("lists the history with each bonus's end and what it settled, and says when none is active", async () => {
    mockApi(
      routes({
        active: null,
        history: [
          buildBonus({
            id: '3',
            status: 'completed',
            endedAt: '2026-11-21T10:00:00.000Z',
            settledAmount: '18.20',
          }),
          buildBonus({
            id: '2',
            title: 'Reload',
            status: 'forfeited',
            endedAt: '2026-11-19T10:00:00.000Z',
            settledAmount: '7.00',
          }),
        ],
      }),
    );
    renderApp('/member?page=bonusDetails', permission);

    expect((await screen.findByTestId('bonus-none')).textContent).toBe('You have no active bonus.');
    const completed = screen.getByTestId('bonus-history-3');
    expect(completed.textContent).toContain('Completed');
    expect(completed.textContent).toContain('Became cash');
    expect(within(completed).getByTestId('bonus-settled-3').textContent).toBe('USD 18.20');
    const forfeited = screen.getByTestId('bonus-history-2');
    expect(forfeited.textContent).toContain('Forfeited');
    expect(forfeited.textContent).toContain('Returned to the house');
    expect(within(forfeited).getByTestId('bonus-settled-2').textContent).toBe('USD 7.00');
  });

  it('works out what is left of the wagering on the decimal strings', () => {
    expect(wageringOf({ wageringDone: '0.00', wageringRequired: '400.00' })).toEqual({
      left: '400.00',
      percent: 0,
    });
    expect(wageringOf({ wageringDone: '399.99', wageringRequired: '400.00' })).toEqual({
      left: '0.01',
      percent: 99,
    });
    expect(wageringOf({ wageringDone: '400.00', wageringRequired: '400.00' })).toEqual({
      left: '0.00',
      percent: 100,
    });
    expect(wageringOf({ wageringDone: '0.00', wageringRequired: '0.00' })).toEqual({
      left: '0.00',
      percent: 100,
    });
  });
});
