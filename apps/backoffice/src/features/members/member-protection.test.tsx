import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberProtectionAdmin } from '@wps/contracts/protection';
import { describe, expect, it } from 'vitest';
import { buildProfile, profileRoutes } from '../../testing/member-test-data';
import { mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const protectionUrl = 'GET /wps/backoffice/members/100/protection';
const endUrl = 'POST /wps/backoffice/members/100/protection/end-exclusion';

const selfExclusion = {
  id: '7',
  kind: 'self_exclusion' as const,
  duration: '6m',
  startedAt: '2025-01-01T10:00:00.000Z',
  endsAt: '2025-07-01T10:00:00.000Z',
  awaitsReview: false,
  endedAt: null,
  endReason: null,
};

/** The term ran out: the exclusion still binds until staff end it. */
const termOver = {
  kind: 'self_exclusion' as const,
  startedAt: selfExclusion.startedAt,
  endsAt: selfExclusion.endsAt,
  awaitsReview: true,
};

const buildProtection = (overrides: Partial<MemberProtectionAdmin> = {}): MemberProtectionAdmin => ({
  currency: 'USD',
  limits: [
    {
      kind: 'deposit',
      period: 'day',
      amount: '50.00',
      used: '20.00',
      pending: { amount: '80.00', from: '2025-05-02T10:00:00.000Z' },
      resetsAt: '2025-05-02T00:00:00.000Z',
    },
    {
      kind: 'session',
      period: 'week',
      amount: '600',
      used: '45',
      pending: { amount: null, from: '2025-05-02T11:00:00.000Z' },
      resetsAt: '2025-05-05T00:00:00.000Z',
    },
  ],
  exclusion: {
    kind: 'self_exclusion',
    startedAt: selfExclusion.startedAt,
    endsAt: selfExclusion.endsAt,
    awaitsReview: false,
  },
  realityCheckMinutes: 30,
  history: [selfExclusion],
  ...overrides,
});

const openProtection = async () => {
  fireEvent.click(await screen.findByTestId('member-tab-protection'));
  return screen.findByTestId('member-protection');
};

describe('member protection panel', () => {
  it('shows the limits in force and waiting, the exclusion and its history; no early end', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...profileRoutes(() => buildProfile()),
      [protectionUrl]: ok(buildProtection()),
    });
    renderConsole('/members?member=100');
    await openProtection();

    const deposit = await screen.findByTestId('member-limit-deposit-day');
    for (const shown of ['Deposit', 'Daily', '50.00 USD', '20.00 USD', '80.00 USD from'])
      expect(deposit.textContent).toContain(shown);
    const session = screen.getByTestId('member-limit-session-week');
    for (const shown of ['Session time', '600 min', '45 min', 'Removed from'])
      expect(session.textContent).toContain(shown);
    expect(screen.getByTestId('member-reality-check').textContent).toBe('Reality check: every 30 minutes');
    expect(screen.getByTestId('member-exclusion').textContent).toContain('Self-exclusion');
    expect(screen.getByTestId('member-exclusion-state').textContent).toContain('In force');
    expect(screen.getByTestId('member-exclusion-7').textContent).toContain('in force');

    // The term has not run out: the server would refuse, so the action waits.
    const end = screen.getByTestId<HTMLButtonElement>('member-end-exclusion-open');
    expect(end.disabled).toBe(true);
    expect(end.title).toBe('A self-exclusion can end only after its term');
    expect(api.requestsTo(endUrl)).toHaveLength(0);
  });

  it('ends a self-exclusion whose term ran out with a required reason, then shows it ended', async () => {
    signIn();
    let protection = buildProtection({ exclusion: termOver });
    const api = mockApi({
      ...signedInRoutes,
      ...profileRoutes(() => buildProfile()),
      [protectionUrl]: () => ok(protection),
      [endUrl]: ({ body }) => {
        protection = buildProtection({
          exclusion: null,
          history: [
            {
              ...selfExclusion,
              endedAt: '2025-07-02T09:00:00.000Z',
              endReason: (body as { reason: string }).reason,
            },
          ],
        });
        return ok(null);
      },
    });
    renderConsole('/members?member=100');
    await openProtection();

    expect((await screen.findByTestId('member-exclusion-state')).textContent).toContain('Term over');
    fireEvent.click(screen.getByTestId('member-end-exclusion-open'));
    const dialog = screen.getByTestId('member-end-exclusion-dialog');
    expect(within(dialog).getByTestId<HTMLButtonElement>('member-end-exclusion-confirm').disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('member-end-exclusion-reason'), {
      target: { value: 'Member called after the term, identity checked' },
    });
    fireEvent.click(within(dialog).getByTestId('member-end-exclusion-confirm'));

    await waitFor(() => {
      expect(screen.getByTestId('member-exclusion').textContent).toBe(
        'No time-out or self-exclusion in force.',
      );
    });
    expect(screen.queryByTestId('member-end-exclusion-dialog')).toBeNull();
    expect(screen.getByTestId('member-exclusion-7').textContent).toContain(
      'Member called after the term, identity checked',
    );
    expect(api.requestsTo(endUrl)[0]?.body).toEqual({
      reason: 'Member called after the term, identity checked',
    });
  });

  it('offers no end to a permanent self-exclusion, nor to a role without members.manage', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      ...profileRoutes(() => buildProfile()),
      [protectionUrl]: ok(
        buildProtection({
          exclusion: {
            kind: 'self_exclusion',
            startedAt: selfExclusion.startedAt,
            endsAt: null,
            awaitsReview: false,
          },
        }),
      ),
    });
    const view = renderConsole('/members?member=100');
    await openProtection();
    expect((await screen.findByTestId('member-exclusion-end')).textContent).toBe('Never (permanent)');
    expect(screen.getByTestId<HTMLButtonElement>('member-end-exclusion-open').title).toBe(
      'A permanent self-exclusion never ends',
    );
    view.unmount();

    mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('marketing')),
      ...profileRoutes(() => buildProfile()),
      [protectionUrl]: ok(buildProtection({ exclusion: termOver })),
    });
    renderConsole('/members?member=100');
    await openProtection();
    expect((await screen.findByTestId('member-exclusion-state')).textContent).toContain('Term over');
    expect(screen.queryByTestId('member-end-exclusion-open')).toBeNull();
  });
});
