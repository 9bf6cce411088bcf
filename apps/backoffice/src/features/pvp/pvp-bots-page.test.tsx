import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PvpBotsOverview } from '@wps/contracts/pvp-bots';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, signIn, signedInRoutes, staffWith } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const overview = (lowIsEnabled: boolean): PvpBotsOverview => ({
  currency: 'USD',
  rooms: [
    {
      roomCode: 'HOLDEM-MICRO-6',
      name: "Hold'em Micro 0.05/0.10 · 6-max",
      level: 'MICRO',
      seats: 6,
      isEnabled: false,
      botsSeated: 0,
      membersSeated: 0,
    },
    {
      roomCode: 'HOLDEM-LOW-6',
      name: "Hold'em Low 0.50/1 · 6-max",
      level: 'LOW',
      seats: 6,
      isEnabled: lowIsEnabled,
      botsSeated: lowIsEnabled ? 1 : 0,
      membersSeated: 1,
    },
  ],
  accountBalance: '-100.00',
  chipsAtTables: '98.50',
  result: '-1.50',
});

describe('the card-room bots console', () => {
  it('lists the hold’em rooms with their switch and the house result, and switches a room', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/pvp/bots': ok(overview(false)),
      'PUT /wps/backoffice/pvp/bots/HOLDEM-LOW-6': ok(overview(true)),
      'PUT /wps/backoffice/pvp/bots/HOLDEM-MICRO-6': fail('FORBIDDEN', 'Your role does not allow this.'),
    });
    renderConsole('/pvp-bots');
    const low = await screen.findByTestId('pvp-bots-HOLDEM-LOW-6');
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByTestId('nav-pvp-bots'),
    ).toBeTruthy();
    expect(screen.getByTestId('pvp-bots-result-total').textContent).toBe('-1.50 USD');
    expect(within(low).getByTestId('pvp-bots-HOLDEM-LOW-6-seated').textContent).toBe('1 member');
    const lowSwitch = within(low).getByTestId('pvp-bots-HOLDEM-LOW-6-switch');
    expect(lowSwitch).toHaveProperty('checked', false);
    fireEvent.click(lowSwitch);
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/pvp/bots/HOLDEM-LOW-6')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/backoffice/pvp/bots/HOLDEM-LOW-6')[0]?.body).toEqual({ isEnabled: true });
    await waitFor(() => {
      expect(screen.getByTestId('pvp-bots-HOLDEM-LOW-6-switch')).toHaveProperty('checked', true);
    });
    expect(screen.getByTestId('pvp-bots-HOLDEM-LOW-6-seated').textContent).toBe('1 member, 1 bot');

    fireEvent.click(screen.getByTestId('pvp-bots-HOLDEM-MICRO-6-switch'));
    expect((await screen.findByTestId('pvp-bots-switch-error')).textContent).toContain(
      'Your role does not allow this.',
    );
  });

  it('shows staff without house_games.manage the switches, not the controls', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['games.view'])),
      'GET /wps/backoffice/pvp/bots': ok(overview(true)),
    });
    renderConsole('/pvp-bots');
    expect((await screen.findByTestId('pvp-bots-HOLDEM-LOW-6-state')).textContent).toBe('On');
    expect(screen.queryByTestId('pvp-bots-HOLDEM-LOW-6-switch')).toBeNull();
  });
});
