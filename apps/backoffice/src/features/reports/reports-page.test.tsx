import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GgrReport, MoneyReport, PlayerReport } from '@wps/contracts/reports';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const ggrRow = (key: string, ggr: string) => ({
  key,
  label: key,
  betCount: 3,
  stake: '100.00',
  payout: '40.00',
  ggr,
  bonus: '5.00',
  ngr: '55.00',
});

const ggr: GgrReport = {
  currency: 'USD',
  from: '2026-03-01',
  to: '2026-03-02',
  list: [ggrRow('2026-03-01', '60.00'), ggrRow('2026-03-02', '10.00')],
  total: 120,
  totalPages: 3,
  totals: { ...ggrRow('', '70.00'), label: 'Total' },
};

const deposits: MoneyReport = {
  currency: 'USD',
  from: '2026-03-01',
  to: '2026-03-02',
  list: [
    { key: 'BANK_TRANSFER', count: 2, amount: '300.00' },
    { key: '', count: 1, amount: '5.00' },
  ],
  total: 2,
  totalPages: 1,
  totals: { key: 'Total', count: 3, amount: '305.00' },
};

const players: PlayerReport = {
  currency: 'USD',
  from: '2026-03-01',
  to: '2026-03-02',
  list: [
    {
      day: '2026-03-01',
      activePlayers: 4,
      newPlayers: 2,
      firstDepositors: 1,
      depositCount: 3,
      depositAmount: '90.00',
      withdrawalCount: 0,
      withdrawalAmount: '0.00',
    },
  ],
  total: 1,
  totalPages: 1,
  totals: {
    day: '2026-03-01..2026-03-02',
    activePlayers: 4,
    newPlayers: 2,
    firstDepositors: 1,
    depositCount: 3,
    depositAmount: '90.00',
    withdrawalCount: 0,
    withdrawalAmount: '0.00',
  },
};

const routes = {
  ...signedInRoutes,
  'GET /wps/backoffice/reports/ggr': ok(ggr),
  'GET /wps/backoffice/reports/money': ok(deposits),
  'GET /wps/backoffice/reports/players': ok(players),
  'GET /wps/backoffice/reports/options': ok({
    productLines: ['LIVE', 'RNG'],
    vendors: [{ id: '7', name: 'Hub Gaming' }],
    games: [{ id: '70', name: 'Reels' }],
  }),
  'GET /wps/backoffice/reports/ggr/export': new Response('key,label\n', {
    headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="ggr.csv"' },
  }),
};

const lastQuery = (api: ReturnType<typeof mockApi>, key: string) =>
  api.requestsTo(key).at(-1)?.url.searchParams;

describe('the reports (issue 25, point 4)', () => {
  it('shows GGR and NGR by day with the totals of the whole filter', async () => {
    signIn();
    mockApi(routes);
    renderConsole('/reports');
    const table = await screen.findByTestId('ggr-table');
    await waitFor(() => {
      expect(within(table).getAllByTestId('ggr-table-row')).toHaveLength(2);
    });
    expect(within(table).getAllByTestId('ggr-table-row')[0]?.textContent).toBe(
      '2026-03-01' + '3' + '100.00' + '40.00' + '60.00' + '5.00' + '55.00',
    );
    expect(screen.getByTestId('ggr-table-totals').textContent).toContain('70.00');
  });

  it('sorts, pages and filters on the server', async () => {
    signIn();
    const api = mockApi(routes);
    renderConsole('/reports');
    const key = 'GET /wps/backoffice/reports/ggr';
    await screen.findAllByTestId('ggr-table-row');

    fireEvent.click(screen.getByTestId('ggr-table-sort-ggr'));
    await waitFor(() => {
      expect([lastQuery(api, key)?.get('sort'), lastQuery(api, key)?.get('order')]).toEqual(['ggr', 'asc']);
    });
    fireEvent.click(screen.getByTestId('ggr-table-sort-ggr'));
    await waitFor(() => {
      expect(lastQuery(api, key)?.get('order')).toBe('desc');
    });
    expect(screen.getByTestId('ggr-table-sort-ggr').closest('th')?.getAttribute('aria-sort')).toBe(
      'descending',
    );

    fireEvent.click(within(screen.getByTestId('ggr-table-pager')).getByText('Next'));
    await waitFor(() => {
      expect(lastQuery(api, key)?.get('pageNo')).toBe('2');
    });

    fireEvent.change(screen.getByTestId('ggr-group-by'), { target: { value: 'game' } });
    fireEvent.change(await screen.findByTestId('ggr-vendor'), { target: { value: '7' } });
    await screen.findByRole('option', { name: 'LIVE' });
    fireEvent.change(screen.getByTestId('ggr-product-line'), { target: { value: 'LIVE' } });
    await screen.findByRole('option', { name: 'Reels' });
    fireEvent.change(screen.getByTestId('ggr-game'), { target: { value: '70' } });
    fireEvent.change(screen.getByTestId('ggr-from'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByTestId('ggr-apply'));
    await waitFor(() => {
      const params = lastQuery(api, key);
      expect({
        groupBy: params?.get('groupBy'),
        productLine: params?.get('productLine'),
        vendorId: params?.get('vendorId'),
        gameId: params?.get('gameId'),
        from: params?.get('from'),
        pageNo: params?.get('pageNo'),
      }).toEqual({
        groupBy: 'game',
        productLine: 'LIVE',
        vendorId: '7',
        gameId: '70',
        from: '2026-03-01',
        pageNo: '1',
      });
    });
  });

  it('exports the filter as CSV from the server', async () => {
    signIn();
    const api = mockApi(routes);
    renderConsole('/reports');
    await screen.findAllByTestId('ggr-table-row');
    fireEvent.click(screen.getByTestId('ggr-export'));
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/reports/ggr/export')).toHaveLength(1);
    });
    const request = api.requestsTo('GET /wps/backoffice/reports/ggr/export')[0];
    expect(request?.headers.get('authorization')).toBe('Bearer staff-token-1');
    expect(request?.url.searchParams.get('groupBy')).toBe('day');
    expect(request?.url.searchParams.has('pageNo')).toBe(false);
  });

  it('moves between reports with the arrow keys, each asking for its own figures', async () => {
    signIn();
    const api = mockApi(routes);
    renderConsole('/reports');
    const ggrTab = await screen.findByTestId('report-tab-ggr');
    ggrTab.focus();
    fireEvent.keyDown(ggrTab, { key: 'ArrowRight' });
    const depositsTab = screen.getByTestId('report-tab-deposits');
    expect(depositsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(depositsTab);
    const table = await screen.findByTestId('money-deposit-table');
    await waitFor(() => {
      expect(
        within(table)
          .getAllByTestId('money-deposit-table-row')
          .map((row) => row.textContent),
      ).toEqual(['BANK_TRANSFER' + '2' + '300.00', 'Not recorded' + '1' + '5.00']);
    });
    expect(lastQuery(api, 'GET /wps/backoffice/reports/money')?.get('flow')).toBe('deposit');

    fireEvent.click(screen.getByTestId('report-tab-players'));
    const playerTable = await screen.findByTestId('players-table');
    await waitFor(() => {
      expect(within(playerTable).getAllByTestId('players-table-row')).toHaveLength(1);
    });
    expect(screen.getByTestId('players-table-totals').textContent).toContain('4');
  });
});
