import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminFight } from '@wps/contracts/cockfight';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const fight = (overrides: Partial<AdminFight> = {}): AdminFight => ({
  fightId: '12',
  number: 7,
  phase: 'SCHEDULED',
  source: 'operator',
  meron: { name: 'Red Thunder', weight: 2_100 },
  wala: { name: 'Golden Spur', weight: null },
  currency: 'USD',
  pools: { meron: '0.00', wala: '0.00', draw: '0.00' },
  betCount: 0,
  payouts: { meron: null, wala: null },
  drawMultiplier: 8,
  commissionPercent: '5.00',
  limits: { minStake: '1.00', maxPerPlayer: '5000.00', maxPerFight: '1000000.00' },
  closesAt: null,
  result: null,
  fairness: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  openedAt: null,
  closedAt: null,
  settledAt: null,
  ...overrides,
});

const fightsRoutes = (active: AdminFight[], finished: AdminFight[] = []) => ({
  'GET /wps/backoffice/cockfight/fights': ({ url }: { url: URL }) =>
    ok({ fights: url.searchParams.get('view') === 'finished' ? finished : active }),
});

describe('the cockfight console', () => {
  it('schedules a fight with its entries and limits', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...fightsRoutes([]),
      'POST /wps/backoffice/cockfight/fights': ok(fight()),
    });
    renderConsole('/cockfight');
    expect(await screen.findByTestId('fights-active-empty')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByTestId('nav-cockfight'),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('fight-meronName'), { target: { value: 'Red Thunder' } });
    fireEvent.change(screen.getByTestId('fight-meronWeight'), { target: { value: '2100' } });
    fireEvent.change(screen.getByTestId('fight-walaName'), { target: { value: 'Golden Spur' } });
    fireEvent.change(screen.getByTestId('fight-maxPerPlayer'), { target: { value: '500.00' } });
    fireEvent.click(screen.getByTestId('fight-schedule'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/cockfight/fights')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/backoffice/cockfight/fights')[0]?.body).toEqual({
      meronName: 'Red Thunder',
      meronWeight: 2100,
      walaName: 'Golden Spur',
      walaWeight: null,
      maxPerPlayer: '500.00',
    });
  });

  it('offers each state its moves, sends them, and shows a refusal in the server’s words', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...fightsRoutes(
        [
          fight(),
          fight({
            fightId: '13',
            number: 8,
            phase: 'OPEN',
            pools: { meron: '30.00', wala: '10.00', draw: '2.00' },
            payouts: { meron: '1.26', wala: '3.80' },
            betCount: 4,
          }),
          fight({ fightId: '14', number: 9, phase: 'CLOSED' }),
          fight({ fightId: '15', number: 10, phase: 'CLOSED', source: 'simulated' }),
        ],
        [
          fight({
            fightId: '9',
            number: 4,
            phase: 'SETTLED',
            result: 'wala',
            settledAt: '2026-11-24T09:00:00.000Z',
          }),
        ],
      ),
      'POST /wps/backoffice/cockfight/fights/12/open': fail(
        'FIGHT_STATE_CONFLICT',
        'Fight #7 is open for bets: it cannot open for bets.',
      ),
      'POST /wps/backoffice/cockfight/fights/13/last-call': ok(
        fight({ fightId: '13', number: 8, phase: 'LAST_CALL' }),
      ),
      'POST /wps/backoffice/cockfight/fights/14/result': ok(
        fight({ fightId: '14', number: 9, phase: 'SETTLED' }),
      ),
      'POST /wps/backoffice/cockfight/fights/13/cancel': ok(
        fight({ fightId: '13', number: 8, phase: 'CANCELLED' }),
      ),
    });
    renderConsole('/cockfight');
    const open = await screen.findByTestId('fight-8');
    expect(open.textContent).toContain('30.00 / 10.00 / 2.00 USD');
    expect(open.textContent).toContain('1.26 / 3.80');
    expect(within(open).queryByTestId('fight-8-open')).toBeNull();
    expect(screen.getByTestId('fight-7-open')).toBeTruthy();
    // A closed fight takes its result; a simulated one's is drawn by the arena, so it offers none.
    expect(screen.getByTestId('fight-9-draw')).toBeTruthy();
    expect(screen.queryByTestId('fight-10-meron')).toBeNull();
    expect((await screen.findByTestId('finished-4-result')).textContent).toBe('wala');

    fireEvent.click(screen.getByTestId('fight-8-last-call'));
    fireEvent.click(screen.getByTestId('fight-9-wala'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/cockfight/fights/14/result')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/backoffice/cockfight/fights/13/last-call')).toHaveLength(1);
    expect(api.requestsTo('POST /wps/backoffice/cockfight/fights/14/result')[0]?.body).toEqual({
      result: 'wala',
    });

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByTestId('fight-8-cancel'));
    expect(api.requestsTo('POST /wps/backoffice/cockfight/fights/13/cancel')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('fight-8-cancel'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/cockfight/fights/13/cancel')).toHaveLength(1);
    });
    confirm.mockRestore();

    fireEvent.click(screen.getByTestId('fight-7-open'));
    const refusal = await screen.findByTestId('fight-move-error');
    expect(refusal.textContent).toContain('Fight #7 is open for bets: it cannot open for bets.');
    expect(refusal.textContent).toContain('FIGHT_STATE_CONFLICT');
  });

  it('shows the arena to other roles without the schedule or the moves', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('support')),
      ...fightsRoutes([fight()]),
    });
    renderConsole('/cockfight');
    expect(await screen.findByTestId('fight-7')).toBeTruthy();
    expect(screen.queryByTestId('fight-schedule')).toBeNull();
    expect(screen.queryByTestId('fight-7-open')).toBeNull();
  });
});
