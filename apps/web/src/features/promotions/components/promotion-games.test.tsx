import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Raffle, RedEnvelope } from '@wps/contracts/promotion-games';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { countdownTo } from './raffle-page';

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

const envelope = (overrides: Partial<RedEnvelope> = {}): RedEnvelope => ({
  promotionId: '5',
  phase: 'open',
  opensAt: '2026-11-20T10:00:00.000Z',
  endsAt: null,
  packets: 200,
  packetsLeft: 120,
  mine: null,
  ...overrides,
});

const raffle = (overrides: Partial<Raffle> = {}): Raffle => ({
  promotionId: '6',
  phase: 'closed',
  drawAt: '2026-11-20T10:00:00.000Z',
  status: 'drawn',
  myTickets: 4,
  totalTickets: 40,
  depositPerTicket: '100',
  validBetPerTicket: '1000',
  prizes: ['500', '200'],
  winners: [
    { prize: 0, amount: '500.00', ticket: 7, member: 'ja***e', isMine: true },
    { prize: 1, amount: '200.00', ticket: 31, member: 'bo***b', isMine: false },
  ],
  claimable: '500.00',
  proof: {
    serverSeedHash: 'ab'.repeat(32),
    serverSeed: 'cd'.repeat(32),
    clientSeed: 'ef'.repeat(32),
    nonce: 0,
    ticketOrder: [],
  },
  ...overrides,
});

describe('red envelope screen', () => {
  it('grabs a packet and shows the amount won and the packets left', async () => {
    let taken = false;
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/promotions/5/red-envelope': () =>
        ok(
          taken
            ? envelope({ packetsLeft: 119, mine: { amount: '3.21', takenAt: '2026-11-27T10:00:00.000Z' } })
            : envelope(),
        ),
      'POST /wps/promotions/5/red-envelope': () => {
        taken = true;
        return ok({ amount: '3.21', packetsLeft: 119 });
      },
    });
    renderApp('/promotions/red-envelope/5', permission);
    expect((await screen.findByTestId('red-envelope-left')).textContent).toContain('120 of 200');
    fireEvent.click(screen.getByTestId('red-envelope-grab'));
    expect((await screen.findByTestId('red-envelope-amount')).textContent).toContain('3.21');
    expect(screen.getByTestId('red-envelope-left').textContent).toContain('119 of 200');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(true);
  });

  it('says why a member cannot grab when none is left', async () => {
    mockApi({ ...baseRoutes, 'GET /wps/promotions/5/red-envelope': ok(envelope({ packetsLeft: 0 })) });
    renderApp('/promotions/red-envelope/5', permission);
    expect((await screen.findByTestId('red-envelope-grab')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('red-envelope-why').textContent).not.toBe('');
  });
});

describe('raffle screen', () => {
  it('counts down to the draw while pending', async () => {
    const drawAt = new Date(Date.now() + 26 * 3_600_000).toISOString();
    mockApi({
      ...baseRoutes,
      'GET /wps/promotions/6/raffle': ok(
        raffle({ status: 'pending', phase: 'open', drawAt, winners: [], claimable: '0.00' }),
      ),
    });
    renderApp('/promotions/raffle/6', permission);
    expect((await screen.findByTestId('raffle-my-tickets')).textContent).toBe('4');
    expect(screen.getByTestId('raffle-countdown').textContent).toMatch(/^1d \d\d:\d\d:\d\d$/);
    expect(screen.queryByTestId('raffle-results')).toBeNull();
  });

  it('shows the winners and proof after the draw and claims the prize', async () => {
    let claimed = false;
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/promotions/6/raffle': () => ok(raffle(claimed ? { claimable: '0.00' } : {})),
      'POST /wps/relay/MCS2_claimRafflePromotion': () => {
        claimed = true;
        return ok({ claimed: 1, amount: '500.00' });
      },
    });
    renderApp('/promotions/raffle/6', permission);
    const results = await screen.findByTestId('raffle-results');
    expect(results.textContent).toContain('bo***b');
    expect(screen.getByTestId('raffle-proof').textContent).toContain('cd'.repeat(32));
    fireEvent.click(screen.getByTestId('raffle-claim'));
    await waitFor(() => {
      expect(screen.queryByTestId('raffle-claim')).toBeNull();
    });
    const claim = api.requests.find((request) => request.method === 'POST');
    expect(claim?.url.pathname).toBe('/wps/relay/MCS2_claimRafflePromotion');
  });

  it('formats the countdown in days and a clock', () => {
    expect(countdownTo('2026-01-02T01:02:03.000Z', Date.parse('2026-01-01T00:00:00.000Z'))).toBe(
      '1d 01:02:03',
    );
    expect(countdownTo('2026-01-01T00:00:00.000Z', Date.parse('2026-01-02T00:00:00.000Z'))).toBe('00:00:00');
  });
});
