import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TransactionRecord } from '@wps/contracts/wallet';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { fail, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { recentDays } from '../../../lib/date-range';
import { logInWithApi } from '../testing/wallet-fixtures';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const record = (overrides: Partial<TransactionRecord>): TransactionRecord => ({
  id: 'e-1',
  transactionId: 'tx-1',
  time: '2025-03-01T10:15:00.000Z',
  type: 'deposit',
  kind: 'deposit',
  amount: '500.00',
  balanceAfter: '1500.00',
  reference: 'DEP-1',
  memo: null,
  ...overrides,
});

const pageReply = (request: MockRequest) => {
  const pageNo = Number(request.url.searchParams.get('pageNo'));
  const list =
    pageNo === 1
      ? [
          record({}),
          record({
            id: 'e-2',
            type: 'transfer',
            kind: 'transfer.upline',
            amount: '-1250.5',
            balanceAfter: '249.5',
            reference: null,
          }),
        ]
      : [
          record({
            id: 'e-3',
            type: 'bet',
            kind: 'bet',
            amount: '-10.00',
            balanceAfter: '239.50',
            reference: 'B-7',
          }),
        ];
  return ok({ list, total: 3, totalPages: 2, currency: 'USD' });
};

const change = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('account record (transactionHistory)', () => {
  it('lists records with signed, coloured amounts and sends type, dates and time zone, then pages', async () => {
    const api = logInWithApi({ 'GET /wps/member/records/transactions': pageReply });
    renderApp('/member?page=transactionHistory', permission);

    const table = await screen.findByTestId('transactions-table');
    const rows = within(table).getAllByTestId('transactions-row');
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement | undefined) =>
      row === undefined ? [] : [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([expect.any(String), 'Deposit', '+500.00', '1,500.00', 'DEP-1']);
    expect(cells(rows[1])).toEqual([expect.any(String), 'Transfer', '-1,250.50', '249.50', 'tx-1']);
    expect(rows[0]?.querySelector('.wallet-money--positive')).not.toBeNull();
    expect(rows[1]?.querySelector('.wallet-money--negative')).not.toBeNull();
    // The time in the member's locale.
    expect(rows[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-01T10:15:00.000Z');
    expect(rows[0]?.querySelector('time')?.textContent).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date('2025-03-01T10:15:00.000Z'),
      ),
    );

    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const first = api.requestsTo('GET /wps/member/records/transactions').at(-1);
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({
      ...recentDays(7),
      timeZone,
      pageNo: '1',
      pageSize: '20',
    });

    change('Type', 'withdrawal');
    change('From', '2025-02-01');
    change('To', '2025-02-28');
    fireEvent.click(screen.getByTestId('transactions-search'));
    await waitFor(() => {
      expect(
        api.requestsTo('GET /wps/member/records/transactions').at(-1)?.url.searchParams.get('type'),
      ).toBe('withdrawal');
    });
    expect(
      Object.fromEntries(
        api.requestsTo('GET /wps/member/records/transactions').at(-1)?.url.searchParams ?? [],
      ),
    ).toEqual({
      type: 'withdrawal',
      from: '2025-02-01',
      to: '2025-02-28',
      timeZone,
      pageNo: '1',
      pageSize: '20',
    });

    expect(screen.getByTestId('transactions-pagination-current').textContent).toBe('Page 1 of 2');
    expect(screen.getByTestId<HTMLButtonElement>('transactions-pagination-previous').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('transactions-pagination-next'));
    await waitFor(() => {
      expect(screen.getAllByTestId('transactions-row')).toHaveLength(1);
    });
    expect(screen.getByTestId('transactions-pagination-current').textContent).toBe('Page 2 of 2');
    expect(screen.getByTestId<HTMLButtonElement>('transactions-pagination-next').disabled).toBe(true);
    expect(
      api.requestsTo('GET /wps/member/records/transactions').at(-1)?.url.searchParams.get('pageNo'),
    ).toBe('2');
    expect(api.requestsTo('GET /wps/member/records/transactions').at(-1)?.url.searchParams.get('type')).toBe(
      'withdrawal',
    );
  });

  it('refuses a start after the end without asking the server', async () => {
    const api = logInWithApi({ 'GET /wps/member/records/transactions': pageReply });
    renderApp('/member?page=transactionHistory', permission);
    await screen.findByTestId('transactions-table');
    const asked = api.requestsTo('GET /wps/member/records/transactions').length;

    change('From', '2025-03-02');
    change('To', '2025-03-01');
    fireEvent.click(screen.getByTestId('transactions-search'));

    expect(screen.getByTestId('transactions-from-error').textContent).toBe(
      'The start date must not be after the end date.',
    );
    expect(api.requestsTo('GET /wps/member/records/transactions')).toHaveLength(asked);
  });

  it('says when there is nothing, and shows a failure in words', async () => {
    let isDown = true;
    logInWithApi({
      'GET /wps/member/records/transactions': () =>
        isDown ? fail('SERVICE_UNAVAILABLE') : ok({ list: [], total: 0, totalPages: 0, currency: 'USD' }),
    });
    renderApp('/member?page=transactionHistory', permission);

    expect(await screen.findByText('The service is temporarily unavailable.')).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No records in this period.')).toBeTruthy();
  });

  it('exports the filtered records as CSV with the Authorization header and saves the file', async () => {
    const api = logInWithApi({
      'GET /wps/member/records/transactions': pageReply,
      'GET /wps/member/records/transactions/export': ok('csv'),
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:records');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    renderApp('/member?page=transactionHistory', permission);
    await screen.findByTestId('transactions-table');

    change('Type', 'deposit');
    change('From', '2025-02-01');
    change('To', '2025-02-28');
    fireEvent.click(screen.getByTestId('transactions-search'));
    await waitFor(() => {
      expect(
        api.requestsTo('GET /wps/member/records/transactions').at(-1)?.url.searchParams.get('type'),
      ).toBe('deposit');
    });
    fireEvent.click(screen.getByTestId('transactions-export'));

    await waitFor(() => {
      expect(saved).toEqual([{ name: 'account-records_2025-02-01_2025-02-28.csv', href: 'blob:records' }]);
    });
    const [exported] = api.requestsTo('GET /wps/member/records/transactions/export');
    expect(exported?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(exported?.headers.get('accept')).toBe('text/csv');
    expect(Object.fromEntries(exported?.url.searchParams ?? [])).toEqual({
      type: 'deposit',
      from: '2025-02-01',
      to: '2025-02-28',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
