import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArenaState, Fight, FightBet } from '@wps/contracts/cockfight';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok } from '../../../../testing/mock-api';
import { buildSitePermission } from '../../../../testing/permission-fixture';
import { renderApp } from '../../../../testing/render-app';

configure({ asyncUtilTimeout: 5000 });
const chunkWait = { timeout: 10_000 };

let permission: SitePermission;
beforeEach(async () => {
  permission = await buildSitePermission();
});

const serverTime = '2026-11-24T10:00:00.000Z';

const fight = (overrides: Partial<Fight> = {}): Fight => ({
  fightId: '12',
  number: 7,
  phase: 'OPEN',
  source: 'operator',
  meron: { name: 'Red Thunder', weight: 2_100 },
  wala: { name: 'Golden Spur', weight: null },
  currency: 'USD',
  pools: { meron: '100.00', wala: '40.00', draw: '5.00' },
  betCount: 9,
  payouts: { meron: '1.33', wala: '3.32' },
  drawMultiplier: 8,
  commissionPercent: '5.00',
  limits: { minStake: '1.00', maxPerPlayer: '5000.00', maxPerFight: '1000000.00' },
  closesAt: null,
  result: null,
  fairness: null,
  ...overrides,
});

const arena = (overrides: Partial<ArenaState> = {}): ArenaState => ({
  serverTime,
  current: fight(),
  lastResult: null,
  upcoming: [],
  history: [
    { fightId: '11', number: 6, result: 'wala' },
    { fightId: '10', number: 5, result: 'draw' },
  ],
  ...overrides,
});

const myBet = (overrides: Partial<FightBet> = {}): FightBet => ({
  betId: '70',
  fightId: '12',
  fightNumber: 7,
  side: 'meron',
  amount: '15.00',
  currency: 'USD',
  status: 'PLACED',
  returned: null,
  placedAt: serverTime,
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

describe('the cockfight page', { timeout: 30_000 }, () => {
  it('shows the fight card with its pools and payouts, and bets the stake built from chips', async () => {
    const api = logInWithApi({
      'GET /wps/cockfight/state': ok(arena()),
      'GET /wps/cockfight/my-bets': ok({ bets: [] }),
      'POST /wps/cockfight/bets': ok(myBet()),
    });
    renderApp('/house/cockfight', permission);
    const card = await screen.findByTestId('cockfight-card', {}, chunkWait);
    expect(card.dataset.phase).toBe('OPEN');
    expect(within(card).getByText('Fight #7')).toBeTruthy();
    expect(screen.getByTestId('cockfight-phase').textContent).toBe('Betting open');
    expect(screen.getByTestId('cockfight-corner-meron').textContent).toContain('Red Thunder');
    expect(screen.getByTestId('cockfight-corner-meron').textContent).toContain('2100 g');
    expect(screen.getByTestId('cockfight-pool-wala').textContent).toContain('40.00');
    expect(screen.getByTestId('cockfight-payout-meron').textContent).toBe('Pays 1.33 per 1');
    expect(card.textContent).toContain('Draw pays 8×');
    expect(screen.getAllByTestId('cockfight-history-item').map((item) => item.dataset.result)).toEqual([
      'wala',
      'draw',
    ]);

    fireEvent.click(screen.getByTestId('cockfight-chip-clear'));
    fireEvent.click(screen.getByTestId('cockfight-chip-10'));
    fireEvent.click(screen.getByTestId('cockfight-chip-5'));
    expect(screen.getByTestId<HTMLInputElement>('cockfight-amount').value).toBe('15.00');
    fireEvent.click(screen.getByTestId('cockfight-bet-meron'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/cockfight/bets')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/cockfight/bets')[0]?.body).toMatchObject({
      fightId: '12',
      side: 'meron',
      amount: '15.00',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    expect((await screen.findByTestId('cockfight-placed')).textContent).toBe('Bet placed: 15.00 on Meron');
    expect(await screen.findByTestId('cockfight-my-bet')).toBeTruthy();
  });

  it('keeps betting open at the last call and closes it with the fight, showing the server’s refusal', async () => {
    logInWithApi({
      'GET /wps/cockfight/state': ok(arena({ current: fight({ phase: 'LAST_CALL' }) })),
      'GET /wps/cockfight/my-bets': ok({ bets: [] }),
      'POST /wps/cockfight/bets': fail('FIGHT_BETTING_CLOSED'),
    });
    renderApp('/house/cockfight', permission);
    expect((await screen.findByTestId('cockfight-phase', {}, chunkWait)).textContent).toBe('Last call!');
    const wala = screen.getByTestId<HTMLButtonElement>('cockfight-bet-wala');
    expect(wala.disabled).toBe(false);
    fireEvent.click(wala);
    expect((await screen.findByTestId('cockfight-error')).textContent).toBe(
      'Betting is closed for this fight.',
    );
  });

  it('disables the bets once the fight is closed, or a simulated fight’s close has passed', async () => {
    logInWithApi({
      'GET /wps/cockfight/state': ok(arena({ current: fight({ phase: 'CLOSED' }) })),
      'GET /wps/cockfight/my-bets': ok({ bets: [] }),
    });
    const view = renderApp('/house/cockfight', permission);
    expect((await screen.findByTestId('cockfight-phase', {}, chunkWait)).textContent).toBe('Betting closed');
    for (const side of ['meron', 'draw', 'wala']) {
      expect(screen.getByTestId<HTMLButtonElement>(`cockfight-bet-${side}`).disabled).toBe(true);
    }
    view.unmount();

    logInWithApi({
      'GET /wps/cockfight/state': ok(
        arena({ current: fight({ source: 'simulated', closesAt: '2026-11-24T09:59:59.000Z' }) }),
      ),
      'GET /wps/cockfight/my-bets': ok({ bets: [] }),
    });
    renderApp('/house/cockfight', permission);
    const meron = await screen.findByTestId<HTMLButtonElement>('cockfight-bet-meron', {}, chunkWait);
    expect(meron.disabled).toBe(true);
  });

  it('shows the result, the member’s winnings and the proof of a simulated fight once it is over', async () => {
    const over = fight({
      phase: 'SETTLED',
      source: 'simulated',
      result: 'meron',
      fairness: { serverSeedHash: 'a'.repeat(64), serverSeed: 'b'.repeat(64), clientSeed: 'c1', nonce: 0 },
    });
    logInWithApi({
      'GET /wps/cockfight/state': ok(
        arena({ current: null, lastResult: over, history: [{ fightId: '12', number: 7, result: 'meron' }] }),
      ),
      'GET /wps/cockfight/my-bets': ok({
        bets: [
          myBet({ status: 'WON', returned: '19.95' }),
          myBet({ betId: '71', side: 'wala', amount: '5.00', status: 'LOST', returned: '0.00' }),
        ],
      }),
    });
    renderApp('/house/cockfight', permission);
    expect((await screen.findByTestId('cockfight-phase', {}, chunkWait)).textContent).toBe('Meron wins');
    expect(screen.queryByTestId('cockfight-bet-meron')).toBeNull();
    const winnings = await screen.findByTestId('cockfight-winnings');
    expect(winnings.dataset.outcome).toBe('you_won');
    expect(winnings.textContent).toContain('19.95');
    const verify = screen.getByTestId('cockfight-verify');
    const link = new URL(verify.getAttribute('href') ?? '', 'http://site.test');
    expect(link.pathname).toBe('/fairness');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      game: 'cockfight',
      serverSeed: 'b'.repeat(64),
      clientSeed: 'c1',
      nonce: '0',
      recorded: '{"result":"meron"}',
    });
    expect(screen.getAllByTestId('cockfight-my-bet').map((row) => row.dataset.status)).toEqual([
      'WON',
      'LOST',
    ]);
  });

  it('announces the next scheduled fight while nothing takes bets', async () => {
    logInWithApi({
      'GET /wps/cockfight/state': ok(arena({ current: null, upcoming: [fight({ phase: 'SCHEDULED' })] })),
      'GET /wps/cockfight/my-bets': ok({ bets: [] }),
    });
    renderApp('/house/cockfight', permission);
    expect((await screen.findByTestId('cockfight-phase', {}, chunkWait)).textContent).toBe('Scheduled');
    expect(screen.getByTestId<HTMLButtonElement>('cockfight-bet-draw').disabled).toBe(true);
    expect(screen.getByText('Next fight')).toBeTruthy();
  });
});
