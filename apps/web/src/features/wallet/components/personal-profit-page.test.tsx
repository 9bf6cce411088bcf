import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProfitReport } from '@wps/contracts/wallet';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { recentDays } from '../../../lib/date-range';
import { logInWithApi } from '../testing/wallet-fixtures';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const report: ProfitReport = {
  currency: 'USD',
  byProduct: [
    { productLine: 'RNG', betAmount: '1200.00', winAmount: '900.00', profit: '-300.00' },
    { productLine: 'LIVE', betAmount: '100.00', winAmount: '350.5', profit: '250.5' },
  ],
  byDay: [
    { day: '2025-03-01', betAmount: '1000.00', winAmount: '700.00', profit: '-300.00' },
    { day: '2025-03-02', betAmount: '300.00', winAmount: '550.50', profit: '250.50' },
  ],
  total: { betAmount: '1300.00', winAmount: '1250.50', profit: '-49.50' },
};

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('profit and loss (personalProfit)', () => {
  it('shows totals, the table by product line and by day, for the chosen dates in the member time zone', async () => {
    const api = logInWithApi({ 'GET /wps/member/records/profit': ok(report) });
    renderApp('/member?page=personalProfit', permission);

    expect((await screen.findByTestId('profit-total')).textContent).toBe('USD -49.50');
    expect(screen.getByTestId('profit-total-bet').textContent).toBe('USD 1,300.00');
    expect(screen.getByTestId('profit-total-win').textContent).toBe('USD 1,250.50');
    expect(cellsOf(screen.getByTestId('profit-by-product'))).toEqual([
      ['Slots', '1,200.00', '900.00', '-300.00'],
      ['Live casino', '100.00', '350.50', '+250.50'],
    ]);
    expect(cellsOf(screen.getByTestId('profit-by-day'))).toEqual([
      [expect.stringContaining('2025'), '1,000.00', '700.00', '-300.00'],
      [expect.stringContaining('2025'), '300.00', '550.50', '+250.50'],
    ]);
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(
      Object.fromEntries(api.requestsTo('GET /wps/member/records/profit').at(-1)?.url.searchParams ?? []),
    ).toEqual({
      ...recentDays(7),
      timeZone,
    });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-02' } });
    fireEvent.click(screen.getByTestId('profit-search'));
    await waitFor(() => {
      expect(
        Object.fromEntries(api.requestsTo('GET /wps/member/records/profit').at(-1)?.url.searchParams ?? []),
      ).toEqual({ from: '2025-03-01', to: '2025-03-02', timeZone });
    });
  });

  it('says when there were no bets', async () => {
    logInWithApi({
      'GET /wps/member/records/profit': ok({
        currency: 'USD',
        byProduct: [],
        byDay: [],
        total: { betAmount: '0.00', winAmount: '0.00', profit: '0.00' },
      }),
    });
    renderApp('/member?page=personalProfit', permission);

    expect(await screen.findByText('No bets in this period.')).toBeTruthy();
    expect(screen.getByTestId('profit-total').textContent).toBe('USD 0.00');
  });

  it('exports the report as CSV, and tells when the export fails', async () => {
    let isDown = false;
    const api = logInWithApi({
      'GET /wps/member/records/profit': ok(report),
      'GET /wps/member/records/profit/export': () => (isDown ? fail('RATE_LIMITED') : ok('csv')),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:profit');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/member?page=personalProfit', permission);
    await screen.findByTestId('profit-by-product');

    fireEvent.click(screen.getByTestId('profit-export'));
    const { from, to } = recentDays(7);
    await waitFor(() => {
      expect(saved).toEqual([`profit-and-loss_${from}_${to}.csv`]);
    });
    expect(api.requestsTo('GET /wps/member/records/profit/export')[0]?.headers.get('authorization')).toBe(
      'Bearer tok-1',
    );

    isDown = true;
    fireEvent.click(screen.getByTestId('profit-export'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(within(alert).getByText('Too many requests, please try again later.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it("saves under the server's file name and says when the file was cut at the row limit", async () => {
    logInWithApi({ 'GET /wps/member/records/profit': ok(report) });
    const fetchBefore = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) =>
        input instanceof Request || !input.toString().includes('/profit/export')
          ? fetchBefore(input, init)
          : Promise.resolve(
              new Response('Day,Bet\n', {
                headers: {
                  'content-type': 'text/csv; charset=utf-8',
                  'content-disposition': 'attachment; filename="profit-and-loss_2025-03-01_2025-03-02.csv"',
                  'x-export-truncated': 'true',
                },
              }),
            ),
      ),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:profit');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/member?page=personalProfit', permission);
    await screen.findByTestId('profit-by-product');

    fireEvent.click(screen.getByTestId('profit-export'));

    expect((await screen.findByTestId('toast')).textContent).toBe(
      'The file holds the first rows only; choose fewer days for the rest.',
    );
    expect(saved).toEqual(['profit-and-loss_2025-03-01_2025-03-02.csv']);
  });
});
