import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlayLimit, ProtectionStatus } from '@wps/contracts/protection';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const limit = (overrides: Partial<PlayLimit> & Pick<PlayLimit, 'kind' | 'period'>): PlayLimit => ({
  amount: '50.00',
  used: '0.00',
  pending: null,
  resetsAt: '2025-05-02T00:00:00.000Z',
  ...overrides,
});

const buildStatus = (overrides: Partial<ProtectionStatus> = {}): ProtectionStatus => ({
  currency: 'USD',
  limits: [
    limit({ kind: 'deposit', period: 'day', amount: '50.00', used: '20.00' }),
    limit({
      kind: 'wager',
      period: 'week',
      amount: '100.00',
      used: '130.00',
      pending: { amount: '200.00', from: '2025-05-02T10:00:00.000Z' },
    }),
    limit({
      kind: 'loss',
      period: 'month',
      amount: '300.00',
      used: '-25.00',
      pending: { amount: null, from: '2025-05-02T11:00:00.000Z' },
    }),
    limit({ kind: 'session', period: 'day', amount: '60', used: '15' }),
  ],
  exclusion: null,
  realityCheckMinutes: null,
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const routes = (
  status: () => ProtectionStatus,
  extra: Record<string, ReturnType<typeof ok> | ((request: MockRequest) => ReturnType<typeof ok>)> = {},
) => ({
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/member/protection': () => ok(status()),
  ...extra,
});

const row = (testId: string) => screen.getByTestId(testId);
const typeInto = (testId: string, value: string) => {
  const field = screen.getByTestId(testId);
  fireEvent.change(field.querySelector('input') ?? field, { target: { value } });
};

describe('responsible gaming', () => {
  it('shows every limit kind by period with its use, its pending change and when it resets', async () => {
    mockApi(routes(() => buildStatus()));
    renderApp('/member?page=responsibleGaming', permission);

    expect((await screen.findByTestId('limit-deposit-day-value')).textContent).toBe('USD 50.00');
    expect(row('limit-deposit-day-used').textContent).toBe('Used USD 20.00 of USD 50.00');
    expect(row('limit-deposit-day-bar').getAttribute('value')).toBe('40');
    expect(row('limit-deposit-day-resets').textContent).toMatch(/^Resets .*2025/);
    expect(row('limit-deposit-week-value').textContent).toBe('No limit');
    expect(within(row('limit-deposit-week')).queryByTestId('limit-deposit-week-bar')).toBeNull();

    // Usage above a limit lowered under it fills the bar; a loss while ahead leaves it empty.
    expect(row('limit-wager-week-bar').getAttribute('value')).toBe('100');
    expect(row('limit-wager-week-pending').textContent).toMatch(/^Changes to USD 200\.00 on .*2025/);
    expect(row('limit-loss-month-bar').getAttribute('value')).toBe('0');
    expect(row('limit-loss-month-pending').textContent).toMatch(/^Removed on .*2025/);

    expect(row('limit-session-day-value').textContent).toBe('60 min');
    expect(row('limit-session-day-used').textContent).toBe('Used 15 min of 60 min');
    expect(row('rg-cooling-off').textContent).toContain('waits 24 hours');
    expect(screen.queryByTestId('rg-exclusion')).toBeNull();
  });

  it('sets a limit after checking the value, and says when a raise takes over', async () => {
    let status = buildStatus();
    const api = mockApi(
      routes(() => status, {
        'PUT /wps/member/protection/limits': ({ body }: MockRequest) => {
          const { period, amount } = body as { period: 'week' | 'day'; amount: string };
          status =
            period === 'week'
              ? buildStatus({
                  limits: [...status.limits, limit({ kind: 'deposit', period, amount: '30.00' })],
                })
              : buildStatus({
                  limits: status.limits.map((item) =>
                    item.kind === 'deposit' && item.period === 'day'
                      ? { ...item, pending: { amount: `${amount}.00`, from: '2025-05-02T12:00:00.000Z' } }
                      : item,
                  ),
                });
          return ok(status);
        },
      }),
    );
    renderApp('/member?page=responsibleGaming', permission);

    fireEvent.click(await screen.findByTestId('limit-deposit-week-edit'));
    expect(screen.queryByTestId('limit-deposit-week-remove')).toBeNull();
    typeInto('limit-deposit-week-amount', '12.345');
    fireEvent.click(screen.getByTestId('limit-deposit-week-save'));
    expect(screen.getByTestId('limit-deposit-week-amount-error').textContent).toBe(
      'Enter an amount above zero with at most 2 decimals.',
    );
    expect(api.requestsTo('PUT /wps/member/protection/limits')).toHaveLength(0);

    typeInto('limit-deposit-week-amount', '30');
    fireEvent.click(screen.getByTestId('limit-deposit-week-save'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Your limit applies now.');
    expect(row('limit-deposit-week-value').textContent).toBe('USD 30.00');
    expect(api.requestsTo('PUT /wps/member/protection/limits')[0]?.body).toEqual({
      kind: 'deposit',
      period: 'week',
      amount: '30',
    });

    fireEvent.click(screen.getByTestId('limit-deposit-day-edit'));
    typeInto('limit-deposit-day-amount', '80');
    fireEvent.click(screen.getByTestId('limit-deposit-day-save'));
    await waitFor(() => {
      expect(screen.getByTestId('toast').textContent).toMatch(/^Your change applies on .*2025/);
    });
    expect(row('limit-deposit-day-pending').textContent).toMatch(/^Changes to USD 80\.00 on/);
    expect(row('limit-deposit-day-value').textContent).toBe('USD 50.00');
  });

  it('removes a limit, which waits for the cooling-off', async () => {
    const api = mockApi(
      routes(() => buildStatus(), {
        'PUT /wps/member/protection/limits': ok(
          buildStatus({
            limits: [
              limit({
                kind: 'deposit',
                period: 'day',
                used: '20.00',
                pending: { amount: null, from: '2025-05-02T12:00:00.000Z' },
              }),
            ],
          }),
        ),
      }),
    );
    renderApp('/member?page=responsibleGaming', permission);

    fireEvent.click(await screen.findByTestId('limit-deposit-day-edit'));
    fireEvent.click(screen.getByTestId('limit-deposit-day-remove'));
    expect((await screen.findByTestId('toast')).textContent).toMatch(/^The limit will be removed on/);
    expect(api.requestsTo('PUT /wps/member/protection/limits')[0]?.body).toEqual({
      kind: 'deposit',
      period: 'day',
      amount: null,
    });
    expect(row('limit-deposit-day-pending').textContent).toMatch(/^Removed on/);
  });

  it('self-excludes with the password after a confirmation that says what happens, then signs out here', async () => {
    let attempts = 0;
    const api = mockApi(
      routes(() => buildStatus(), {
        'POST /wps/member/protection/self-exclusion': () => {
          attempts += 1;
          return attempts === 1
            ? fail('OLD_PASSWORD_WRONG')
            : ok({
                kind: 'self_exclusion',
                startedAt: '2025-05-01T10:00:00.000Z',
                endsAt: null,
                awaitsReview: false,
              });
        },
      }),
    );
    renderApp('/member?page=responsibleGaming', permission);

    await screen.findByTestId('rg-self-exclusion');
    fireEvent.click(screen.getByTestId('rg-self-exclusion-start'));
    expect(screen.getByTestId('rg-self-exclusion-password-error').textContent).toBe(
      'Enter your login password.',
    );
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();

    fireEvent.change(screen.getByTestId('rg-self-exclusion-duration'), { target: { value: 'permanent' } });
    typeInto('rg-self-exclusion-password', 'not mine');
    fireEvent.click(screen.getByTestId('rg-self-exclusion-start'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('This can never be undone.');
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    expect((await screen.findByTestId('rg-self-exclusion-password-error')).textContent).toMatch(/\S/);
    expect(window.sessionStorage.getItem('token')).toBe('tok-1');

    typeInto('rg-self-exclusion-password', 'Secret123');
    fireEvent.click(screen.getByTestId('rg-self-exclusion-start'));
    fireEvent.click(await screen.findByTestId('dialog-confirm'));
    expect((await screen.findByTestId('alert-dialog')).textContent).toContain('You are self-excluded');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    // Home as a guest, not the login: the member page had left before the session went.
    expect(await screen.findByTestId('header-login')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(api.requestsTo('POST /wps/member/protection/self-exclusion').at(-1)?.body).toEqual({
      duration: 'permanent',
      password: 'Secret123',
    });
  });

  it('starts a break only after its confirmation, then signs out here', async () => {
    const api = mockApi(
      routes(() => buildStatus(), {
        'POST /wps/member/protection/time-out': ok({
          kind: 'time_out',
          startedAt: '2025-05-01T10:00:00.000Z',
          endsAt: '2025-05-08T10:00:00.000Z',
          awaitsReview: false,
        }),
      }),
    );
    renderApp('/member?page=responsibleGaming', permission);

    fireEvent.change(await screen.findByTestId('rg-time-out-days'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('rg-time-out-start'));
    const confirmation = await screen.findByTestId('confirm-dialog');
    expect(confirmation.textContent).toContain('For 1 week you cannot play or deposit');
    fireEvent.click(within(confirmation).getByText('Cancel'));
    await waitFor(() => {
      expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/member/protection/time-out')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('rg-time-out-start'));
    fireEvent.click(await screen.findByTestId('dialog-confirm'));
    expect((await screen.findByTestId('alert-dialog')).textContent).toMatch(/closed until .*2025/);
    expect(api.requestsTo('POST /wps/member/protection/time-out')[0]?.body).toEqual({ days: 7 });
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('saves the reality-check interval and shows an exclusion in force', async () => {
    const api = mockApi(
      routes(
        () =>
          buildStatus({
            exclusion: {
              kind: 'time_out',
              startedAt: '2025-05-01T10:00:00.000Z',
              endsAt: '2025-05-08T10:00:00.000Z',
              awaitsReview: false,
            },
          }),
        { 'PUT /wps/member/protection/reality-check': ok(buildStatus({ realityCheckMinutes: 30 })) },
      ),
    );
    renderApp('/member?page=responsibleGaming', permission);

    expect((await screen.findByTestId('rg-exclusion')).textContent).toMatch(
      /^You are taking a break until .*2025/,
    );
    fireEvent.change(screen.getByTestId('rg-reality-check-interval'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('rg-reality-check-save'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Reality check saved.');
    expect(api.requestsTo('PUT /wps/member/protection/reality-check')[0]?.body).toEqual({ minutes: 30 });
  });
});
