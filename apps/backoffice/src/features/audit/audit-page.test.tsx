import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';
import { diffAuditValues } from './audit-diff';

const event = {
  id: '42',
  actorType: 'staff',
  actorId: '7',
  actorIp: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (console)',
  action: 'payments.channel.update',
  entityType: 'payment_channel',
  entityId: '3',
  before: { name: 'Bank A', limits: { min: '10.00', max: '500.00' }, note: 'old' },
  after: { name: 'Bank A', limits: { min: '10.00', max: '900.00' }, isEnabled: true },
  createdAt: '2026-03-04T10:00:00.000Z',
  chainSeq: '42',
  hash: 'a'.repeat(64),
};

const listRoute = { 'GET /wps/backoffice/audit': ok({ list: [event], totalPages: 3 }) };

describe('the audit trail page (issue 25, point 2)', () => {
  it('shows what each change changed, field by field, with who did it from where', async () => {
    signIn();
    mockApi({ ...signedInRoutes, ...listRoute });
    renderConsole('/audit');

    const row = await screen.findByTestId('audit-row-42');
    expect(row.textContent).toContain('staff #7');
    expect(row.textContent).toContain('203.0.113.9');
    expect(row.textContent).toContain('Mozilla/5.0 (console)');
    const diff = within(screen.getByTestId('audit-diff-42'));
    const lines = diff
      .getAllByRole('row')
      .slice(1)
      .map((line) => line.textContent);
    expect(lines).toEqual(['isEnabled—true', 'limits.max"500.00""900.00"', 'note"old"—']);
  });

  it('sends every filter to the server, the day range as instants of the browser’s days, last day included', async () => {
    signIn();
    const api = mockApi({ ...signedInRoutes, ...listRoute });
    renderConsole('/audit');
    await screen.findByTestId('audit-row-42');

    fireEvent.change(screen.getByTestId('audit-actor-type'), { target: { value: 'agent' } });
    fireEvent.change(screen.getByTestId('audit-actorId'), { target: { value: ' 77 ' } });
    fireEvent.change(screen.getByTestId('audit-action'), { target: { value: 'agents.contract' } });
    fireEvent.change(screen.getByTestId('audit-entityType'), { target: { value: 'agent_contract' } });
    fireEvent.change(screen.getByTestId('audit-entityId'), { target: { value: '9' } });
    fireEvent.change(screen.getByTestId('audit-fromDate'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('audit-toDate'), { target: { value: '2026-03-05' } });
    fireEvent.click(screen.getByTestId('audit-filter'));

    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/audit').at(-1)?.url.searchParams.get('actorType')).toBe(
        'agent',
      );
    });
    const params = api.requestsTo('GET /wps/backoffice/audit').at(-1)?.url.searchParams;
    expect(Object.fromEntries(params ?? [])).toEqual({
      actorType: 'agent',
      actorId: '77',
      action: 'agents.contract',
      entityType: 'agent_contract',
      entityId: '9',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 6).toISOString(),
      pageNo: '1',
      pageSize: '50',
    });
  });

  it('verifies the chain and says where it is broken', async () => {
    signIn();
    let isIntact = true;
    mockApi({
      ...signedInRoutes,
      ...listRoute,
      'POST /wps/backoffice/audit/verify': () =>
        ok({
          isIntact,
          checkedRows: isIntact ? 1200 : 41,
          lastSeq: isIntact ? '1200' : '41',
          broken: isIntact ? null : { id: '42', chainSeq: '42', reason: 'hash_mismatch' },
          checkedAt: '2026-03-04T10:00:00.000Z',
        }),
    });
    renderConsole('/audit');

    fireEvent.click(await screen.findByTestId('audit-verify'));
    expect((await screen.findByTestId('audit-verify-result')).textContent).toContain(
      'Chain intact: 1200 rows checked',
    );

    isIntact = false;
    fireEvent.click(screen.getByTestId('audit-verify'));
    await waitFor(() => {
      expect(screen.getByTestId('audit-verify-result').textContent).toContain(
        'Chain broken at row #42: the row was changed after it was recorded',
      );
    });
  });

  it('exports the filtered events as the server’s CSV file, sent with the staff token', async () => {
    signIn('staff-token-9');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const api = mockApi({
      ...signedInRoutes,
      ...listRoute,
      'GET /wps/backoffice/audit/export': () =>
        new Response('\ufeffid,chain_seq\n42,42\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-events_2026-03-04.csv"',
          },
        }),
    });
    renderConsole('/audit');
    await screen.findByTestId('audit-row-42');

    fireEvent.change(screen.getByTestId('audit-entityType'), { target: { value: 'deposit' } });
    fireEvent.click(screen.getByTestId('audit-filter'));
    fireEvent.click(screen.getByTestId('audit-export'));

    await waitFor(() => {
      expect(saved).toEqual(['audit-events_2026-03-04.csv']);
    });
    const [request] = api.requestsTo('GET /wps/backoffice/audit/export');
    expect(request?.url.searchParams.get('entityType')).toBe('deposit');
    expect(request?.url.searchParams.has('pageNo')).toBe(false);
    expect(request?.headers.get('authorization')).toBe('Bearer staff-token-9');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});

describe('diffAuditValues', () => {
  it('lists added, removed and changed fields by path, and leaves equal ones out', () => {
    expect(
      diffAuditValues(
        { a: 1, b: { c: [1, 2], d: 'x' }, e: null },
        { a: 1, b: { c: [1, 3] }, e: 0, f: 'new' },
      ),
    ).toEqual([
      { path: 'b.c', before: '[1,2]', after: '[1,3]', change: 'changed' },
      { path: 'b.d', before: '"x"', after: null, change: 'removed' },
      { path: 'e', before: 'null', after: '0', change: 'changed' },
      { path: 'f', before: null, after: '"new"', change: 'added' },
    ]);
  });

  it('compares values that are not objects whole, and a missing side as nothing', () => {
    expect(diffAuditValues('pending', 'approved')).toEqual([
      { path: '(value)', before: '"pending"', after: '"approved"', change: 'changed' },
    ]);
    expect(diffAuditValues(null, { status: 'open' })).toEqual([
      { path: 'status', before: null, after: '"open"', change: 'added' },
    ]);
    expect(diffAuditValues({ same: true }, { same: true })).toEqual([]);
  });
});
