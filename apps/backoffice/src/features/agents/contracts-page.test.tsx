import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest, ok, signedInRoutes, signIn } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';
import { buildContract, buildPayment, paymentsPage } from './agent-test-data';

const listKey = 'GET /wps/backoffice/agent-contracts';

describe('agent contracts', () => {
  it('lists the contracts, filters and pages them on the server', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ({ url }: MockRequest) =>
        ok({
          list: url.searchParams.get('kind') === 'DIVIDEND' ? [] : [buildContract()],
          totalCount: 60,
          totalPages: 2,
        }),
    });
    renderConsole('/agent-contracts');

    const row = await screen.findByTestId('contract-row-7');
    for (const shown of ['Daily salary', 'top', 'sub', 'Upline', '1.00 %', 'Active']) {
      expect(row.textContent).toContain(shown);
    }
    fireEvent.click(screen.getByText('Next'));
    await waitFor(() => {
      expect(api.requestsTo(listKey).at(-1)?.url.searchParams.get('pageNo')).toBe('2');
    });

    fireEvent.change(screen.getByTestId('contracts-kind'), { target: { value: 'DIVIDEND' } });
    fireEvent.change(screen.getByTestId('contracts-status'), { target: { value: 'PENDING' } });
    fireEvent.change(screen.getByTestId('contracts-upline'), { target: { value: ' top ' } });
    fireEvent.change(screen.getByTestId('contracts-downline'), { target: { value: 'sub' } });
    fireEvent.click(screen.getByTestId('contracts-apply'));
    expect(await screen.findByTestId('contracts-empty')).toBeTruthy();
    const query = api.requestsTo(listKey).at(-1)?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      kind: 'DIVIDEND',
      status: 'PENDING',
      upline: 'top',
      downline: 'sub',
      pageNo: '1',
      pageSize: '50',
    });
  });

  it('opens a contract on its terms, its history and its pay records', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ok({ list: [buildContract()], totalCount: 1, totalPages: 1 }),
      'GET /wps/backoffice/agent-contracts/7': ok({
        contract: buildContract({
          tiers: [
            { minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 50 },
            { minFigure: '5000.00', minActiveMembers: 5, rateBasisPoints: 100 },
          ],
        }),
        history: [
          {
            id: '90',
            at: '2025-06-01T08:00:00.000Z',
            action: 'agents.contract.offer',
            actorType: 'agent',
            actor: 'top',
            status: 'pending',
          },
          {
            id: '91',
            at: '2025-06-01T09:00:00.000Z',
            action: 'agents.contract.accept',
            actorType: 'agent',
            actor: 'sub',
            status: 'active',
          },
        ],
      }),
      'GET /wps/backoffice/agent-contracts/payments': paymentsPage([buildPayment()]),
    });
    renderConsole('/agent-contracts');
    fireEvent.click(await screen.findByTestId('contract-open-7'));

    const dialog = await screen.findByTestId('contract-dialog');
    const terms = await within(dialog).findByTestId('contract-terms');
    expect(terms.textContent).toContain('Daily salary (Daily)');
    expect(terms.textContent).toContain('Active');
    const tiers = within(dialog).getByTestId('contract-tiers');
    expect(tiers.textContent).toContain('5000.00 USD');
    expect(tiers.textContent).toContain('0.50 %');
    const history = within(dialog).getByTestId('contract-history');
    expect([...history.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      expect.stringContaining('offertoppending'),
      expect.stringContaining('acceptsubactive'),
    ]);
    expect(await within(dialog).findByTestId('payment-row-31')).toBeTruthy();
    expect(within(dialog).getByTestId('contract-payments-totals').textContent).toContain('10.00 USD');
    const paymentsQuery = api.requestsTo('GET /wps/backoffice/agent-contracts/payments')[0]?.url.searchParams;
    expect(paymentsQuery?.get('contractId')).toBe('7');
    expect(paymentsQuery?.get('pageSize')).toBe('10');
  });
});
