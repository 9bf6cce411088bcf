import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CrashMyBet, CrashState } from '@wps/contracts/crash';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

configure({ asyncUtilTimeout: 5000 });
const chunkWait = { timeout: 10_000 };

let permission: SitePermission;
beforeEach(async () => {
  permission = await buildSitePermission();
});

const serverTime = '2026-11-24T10:00:00.000Z';

/** A state whose round started `elapsedMs` before the server's clock (negative: still betting). */
const state = (phase: 'BETTING' | 'RUNNING', elapsedMs: number): CrashState => ({
  serverTime,
  growthPerMs: 0.00006,
  round: {
    roundId: '42',
    chainId: '1',
    chainIndex: 42,
    phase,
    startsAt: new Date(Date.parse(serverTime) - elapsedMs).toISOString(),
    crashPoint: null,
    hash: null,
    endedAt: null,
  },
  bets: [],
  history: [
    { roundId: '41', phase: 'CRASHED', crashPoint: '3.18', hash: 'a'.repeat(64), endedAt: serverTime },
  ],
  chain: {
    chainId: '1',
    commitment: 'b'.repeat(64),
    salt: 'wps-crash-v1',
    houseEdgeBasisPoints: 100,
    length: 1000,
  },
});

const myBet = (overrides: Partial<CrashMyBet> = {}): CrashMyBet => ({
  betId: '7',
  roundId: '42',
  amount: '2.00',
  currency: 'USD',
  autoCashOut: null,
  status: 'PLACED',
  cashedOutAt: null,
  payout: null,
  ...overrides,
});

const logInWithApi = (routes: Parameters<typeof mockApi>[0]) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo()),
    'GET /wps/v2/wallets/balance': ok({ balance: '100.00', currency: 'USD', currencySymbol: '$' }),
    ...routes,
  });
};

describe('the crash page', { timeout: 30_000 }, () => {
  it('bets in the betting phase with the auto cash-out typed', async () => {
    const api = logInWithApi({
      'GET /wps/crash/state': ok(state('BETTING', -3_000)),
      'GET /wps/crash/my-bet': ok({ bet: null }),
      'POST /wps/crash/bets': ok(myBet({ autoCashOut: '2.50' })),
    });
    renderApp('/house/crash', permission);
    const bet = await screen.findByTestId('crash-bet', {}, chunkWait);
    await waitFor(() => {
      expect((bet as HTMLButtonElement).disabled).toBe(false);
    });
    expect(screen.getByTestId('crash-phase').getAttribute('data-phase')).toBe('BETTING');
    expect(screen.getByTestId('crash-announcement').textContent).toBe('Waiting for the next round…');
    fireEvent.change(screen.getByTestId('crash-amount'), { target: { value: '2.00' } });
    fireEvent.change(screen.getByTestId('crash-auto'), { target: { value: '2.50' } });
    fireEvent.click(bet);
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/crash/bets')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/crash/bets')[0]?.body).toEqual({ amount: '2.00', autoCashOut: '2.50' });
    expect((await screen.findByTestId('crash-my-bet')).getAttribute('data-status')).toBe('PLACED');
  });

  it('animates the multiplier from the published start and cashes out', async () => {
    const api = logInWithApi({
      'GET /wps/crash/state': ok(state('RUNNING', 11_553)),
      'GET /wps/crash/my-bet': ok({ bet: myBet() }),
      'POST /wps/crash/bets/7/cash-out': ok(myBet({ status: 'CASHED', cashedOutAt: '2.01', payout: '4.02' })),
    });
    renderApp('/house/crash', permission);
    const multiplier = await screen.findByTestId('crash-multiplier', {}, chunkWait);
    expect(multiplier.textContent).toMatch(/^2\.\d\d×$/);
    // Screen readers are not told every frame's multiplier: only the round's end and the wait are announced.
    expect(multiplier.closest('[aria-live]')).toBeNull();
    expect(screen.getByTestId('crash-announcement').textContent).toBe('');
    const cashOut = screen.getByTestId('crash-cash-out');
    await waitFor(() => {
      expect((cashOut as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(cashOut);
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/crash/bets/7/cash-out')).toHaveLength(1);
    });
    expect((await screen.findByTestId('crash-my-bet')).textContent).toContain(
      'Cashed out at 2.01×: you won 4.02',
    );
  });

  it('shows the server refusal of a cash-out after the crash', async () => {
    logInWithApi({
      'GET /wps/crash/state': ok(state('RUNNING', 1_000)),
      'GET /wps/crash/my-bet': ok({ bet: myBet() }),
      'POST /wps/crash/bets/7/cash-out': fail('CRASH_CASH_OUT_CLOSED'),
    });
    renderApp('/house/crash', permission);
    const cashOut = await screen.findByTestId('crash-cash-out', {}, chunkWait);
    await waitFor(() => {
      expect((cashOut as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(cashOut);
    expect((await screen.findByTestId('crash-error')).textContent).toContain(
      'This bet can no longer be cashed out.',
    );
  });
});
