import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffRoleView, StaffSummary } from '@wps/contracts/backoffice';
import { presetRoles } from '@wps/contracts/staff-permissions';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const role = (id: string, presetKey: 'admin' | 'finance' | 'support'): StaffRoleView => ({
  id,
  name: presetRoles[presetKey].name,
  presetKey,
  permissions: [...presetRoles[presetKey].permissions],
  staffCount: 1,
});
const roles = [role('10', 'admin'), role('11', 'finance'), role('12', 'support')];
const referenceOf = ({ id, name, presetKey }: StaffRoleView) => ({ id, name, presetKey });
const [adminRole, financeRole, supportRole] = roles.map(referenceOf);
const rolesRoute = { 'GET /wps/backoffice/roles': ok(roles) };

const buildStaff = (overrides: Partial<StaffSummary> = {}): StaffSummary => ({
  id: '1',
  username: 'operator',
  displayName: 'Operator',
  role: adminRole ?? null,
  isActive: true,
  mustChangePassword: false,
  isTotpEnrolled: true,
  allowedIps: [],
  lastLoginAt: '2025-05-01T10:00:00.000Z',
  lockedUntil: null,
  ...overrides,
});

const cashier = buildStaff({
  id: '2',
  username: 'cashier',
  displayName: 'Cashier Ana',
  role: financeRole ?? null,
  allowedIps: ['203.0.113.7'],
});

describe('staff management', () => {
  it('creates a staff member and shows the temporary password once', async () => {
    signIn();
    const created = buildStaff({
      id: '3',
      username: 'helpdesk',
      displayName: 'Help Desk',
      role: supportRole ?? null,
      mustChangePassword: true,
      isTotpEnrolled: false,
      lastLoginAt: null,
    });
    let list = [buildStaff(), cashier];
    const api = mockApi({
      ...signedInRoutes,
      ...rolesRoute,
      'GET /wps/backoffice/staff': () => ok(list),
      'POST /wps/backoffice/staff': () => {
        list = [...list, created];
        return ok({ staff: created, temporaryPassword: 'Tmp-9x7Q-kd2P-4mzL' });
      },
    });
    renderConsole('/staff');

    expect((await screen.findByTestId('staff-row-cashier')).textContent).toContain('203.0.113.7');
    fireEvent.click(screen.getByTestId('new-staff'));
    fireEvent.change(screen.getByTestId('staff-username'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('staff-form-submit'));
    expect(screen.getByTestId('staff-form-problems').textContent).toContain('Username');
    expect(screen.getByTestId('staff-form-problems').textContent).toContain('Role');
    expect(api.requestsTo('POST /wps/backoffice/staff')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('staff-username'), { target: { value: ' helpdesk ' } });
    fireEvent.change(screen.getByTestId('staff-display-name'), { target: { value: 'Help Desk' } });
    await within(screen.getByTestId('staff-role')).findByText('Support');
    fireEvent.change(screen.getByTestId('staff-role'), { target: { value: '12' } });
    fireEvent.change(screen.getByTestId('staff-allowed-ips'), {
      target: { value: '198.51.100.0/24\n2001:db8::1' },
    });
    fireEvent.click(screen.getByTestId('staff-form-submit'));

    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Tmp-9x7Q-kd2P-4mzL');
    expect(api.requestsTo('POST /wps/backoffice/staff')[0]?.body).toEqual({
      username: 'helpdesk',
      displayName: 'Help Desk',
      roleId: '12',
      allowedIps: ['198.51.100.0/24', '2001:db8::1'],
    });
    const row = await screen.findByTestId('staff-row-helpdesk');
    expect(row.textContent).toContain('Support');
    expect(row.textContent).toContain('2FA not set up');
    expect(row.textContent).toContain('password to change');

    fireEvent.click(screen.getByTestId('temporary-password-done'));
    expect(screen.queryByTestId('temporary-password-dialog')).toBeNull();
    expect(document.body.textContent).not.toContain('Tmp-9x7Q-kd2P-4mzL');
  });

  it('resets a password and 2FA only after a confirmation that says what it does', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...rolesRoute,
      'GET /wps/backoffice/staff': ok([buildStaff(), cashier]),
      'POST /wps/backoffice/staff/2/reset': ok({ temporaryPassword: 'Tmp-reset-5544' }),
    });
    renderConsole('/staff');

    fireEvent.click(await screen.findByTestId('staff-reset-cashier'));
    const dialog = screen.getByTestId('staff-reset-dialog');
    expect(dialog.textContent).toContain('new password');
    expect(dialog.textContent).toContain('two-factor authentication again');
    expect(api.requestsTo('POST /wps/backoffice/staff/2/reset')).toHaveLength(0);

    fireEvent.click(within(dialog).getByText('Cancel'));
    expect(screen.queryByTestId('staff-reset-dialog')).toBeNull();
    expect(api.requestsTo('POST /wps/backoffice/staff/2/reset')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('staff-reset-cashier'));
    fireEvent.click(screen.getByTestId('staff-reset-confirm'));

    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Tmp-reset-5544');
    expect(api.requestsTo('POST /wps/backoffice/staff/2/reset')).toHaveLength(1);
  });

  it('edits role and allow-list, and disables a staff member (never oneself)', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...rolesRoute,
      'GET /wps/backoffice/staff': ok([buildStaff(), cashier]),
      'PATCH /wps/backoffice/staff/2': ({ body }: MockRequest) => ok({ ...cashier, ...(body as object) }),
    });
    renderConsole('/staff');

    expect((await screen.findByTestId<HTMLButtonElement>('staff-toggle-operator')).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('staff-edit-cashier'));
    fireEvent.change(screen.getByTestId('staff-allowed-ips'), { target: { value: 'not-an-ip' } });
    fireEvent.click(screen.getByTestId('staff-form-submit'));
    expect(screen.getByTestId('staff-form-problems').textContent).toContain('not-an-ip');

    fireEvent.change(screen.getByTestId('staff-role'), { target: { value: '12' } });
    fireEvent.change(screen.getByTestId('staff-allowed-ips'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('staff-form-submit'));
    await waitFor(() => {
      expect(screen.queryByTestId('staff-form')).toBeNull();
    });

    fireEvent.click(screen.getByTestId('staff-toggle-cashier'));
    await waitFor(() => {
      expect(api.requestsTo('PATCH /wps/backoffice/staff/2')).toHaveLength(2);
    });
    const [edit, disable] = api.requestsTo('PATCH /wps/backoffice/staff/2');
    expect(edit?.body).toEqual({ displayName: 'Cashier Ana', allowedIps: [], roleId: '12' });
    expect(disable?.body).toEqual({ isActive: false });
  });

  it('is for staff.manage only: other roles see no Staff section and never load the list', async () => {
    signIn();
    const api = mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('finance')),
      'GET /wps/backoffice/staff': ok([buildStaff()]),
    });
    renderConsole('/staff');

    expect(await screen.findByTestId('not-permitted')).toBeTruthy();
    expect(screen.getByTestId('nav-deposits')).toBeTruthy();
    expect(screen.getByTestId('nav-password')).toBeTruthy();
    expect(screen.queryByTestId('nav-staff')).toBeNull();
    expect(api.requestsTo('GET /wps/backoffice/staff')).toHaveLength(0);
  });

  it('shows the Staff section to an admin', async () => {
    signIn();
    mockApi({ ...signedInRoutes, 'GET /wps/backoffice/deposits': ok({ list: [], totalPages: 1 }) });
    renderConsole('/deposits');

    expect(await screen.findByTestId('nav-staff')).toBeTruthy();
  });
});
