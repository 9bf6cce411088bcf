import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AmlFlag, AmlFlagDetail, AmlSettings } from '@wps/contracts/aml';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, signedInRoutes, signIn } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const littlePlay: AmlFlag = {
  id: '7',
  rule: 'little_play',
  status: 'open',
  member: { id: '42', username: 'quickcash01', status: 'active' },
  currency: 'USD',
  amount: '150.00',
  accountCount: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
};
const sharedDevice: AmlFlag = {
  ...littlePlay,
  id: '8',
  rule: 'shared_device',
  member: { id: '43', username: 'twin01', status: 'active' },
  amount: null,
  accountCount: 3,
};

const noEvidence: AmlFlagDetail['evidence'] = {
  amount: null,
  threshold: null,
  deposits: null,
  validBet: null,
  ratioPercent: null,
  since: null,
  sharedValue: null,
  accountCount: null,
  transferCount: null,
  windowMinutes: null,
};

const littlePlayDetail: AmlFlagDetail = {
  ...littlePlay,
  evidence: {
    ...noEvidence,
    amount: '150.00',
    deposits: '200.00',
    validBet: '5.00',
    ratioPercent: 30,
  },
  movements: [
    {
      transactionId: '900',
      kind: 'deposit',
      reference: 'deposit:31',
      amount: '200.00',
      counterpart: null,
      createdAt: '2026-11-27T09:00:00.000Z',
    },
    {
      transactionId: '905',
      kind: 'withdrawal.request',
      reference: 'withdrawal:abc',
      amount: '-150.00',
      counterpart: null,
      createdAt: '2026-11-27T09:30:00.000Z',
    },
  ],
  relatedMembers: [],
  decision: null,
};

const sharedDetail: AmlFlagDetail = {
  ...sharedDevice,
  evidence: { ...noEvidence, sharedValue: '203.0.113.50 · Shared Phone/1.0', accountCount: 3 },
  movements: [],
  relatedMembers: [
    { id: '44', username: 'twin02', status: 'active' },
    { id: '45', username: 'twin03', status: 'locked' },
  ],
  decision: null,
};

const settings: AmlSettings = {
  currency: 'USD',
  largeDeposit: '10000.00',
  largeWithdrawal: '10000.00',
  littlePlayPercent: 30,
  sharedAccountsMin: 3,
  transferWindowMinutes: 60,
  transferCountMin: 10,
  transferAmountMin: '50000.00',
  isDefault: true,
};

describe('the risk queue', () => {
  it('lists open flags, shows one’s evidence and ledger movements, and clears it with a reason', async () => {
    signIn();
    let cleared = false;
    const clearedDetail: AmlFlagDetail = {
      ...littlePlayDetail,
      status: 'cleared',
      decision: {
        reason: 'Refund of a mistaken deposit',
        reportReference: null,
        staffUsername: 'operator',
        decidedAt: '2026-11-27T11:00:00.000Z',
      },
    };
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/aml/flags': ({ url }) =>
        ok({
          list:
            url.searchParams.get('status') === 'open' && cleared
              ? [sharedDevice]
              : [littlePlay, sharedDevice],
          total: cleared ? 1 : 2,
          totalPages: 1,
        }),
      'GET /wps/backoffice/aml/flags/7': () => ok(cleared ? clearedDetail : littlePlayDetail),
      'POST /wps/backoffice/aml/flags/7/clear': () => {
        cleared = true;
        return ok(clearedDetail);
      },
    });
    renderConsole('/aml');

    const row = await screen.findByTestId('aml-row-7');
    expect(row.textContent).toContain('Withdrawal with little play');
    expect(row.textContent).toContain('quickcash01');
    expect(row.textContent).toContain('150.00 USD');
    expect((await screen.findByTestId('aml-row-8')).textContent).toContain('3 accounts');
    expect(api.requestsTo('GET /wps/backoffice/aml/flags')[0]?.url.searchParams.get('status')).toBe('open');

    fireEvent.click(screen.getByTestId('aml-open-7'));
    const evidence = await screen.findByTestId('aml-flag-evidence');
    expect(evidence.textContent).toContain('Deposits since the previous withdrawal200.00 USD');
    expect(evidence.textContent).toContain('Valid bets since5.00 USD');
    expect(evidence.textContent).toContain('30 % of the deposits');
    expect(screen.getByTestId('aml-movement-900').textContent).toContain('deposit:31');
    expect(screen.getByTestId('aml-movement-905').textContent).toContain('-150.00 USD');
    const dialog = screen.getByTestId('aml-flag-dialog');
    expect(within(dialog).getByTestId('aml-member-link-42').getAttribute('href')).toBe(
      '/backoffice/members?member=42',
    );

    fireEvent.click(screen.getByTestId('aml-clear'));
    fireEvent.click(screen.getByTestId('aml-action-confirm'));
    expect(await screen.findByTestId('aml-action-problem')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/aml/flags/7/clear')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('aml-action-reason'), {
      target: { value: 'Refund of a mistaken deposit' },
    });
    fireEvent.click(screen.getByTestId('aml-action-confirm'));
    expect((await screen.findByTestId('aml-flag-decision')).textContent).toContain(
      'Refund of a mistaken deposit',
    );
    expect(screen.getByTestId('aml-flag-status').textContent).toBe('cleared');
    expect(api.requestsTo('POST /wps/backoffice/aml/flags/7/clear')[0]?.body).toEqual({
      reason: 'Refund of a mistaken deposit',
    });
    // A cleared flag has no action left; the queue reloads without it.
    expect(screen.queryByTestId('aml-restrict')).toBeNull();
    await waitFor(() => {
      expect(screen.queryByTestId('aml-row-7')).toBeNull();
    });
  });

  it('lists the members sharing a device with links to their pages, and reports with a reference', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/aml/flags': ok({ list: [sharedDevice], total: 1, totalPages: 1 }),
      'GET /wps/backoffice/aml/flags/8': ok(sharedDetail),
      'POST /wps/backoffice/aml/flags/8/report': fail('ALREADY_PROCESSED'),
    });
    renderConsole('/aml');

    fireEvent.click(await screen.findByTestId('aml-open-8'));
    const related = await screen.findByTestId('aml-related-members');
    expect(related.textContent).toContain('twin02');
    expect(within(related).getByTestId('aml-member-link-45').getAttribute('href')).toBe(
      '/backoffice/members?member=45',
    );
    expect(screen.getByTestId('aml-flag-evidence').textContent).toContain('203.0.113.50 · Shared Phone/1.0');

    fireEvent.click(screen.getByTestId('aml-report'));
    fireEvent.change(screen.getByTestId('aml-action-reason'), {
      target: { value: 'Three accounts, one phone' },
    });
    expect(screen.getByTestId<HTMLButtonElement>('aml-action-confirm').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('aml-action-reference'), { target: { value: 'SAR-77' } });
    fireEvent.click(screen.getByTestId('aml-action-confirm'));
    expect((await screen.findByTestId('aml-action-error')).textContent).toContain('ALREADY_PROCESSED');
    expect(api.requestsTo('POST /wps/backoffice/aml/flags/8/report')[0]?.body).toEqual({
      reason: 'Three accounts, one phone',
      reportReference: 'SAR-77',
    });
  });

  it('asks the server for another rule and for every status', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/aml/flags': ok({ list: [], total: 0, totalPages: 1 }),
    });
    renderConsole('/aml');

    expect(await screen.findByTestId('aml-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('aml-rule'), { target: { value: 'rapid_agent_transfers' } });
    fireEvent.click(screen.getByTestId('aml-status-all'));
    await waitFor(() => {
      const last = api.requestsTo('GET /wps/backoffice/aml/flags').at(-1);
      expect([last?.url.searchParams.get('rule'), last?.url.searchParams.get('status')]).toEqual([
        'rapid_agent_transfers',
        'all',
      ]);
    });
  });

  it('saves the brand’s thresholds', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/aml/flags': ok({ list: [], total: 0, totalPages: 1 }),
      'GET /wps/backoffice/aml/settings': ok(settings),
      'PUT /wps/backoffice/aml/settings': ({ body }) =>
        ok({ ...settings, ...(body as object), isDefault: false }),
    });
    renderConsole('/aml');

    fireEvent.click(await screen.findByTestId('aml-settings-toggle'));
    const percent = await screen.findByTestId('aml-settings-littlePlayPercent');
    fireEvent.change(percent, { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('aml-settings-largeDeposit'), { target: { value: '2500.00' } });
    fireEvent.click(screen.getByTestId('aml-settings-save'));
    expect(await screen.findByTestId('aml-settings-saved')).toBeTruthy();
    expect(api.requestsTo('PUT /wps/backoffice/aml/settings')[0]?.body).toEqual({
      largeDeposit: '2500.00',
      largeWithdrawal: '10000.00',
      littlePlayPercent: 50,
      sharedAccountsMin: 3,
      transferWindowMinutes: 60,
      transferCountMin: 10,
      transferAmountMin: '50000.00',
    });
  });
});
