import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VendorSummary } from '@wps/contracts/games-admin';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const fingerprint = 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12';

const vendor = (overrides: Partial<VendorSummary> = {}): VendorSummary => ({
  code: 'NOVA',
  displayName: 'Nova Games',
  integration: 'seamless',
  isEnabled: true,
  isDemo: false,
  launchUrl: 'https://nova.example.com/launch',
  walletKeyFingerprint: fingerprint,
  maintenance: { isOn: false, endsAt: null, isActive: false },
  tiles: [],
  gameCount: 12,
  enabledGameCount: 10,
  ...overrides,
});

const listRoute = (vendors: VendorSummary[]) => ({ 'GET /wps/backoffice/game-vendors': ok(vendors) });

describe('the game vendors console', () => {
  it('lists vendors with the key shown only as set, and their maintenance', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      ...listRoute([
        vendor(),
        vendor({
          code: 'LUNA',
          displayName: 'Luna Play',
          walletKeyFingerprint: null,
          maintenance: { isOn: true, endsAt: '2030-01-01T10:00:00.000Z', isActive: true },
        }),
      ]),
    });
    renderConsole('/game-vendors');
    const nova = await screen.findByTestId('vendor-NOVA');
    expect(within(nova).getByTestId('vendor-NOVA-key').textContent).toBe('set');
    expect(nova.textContent).toContain('10 / 12');
    expect(nova.textContent).not.toContain(fingerprint);
    expect(screen.getByTestId('vendor-LUNA-key').textContent).toBe('not set');
    expect(screen.getByTestId('vendor-LUNA-maintenance').textContent).toContain('Maintenance until');
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByTestId('nav-game-vendors'),
    ).toBeTruthy();
  });

  it('registers a seamless vendor with its key and launch URL', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...listRoute([]),
      'POST /wps/backoffice/game-vendors': ok(vendor({ code: 'ORBIT' })),
    });
    renderConsole('/game-vendors');
    fireEvent.click(await screen.findByTestId('vendor-new'));
    fireEvent.change(screen.getByTestId('vendor-code'), { target: { value: 'orbit' } });
    fireEvent.change(screen.getByTestId('vendor-displayName'), { target: { value: 'Orbit Slots' } });
    fireEvent.change(screen.getByTestId('vendor-launchUrl'), {
      target: { value: 'https://orbit.example.com/play' },
    });
    fireEvent.change(screen.getByTestId('vendor-walletPublicKey'), {
      target: { value: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' },
    });
    fireEvent.click(screen.getByTestId('vendor-save'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/game-vendors')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/backoffice/game-vendors')[0]?.body).toEqual({
      code: 'ORBIT',
      displayName: 'Orbit Slots',
      integration: 'seamless',
      isEnabled: true,
      launchUrl: 'https://orbit.example.com/play',
      walletPublicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    });
    await waitFor(() => {
      expect(screen.queryByTestId('vendor-dialog')).toBeNull();
    });
  });

  it('sends only what changed: maintenance until a time, a new key; and shows a refusal', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...listRoute([vendor()]),
      'PUT /wps/backoffice/game-vendors/NOVA': ({ body }) =>
        JSON.stringify(body).includes('BEGIN')
          ? fail('VALIDATION_FAILED', 'Not a PEM public key.')
          : ok(vendor({ maintenance: { isOn: true, endsAt: '2030-01-01T10:00:00.000Z', isActive: true } })),
    });
    renderConsole('/game-vendors');
    fireEvent.click(await screen.findByTestId('vendor-NOVA-edit'));
    // The key is write-only: the form never holds it, only says it is set.
    expect(screen.getByTestId<HTMLTextAreaElement>('vendor-walletPublicKey').value).toBe('');
    expect(screen.getByTestId('vendor-dialog').textContent).toContain('set (SHA-256 ab12cd34ef56ab12…)');
    fireEvent.click(screen.getByTestId('vendor-maintenanceOn'));
    fireEvent.change(screen.getByTestId('vendor-maintenanceEndsAt'), {
      target: { value: '2030-01-01T10:00' },
    });
    fireEvent.click(screen.getByTestId('vendor-save'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/game-vendors/NOVA')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/backoffice/game-vendors/NOVA')[0]?.body).toEqual({
      maintenance: { isOn: true, endsAt: new Date('2030-01-01T10:00').toISOString() },
    });

    fireEvent.click(await screen.findByTestId('vendor-NOVA-edit'));
    fireEvent.change(screen.getByTestId('vendor-walletPublicKey'), {
      target: { value: '-----BEGIN PUBLIC KEY-----\nBBBB\n-----END PUBLIC KEY-----' },
    });
    fireEvent.click(screen.getByTestId('vendor-save'));
    expect((await screen.findByTestId('vendor-save-error')).textContent).toContain('Not a PEM public key.');
    expect(api.requestsTo('PUT /wps/backoffice/game-vendors/NOVA')[1]?.body).toEqual({
      walletPublicKey: '-----BEGIN PUBLIC KEY-----\nBBBB\n-----END PUBLIC KEY-----',
    });
  });

  it('shows vendors without the register and edit actions to staff who may only look', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('support')),
      ...listRoute([vendor()]),
    });
    renderConsole('/game-vendors');
    expect(await screen.findByTestId('vendor-NOVA')).toBeTruthy();
    expect(screen.queryByTestId('vendor-new')).toBeNull();
    expect(screen.queryByTestId('vendor-NOVA-edit')).toBeNull();
  });
});
