import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BettingRound } from '@wps/contracts/games';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { recentDays } from '../../../lib/date-range';
import { buildMemberInfo, fail, mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const round = (overrides: Partial<BettingRound>): BettingRound => ({
  roundId: '11',
  roundRef: 'R-11',
  vassalage: 'PG',
  vendorName: 'PG Soft',
  gameCode: 'lotus',
  gameName: 'Lotus Slot',
  productLine: 'RNG',
  status: 'SETTLED',
  betAmount: '10.00',
  validBet: '10.00',
  winAmount: '25.00',
  refundedAmount: '0.00',
  profit: '15.00',
  currency: 'USD',
  openedAt: '2025-03-09T05:30:00.000Z',
  settledAt: '2025-03-09T05:31:00.000Z',
  ...overrides,
});

const summary = { betAmount: '1,234.50', validBet: '1,200.00', winAmount: '1,000.00', profit: '-234.50' };

const pageReply = (request: MockRequest) => {
  const page = Number(request.url.searchParams.get('page'));
  const list =
    page === 1
      ? [
          round({}),
          round({
            roundId: '12',
            roundRef: 'R-12',
            vendorName: 'AV Sports',
            gameName: 'Cup Final',
            productLine: 'ESPORTS',
            status: 'OPEN',
            validBet: '0.00',
            winAmount: '0.00',
            betAmount: '20.00',
            profit: '-20.00',
            settledAt: null,
          }),
        ]
      : [round({ roundId: '13', roundRef: 'R-13', productLine: 'COCKFIGHT', gameName: 'Pit One' })];
  return ok({ list, page, totalPages: 2, total: 3, summary });
};

const logIn = (routes: Parameters<typeof mockApi>[0]) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({ 'GET /wps/member/info': ok(buildMemberInfo()), ...routes });
};

const change = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

const lastQuery = (api: ReturnType<typeof mockApi>) =>
  Object.fromEntries(api.requestsTo('GET /wps/member/betting-records').at(-1)?.url.searchParams ?? []);

describe('betting record (personalHistoryCopy)', () => {
  it('lists rounds with bet, valid bet, win and profit, totals of the filter, and sends the filters', async () => {
    const api = logIn({ 'GET /wps/member/betting-records': pageReply });
    renderApp('/member?page=personalHistoryCopy', permission);

    const table = await screen.findByTestId('betting-table');
    const rows = within(table).getAllByTestId('betting-row');
    const cells = (row: HTMLElement | undefined) =>
      row === undefined ? [] : [...row.querySelectorAll('td')].slice(1, 8).map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([
      'Lotus SlotPG Soft',
      'Slots',
      'Settled',
      '10.00',
      '10.00',
      '25.00',
      '+15.00',
    ]);
    expect(cells(rows[1])).toEqual([
      'Cup FinalAV Sports',
      'E-sports',
      'Open',
      '20.00',
      '0.00',
      '0.00',
      '-20.00',
    ]);
    expect(screen.getByTestId('betting-summary-betAmount').textContent).toBe('1,234.50');
    expect(screen.getByTestId('betting-summary-validBet').textContent).toBe('1,200.00');
    expect(screen.getByTestId('betting-summary-profit').textContent).toBe('-234.50');

    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(lastQuery(api)).toEqual({
      productLine: 'ALL',
      status: 'ALL',
      ...recentDays(7),
      timeZone,
      page: '1',
      pageSize: '20',
    });

    fireEvent.click(screen.getByTestId('betting-pagination-next'));
    await waitFor(() => {
      expect(screen.getAllByTestId('betting-row')).toHaveLength(1);
    });
    expect(lastQuery(api).page).toBe('2');

    // A new search starts again at page 1 with the chosen product line (cockfight included), status and days.
    change('Product', 'COCKFIGHT');
    change('Status', 'SETTLED');
    change('From', '2025-02-01');
    change('To', '2025-02-28');
    fireEvent.click(screen.getByTestId('betting-search'));
    await waitFor(() => {
      expect(lastQuery(api).productLine).toBe('COCKFIGHT');
    });
    expect(lastQuery(api)).toEqual({
      productLine: 'COCKFIGHT',
      status: 'SETTLED',
      from: '2025-02-01',
      to: '2025-02-28',
      timeZone,
      page: '1',
      pageSize: '20',
    });
  });

  it('offers every product line, e-sports and cockfight included', async () => {
    logIn({ 'GET /wps/member/betting-records': pageReply });
    renderApp('/member?page=personalHistoryCopy', permission);
    await screen.findByTestId('betting-table');
    const options = [...screen.getByTestId<HTMLSelectElement>('betting-product-line').options].map(
      (option) => option.value,
    );
    expect(options).toEqual([
      'ALL',
      'RNG',
      'LIVE',
      'FISH',
      'SPORTS',
      'PVP',
      'LOTT',
      'ELOTT',
      'ESPORTS',
      'COCKFIGHT',
    ]);
  });

  it('opens a round with its bets, wins and refunds', async () => {
    const api = logIn({
      'GET /wps/member/betting-records': pageReply,
      'GET /wps/member/betting-records/11': ok({
        round: round({}),
        transactions: [
          {
            kind: 'bet',
            transactionUuid: 'tx-bet-1',
            referenceUuid: null,
            amount: '10.00',
            isRolledBack: false,
            createdAt: '2025-03-09T05:30:00.000Z',
          },
          {
            kind: 'bet',
            transactionUuid: 'tx-bet-2',
            referenceUuid: null,
            amount: '5.00',
            isRolledBack: true,
            createdAt: '2025-03-09T05:30:10.000Z',
          },
          {
            kind: 'rollback',
            transactionUuid: 'tx-rollback-2',
            referenceUuid: 'tx-bet-2',
            amount: '5.00',
            isRolledBack: false,
            createdAt: '2025-03-09T05:30:20.000Z',
          },
          {
            kind: 'win',
            transactionUuid: 'tx-win-1',
            referenceUuid: 'tx-bet-1',
            amount: '25.00',
            isRolledBack: false,
            createdAt: '2025-03-09T05:31:00.000Z',
          },
        ],
        details: { bet: 'single: Lions v Hawks match_result home @ 1.950' },
      }),
    });
    renderApp('/member?page=personalHistoryCopy', permission);
    const [firstRow] = await screen.findAllByTestId('betting-row');
    if (firstRow === undefined) throw new Error('no row');
    fireEvent.click(within(firstRow).getByTestId('betting-row-detail'));

    const detail = await screen.findByTestId('round-detail');
    expect(within(detail).getByText('Lotus Slot: round details')).toBeTruthy();
    expect(within(detail).getByTestId('round-detail-ref').textContent).toBe('R-11');
    const transactions = await within(detail).findAllByTestId('round-transaction');
    expect(
      transactions.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)),
    ).toEqual([
      ['Bet', '10.00', 'tx-bet-1'],
      ['BetRefunded', '5.00', 'tx-bet-2'],
      ['Refund', '5.00', 'tx-rollback-2'],
      ['Win', '25.00', 'tx-win-1'],
    ]);
    expect(api.requestsTo('GET /wps/member/betting-records/11').length).toBeGreaterThan(0);
    // The vendor's text of the bet (a sportsbook's selections and odds).
    expect(within(detail).getByTestId('round-bet-detail').textContent).toBe(
      'Your bet: single: Lions v Hawks match_result home @ 1.950',
    );

    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByTestId('round-detail')).toBeNull();
    });
  });

  it('says when there is nothing, and shows a failure in words', async () => {
    let isDown = true;
    logIn({
      'GET /wps/member/betting-records': () =>
        isDown
          ? fail('SERVICE_UNAVAILABLE')
          : ok({
              list: [],
              page: 1,
              totalPages: 0,
              total: 0,
              summary: { betAmount: '0.00', validBet: '0.00', winAmount: '0.00', profit: '0.00' },
            }),
    });
    renderApp('/member?page=personalHistoryCopy', permission);

    expect(await screen.findByText('The service is temporarily unavailable.')).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No bets in this period.')).toBeTruthy();
  });

  it('refuses a start after the end without asking the server', async () => {
    const api = logIn({ 'GET /wps/member/betting-records': pageReply });
    renderApp('/member?page=personalHistoryCopy', permission);
    await screen.findByTestId('betting-table');
    const asked = api.requestsTo('GET /wps/member/betting-records').length;

    change('From', '2025-03-02');
    change('To', '2025-03-01');
    fireEvent.click(screen.getByTestId('betting-search'));

    expect(screen.getByTestId('betting-from-error').textContent).toBe(
      'The start date must not be after the end date.',
    );
    expect(api.requestsTo('GET /wps/member/betting-records')).toHaveLength(asked);
  });
});
