import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest, ok, signedInRoutes, signIn, staffWith } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';
import { buildPayment, buildRun, paymentsPage } from './agent-test-data';

const runsKey = 'GET /wps/backoffice/agent-contracts/settlement/runs';
const paymentsKey = 'GET /wps/backoffice/agent-contracts/payments';
const runKey = 'POST /wps/backoffice/agent-contracts/settlement/run';

const runsPage = ok({ currency: 'USD', list: [buildRun()], totalCount: 1, totalPages: 1 });

describe('agent pay and settlement', () => {
  it('lists the runs with the brand’s figures, and runs settlement now only after a confirmation', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [runsKey]: runsPage,
      [paymentsKey]: paymentsPage([buildPayment()]),
      [runKey]: ok({ settledPeriods: 3, paid: 2, unpaid: 1, zero: 0, retriedPaid: 1 }),
    });
    renderConsole('/agent-pay');

    const run = await screen.findByTestId('settlement-run-5');
    for (const shown of ['operator', '(staff)', 'Finished', '1 · 10.00 USD', '20.00 USD']) {
      expect(run.textContent).toContain(shown);
    }
    fireEvent.click(screen.getByTestId('settlement-run-now'));
    const dialog = await screen.findByTestId('settlement-run-dialog');
    expect(within(dialog).getByTestId('settlement-run-warning').textContent).toContain('on every brand');
    expect(api.requestsTo(runKey)).toEqual([]);
    const runsReads = api.requestsTo(runsKey).length;

    fireEvent.click(within(dialog).getByTestId('settlement-run-confirm'));
    expect((await within(dialog).findByTestId('settlement-run-result')).textContent).toContain(
      'Settled 3 periods: 2 paid, 1 left unpaid',
    );
    expect(api.requestsTo(runKey)).toHaveLength(1);
    await waitFor(() => {
      expect(api.requestsTo(runsKey).length).toBeGreaterThan(runsReads);
    });
    fireEvent.click(within(dialog).getByTestId('settlement-run-done'));
    expect(screen.queryByTestId('settlement-run-dialog')).toBeNull();
  });

  it('offers no "run now" without agents.settle', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['agents.view'])),
      [runsKey]: runsPage,
      [paymentsKey]: paymentsPage([]),
    });
    renderConsole('/agent-pay');
    expect(await screen.findByTestId('settlement-run-5')).toBeTruthy();
    expect(screen.queryByTestId('settlement-run-now')).toBeNull();
  });

  it('filters the pay records on the server, shows their totals, and opens a run’s records', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [runsKey]: runsPage,
      [paymentsKey]: ({ url }: MockRequest) =>
        url.searchParams.get('status') === 'UNPAID'
          ? paymentsPage([buildPayment({ id: '32', status: 'UNPAID', paidAt: null, attempts: 3 })], {
              amount: '10.00',
              paid: '0.00',
              unpaid: '10.00',
            })
          : paymentsPage([buildPayment()]),
    });
    renderConsole('/agent-pay');

    expect(await screen.findByTestId('payment-row-31')).toBeTruthy();
    const totals = screen.getByTestId('payments-table-totals').textContent;
    expect(totals).toContain('Total20.00 USD');
    expect(totals).toContain('Unpaid10.00 USD');

    fireEvent.change(screen.getByTestId('payments-status'), { target: { value: 'UNPAID' } });
    fireEvent.change(screen.getByTestId('payments-upline'), { target: { value: 'top' } });
    fireEvent.change(screen.getByTestId('payments-fromDate'), { target: { value: '2025-06-01' } });
    fireEvent.change(screen.getByTestId('payments-toDate'), { target: { value: '2025-06-30' } });
    fireEvent.click(screen.getByTestId('payments-apply'));
    const unpaid = await screen.findByTestId('payment-row-32');
    expect(unpaid.textContent).toContain('(3 tries)');
    expect(Object.fromEntries(api.requestsTo(paymentsKey).at(-1)?.url.searchParams ?? [])).toEqual({
      status: 'UNPAID',
      upline: 'top',
      fromDate: '2025-06-01',
      toDate: '2025-06-30',
      pageNo: '1',
      pageSize: '50',
    });

    fireEvent.click(screen.getByTestId('settlement-run-records-5'));
    await waitFor(() => {
      expect(api.requestsTo(paymentsKey).at(-1)?.url.searchParams.get('runId')).toBe('5');
    });
    expect(api.requestsTo(paymentsKey).at(-1)?.url.searchParams.get('status')).toBeNull();
    fireEvent.click(screen.getByTestId('payments-run-clear'));
    expect(screen.queryByTestId('payments-run-clear')).toBeNull();
    expect(await screen.findByTestId('payment-row-31')).toBeTruthy();
  });
});
