import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Dashboard } from '@wps/contracts/reports';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes, staffWith } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const figures = (ggr: string, active: number): Dashboard['todayFigures'] => ({
  betCount: 12,
  stake: '500.00',
  payout: '380.00',
  ggr,
  bonus: '20.00',
  ngr: '100.00',
  deposits: { count: 3, amount: '900.00' },
  withdrawals: { count: 1, amount: '250.00' },
  activePlayers: active,
  newPlayers: 2,
  firstDepositors: 1,
});

const dashboard: Dashboard = {
  currency: 'USD',
  timeZone: 'Asia/Karachi',
  today: '2026-03-04',
  from: '2026-03-03',
  to: '2026-03-04',
  todayFigures: figures('120.00', 4),
  periodFigures: figures('300.00', 7),
  series: [
    { day: '2026-03-03', ...figures('180.00', 5) },
    { day: '2026-03-04', ...figures('120.00', 4) },
  ],
  pending: { deposits: 5, withdrawals: 2 },
};

const dashboardKey = 'GET /wps/backoffice/reports/dashboard';

describe('the dashboard (issue 25, point 3)', () => {
  it("is the landing page for staff who may see reports, with today's and the period's figures", async () => {
    signIn();
    mockApi({ ...signedInRoutes, [dashboardKey]: ok(dashboard) });
    renderConsole('/');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(window.location.pathname).toBe('/backoffice/dashboard');
    expect((await screen.findByTestId('dashboard-clock')).textContent).toContain('2026-03-04 (Asia/Karachi)');
    expect(screen.getByTestId('figure-ggr-today').textContent).toBe('120.00 USD');
    expect(screen.getByTestId('figure-ggr-period').textContent).toBe('300.00 USD');
    expect(screen.getByTestId('figure-deposits-today').textContent).toBe('900.00 USD (3)');
    expect(screen.getByTestId('figure-active-period').textContent).toBe('7');
    expect(screen.getByTestId('pending-deposits').textContent).toContain('5');
    expect(screen.getByRole('link', { name: 'Withdrawals to review' }).getAttribute('href')).toBe(
      '/backoffice/withdrawals',
    );
    // The charts come in their own chunk, after the figures.
    expect(await screen.findByTestId('dashboard-charts')).toBeTruthy();
  });

  it('asks for the period chosen', async () => {
    signIn();
    const api = mockApi({ ...signedInRoutes, [dashboardKey]: ok(dashboard) });
    renderConsole('/dashboard');
    await screen.findByTestId('figure-ggr-today');

    fireEvent.change(screen.getByTestId('dashboard-from'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByTestId('dashboard-to'), { target: { value: '2026-02-28' } });
    fireEvent.click(screen.getByTestId('dashboard-apply'));

    await waitFor(() => {
      const params = api.requestsTo(dashboardKey).at(-1)?.url.searchParams;
      expect([params?.get('from'), params?.get('to')]).toEqual(['2026-02-01', '2026-02-28']);
    });
  });

  it('reads the figures again when Show is pressed for the period already shown', async () => {
    signIn();
    const api = mockApi({ ...signedInRoutes, [dashboardKey]: ok(dashboard) });
    renderConsole('/dashboard');
    await screen.findByTestId('figure-ggr-today');
    const before = api.requestsTo(dashboardKey).length;

    fireEvent.click(screen.getByTestId('dashboard-apply'));

    await waitFor(() => {
      expect(api.requestsTo(dashboardKey).length).toBe(before + 1);
    });
  });

  it('names the queues without links for staff who may not open them', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['reports.view'])),
      [dashboardKey]: ok(dashboard),
    });
    renderConsole('/dashboard');
    expect((await screen.findByTestId('pending-withdrawals')).textContent).toContain('Withdrawals to review');
    expect(screen.queryByRole('link', { name: 'Withdrawals to review' })).toBeNull();
  });
});
