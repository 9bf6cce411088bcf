import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffRoleView } from '@wps/contracts/backoffice';
import { permissionGroups, presetRoles } from '@wps/contracts/staff-permissions';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, type MockRequest, ok, signedInRoutes, signIn } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const support: StaffRoleView = {
  id: '12',
  name: 'Support',
  presetKey: 'support',
  permissions: [...presetRoles.support.permissions],
  staffCount: 3,
};
const nightShift: StaffRoleView = {
  id: '20',
  name: 'Night shift',
  presetKey: null,
  permissions: ['withdrawals.view'],
  staffCount: 0,
};
const held: StaffRoleView = { ...nightShift, id: '21', name: 'Weekend', staffCount: 2 };

describe('the roles editor', () => {
  it("edits a role's permissions with checkboxes grouped as the catalogue groups them", async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/roles': ok([support, nightShift]),
      'PATCH /wps/backoffice/roles/20': ({ body }: MockRequest) => ok({ ...nightShift, ...(body as object) }),
    });
    renderConsole('/roles');

    expect((await screen.findByTestId('role-row-12')).textContent).toContain('preset');
    fireEvent.click(screen.getByTestId('role-edit-20'));
    const form = screen.getByTestId('role-form');
    expect(
      within(form)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(permissionGroups.map((group) => group.label));
    expect(screen.getByTestId<HTMLInputElement>('role-permission-withdrawals.view').checked).toBe(true);
    fireEvent.click(screen.getByTestId('role-permission-withdrawals.view'));
    fireEvent.click(screen.getByTestId('role-permission-deposits.view'));
    fireEvent.click(screen.getByTestId('role-permission-deposits.approve'));
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: 'Late shift' } });
    fireEvent.click(screen.getByTestId('role-form-submit'));

    await waitFor(() => {
      expect(screen.queryByTestId('role-form')).toBeNull();
    });
    expect(api.requestsTo('PATCH /wps/backoffice/roles/20')[0]?.body).toEqual({
      name: 'Late shift',
      permissions: ['deposits.view', 'deposits.approve'],
    });
  });

  it('creates a role of its own, and shows why the server refused a change', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/roles': ok([support]),
      'POST /wps/backoffice/roles': ({ body }: MockRequest) => ok({ ...nightShift, ...(body as object) }),
      'PATCH /wps/backoffice/roles/12': fail(
        'FORBIDDEN',
        'You cannot take staff management away from yourself.',
      ),
    });
    renderConsole('/roles');

    fireEvent.click(await screen.findByTestId('new-role'));
    fireEvent.click(screen.getByTestId('role-form-submit'));
    expect(screen.getByTestId('role-form-problem').textContent).toContain('Name');
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: 'Night shift' } });
    fireEvent.click(screen.getByTestId('role-permission-members.view'));
    fireEvent.click(screen.getByTestId('role-form-submit'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/roles')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/backoffice/roles')[0]?.body).toEqual({
      name: 'Night shift',
      permissions: ['members.view'],
    });

    await waitFor(() => {
      expect(screen.queryByTestId('role-form')).toBeNull();
    });
    fireEvent.click(screen.getByTestId('role-edit-12'));
    fireEvent.click(screen.getByTestId('role-form-submit'));
    expect((await screen.findByTestId('role-form-error')).textContent).toContain('away from yourself');
  });

  it('deletes a role nobody holds; a preset or a held role offers no delete', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/roles': ok([support, nightShift, held]),
      'DELETE /wps/backoffice/roles/20': ok(null),
    });
    renderConsole('/roles');

    await screen.findByTestId('role-row-20');
    expect(screen.queryByTestId('role-delete-12')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('role-delete-21').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('role-delete-20'));
    fireEvent.click(screen.getByTestId('role-delete-confirm'));
    await waitFor(() => {
      expect(api.requestsTo('DELETE /wps/backoffice/roles/20')).toHaveLength(1);
    });
  });
});
