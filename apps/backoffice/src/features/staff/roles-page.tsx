import { useState, type SyntheticEvent } from 'react';
import { type Permission, permissionGroups, permissions } from '@wps/contracts/staff-permissions';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { DialogActions } from '../../components/shared-dialog-actions';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole, type StaffRoleView } from './api';
import './staff-page.css';

const columns = ['Role', 'Permissions', 'Staff', 'Actions'];

type Shown = { kind: 'edit'; role: StaffRoleView | null } | { kind: 'delete'; role: StaffRoleView } | null;

/** A role's name and its permissions, as checkboxes grouped as the catalogue groups them. */
const RoleForm = ({ role, onClose }: { role: StaffRoleView | null; onClose: () => void }) => {
  const create = useCreateRole();
  const update = useUpdateRole();
  const mutation = role === null ? create : update;
  const [name, setName] = useState(role?.name ?? '');
  const [held, setHeld] = useState<ReadonlySet<Permission>>(new Set(role?.permissions ?? []));
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (permission: Permission, isOn: boolean) => {
    const next = new Set(held);
    if (isOn) next.add(permission);
    else next.delete(permission);
    setHeld(next);
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Name: required.');
      return;
    }
    setProblem(null);
    const changes = {
      name: name.trim(),
      permissions: permissions.filter((permission) => held.has(permission)),
    };
    if (role === null) create.mutate(changes, { onSuccess: onClose });
    else update.mutate({ id: role.id, changes }, { onSuccess: onClose });
  };

  return (
    <Dialog
      title={role === null ? 'New role' : `Edit ${role.name}`}
      onClose={onClose}
      wide
      testId="role-form"
    >
      <form onSubmit={submit} noValidate>
        <label>
          Name
          <input
            autoComplete="off"
            maxLength={48}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
            }}
            data-testid="role-name"
          />
        </label>
        {permissionGroups.map((group) => (
          <fieldset key={group.key} data-testid={`role-group-${group.key}`}>
            <legend>{group.label}</legend>
            {group.permissions.map((permission) => (
              <label key={permission.key} className="checkbox">
                <input
                  type="checkbox"
                  checked={held.has(permission.key)}
                  onChange={(event) => {
                    toggle(permission.key, event.target.checked);
                  }}
                  data-testid={`role-permission-${permission.key}`}
                />
                {permission.label}
              </label>
            ))}
          </fieldset>
        ))}
        {role?.presetKey ? (
          <p className="muted">
            A preset role: change its permissions as you need; it cannot be deleted. Nobody may take staff
            management from their own role, and a brand always keeps someone active who may manage staff.
          </p>
        ) : null}
        {problem ? (
          <p className="error" role="alert" data-testid="role-form-problem">
            {problem}
          </p>
        ) : null}
        <ErrorMessage error={mutation.error} testId="role-form-error" />
        <DialogActions
          onCancel={onClose}
          confirmLabel={role === null ? 'Create' : 'Save'}
          isPending={mutation.isPending}
          confirmTestId="role-form-submit"
        />
      </form>
    </Dialog>
  );
};

const DeleteRoleDialog = ({ role, onClose }: { role: StaffRoleView; onClose: () => void }) => {
  const remove = useDeleteRole();
  return (
    <Dialog title={`Delete ${role.name}`} onClose={onClose} testId="role-delete-dialog">
      <p>The role {role.name} is deleted. Nobody holds it.</p>
      <ErrorMessage error={remove.error} testId="role-delete-error" />
      <DialogActions
        onCancel={onClose}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        isPending={remove.isPending}
        tone="danger"
        onConfirm={() => {
          remove.mutate(role.id, { onSuccess: onClose });
        }}
        confirmTestId="role-delete-confirm"
      />
    </Dialog>
  );
};

/**
 * The brand's roles (staff.manage, which the console's router requires of this screen): the presets every
 * brand starts with and roles of the admins' own making, each a set of permissions.
 */
export const RolesPage = () => {
  const roles = useRoles(true);
  const [shown, setShown] = useState<Shown>(null);
  const close = () => {
    setShown(null);
  };
  const rows = roles.data ?? [];
  return (
    <section aria-labelledby="roles-title">
      <header className="page-header">
        <h1 id="roles-title">Roles</h1>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setShown({ kind: 'edit', role: null });
          }}
          data-testid="new-role"
        >
          New role
        </button>
      </header>
      <p className="muted">
        A role is what its staff may do in this brand. The console shows each staff member only what their
        role allows.
      </p>
      <ErrorMessage error={roles.error} testId="roles-error" />
      <ListTable
        testId="roles-table"
        columns={columns}
        isLoading={roles.isPending}
        isEmpty={roles.isSuccess && rows.length === 0}
        emptyMessage="No roles."
      >
        {rows.map((role) => (
          <tr key={role.id} data-testid={`role-row-${role.id}`}>
            <td>
              {role.name}
              {role.presetKey ? <span className="badge badge--approved">preset</span> : null}
            </td>
            <td>
              {role.permissions.length} of {permissions.length}
            </td>
            <td>{role.staffCount}</td>
            <td className="row-actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setShown({ kind: 'edit', role });
                }}
                data-testid={`role-edit-${role.id}`}
              >
                Edit
              </button>
              {role.presetKey === null ? (
                <button
                  type="button"
                  className="button"
                  disabled={role.staffCount > 0}
                  title={
                    role.staffCount > 0 ? 'Staff hold this role: give them another one first.' : undefined
                  }
                  onClick={() => {
                    setShown({ kind: 'delete', role });
                  }}
                  data-testid={`role-delete-${role.id}`}
                >
                  Delete
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
      {shown?.kind === 'edit' ? <RoleForm role={shown.role} onClose={close} /> : null}
      {shown?.kind === 'delete' ? <DeleteRoleDialog role={shown.role} onClose={close} /> : null}
    </section>
  );
};
