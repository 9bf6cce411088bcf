import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { CopyButton } from '../../components/shared-copy-button';
import { DialogActions } from '../../components/shared-dialog-actions';
import { formatDateTime } from '../../lib/format';
import { useStaffSession } from '../session/api';
import { useRoles, useResetStaff, useStaffList, useUpdateStaff, type StaffSummary } from './api';
import { StaffForm } from './staff-form';
import './staff-page.css';

const columns = ['Username', 'Name', 'Role', 'State', 'Allowed IPs', 'Last sign-in', 'Actions'];

type Shown =
  | { kind: 'create' }
  | { kind: 'edit'; staff: StaffSummary }
  | { kind: 'reset'; staff: StaffSummary }
  | { kind: 'password'; username: string; temporaryPassword: string; isReset: boolean }
  | null;

/** A temporary password, shown once: nobody can read it again, only reset it. */
const TemporaryPassword = ({
  username,
  temporaryPassword,
  isReset,
  onClose,
}: {
  username: string;
  temporaryPassword: string;
  isReset: boolean;
  onClose: () => void;
}) => (
  <Dialog title={`Temporary password for ${username}`} onClose={onClose} testId="temporary-password-dialog">
    <p>
      {isReset ? 'The password was reset. ' : 'The staff member was created. '}
      This password is shown only now: give it to {username} over a safe channel. At sign-in they choose their
      own password and set up two-factor authentication.
    </p>
    <p className="temporary-password">
      <code data-testid="temporary-password">{temporaryPassword}</code>
    </p>
    <div className="actions">
      <CopyButton text={temporaryPassword} testId="temporary-password-copy" />
      <button
        type="button"
        className="button button--primary"
        onClick={onClose}
        data-testid="temporary-password-done"
      >
        Done
      </button>
    </div>
  </Dialog>
);

const ResetDialog = ({
  staff,
  onClose,
  onReset,
}: {
  staff: StaffSummary;
  onClose: () => void;
  onReset: (temporaryPassword: string) => void;
}) => {
  const reset = useResetStaff();
  return (
    <Dialog title={`Reset ${staff.username}`} onClose={onClose} testId="staff-reset-dialog">
      <p>
        {staff.displayName} gets a new temporary password, shown to you once. Their current password and
        two-factor authentication stop working and their sessions end: at the next sign-in they must choose a
        new password and enrol two-factor authentication again.
      </p>
      <ErrorMessage error={reset.error} testId="staff-reset-error" />
      <DialogActions
        onCancel={onClose}
        confirmLabel="Reset password and 2FA"
        pendingLabel="Resetting…"
        isPending={reset.isPending}
        tone="danger"
        onConfirm={() => {
          reset.mutate(staff.id, {
            onSuccess: ({ temporaryPassword }) => {
              onReset(temporaryPassword);
            },
          });
        }}
        confirmTestId="staff-reset-confirm"
      />
    </Dialog>
  );
};

const StateBadges = ({ staff }: { staff: StaffSummary }) => (
  <div className="staff-state">
    <span className={staff.isActive ? 'badge badge--approved' : 'badge badge--rejected'}>
      {staff.isActive ? 'active' : 'disabled'}
    </span>
    {staff.lockedUntil !== null ? (
      <span className="badge badge--pending">locked until {formatDateTime(staff.lockedUntil)}</span>
    ) : null}
    {staff.isTotpEnrolled ? null : <span className="badge badge--pending">2FA not set up</span>}
    {staff.mustChangePassword ? <span className="badge badge--pending">password to change</span> : null}
  </div>
);

/**
 * Staff management (staff.manage, which the console's router requires of this screen): create, change role in
 * this brand or allow-list, disable, reset password and 2FA.
 */
export const StaffPage = () => {
  const { staff: me } = useStaffSession();
  const list = useStaffList(true);
  const roles = useRoles(true);
  const update = useUpdateStaff();
  const [shown, setShown] = useState<Shown>(null);
  const close = () => {
    setShown(null);
  };
  const rows = list.data ?? [];

  return (
    <section aria-labelledby="staff-title">
      <header className="page-header">
        <h1 id="staff-title">Staff</h1>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setShown({ kind: 'create' });
          }}
          data-testid="new-staff"
        >
          New staff member
        </button>
      </header>
      <ErrorMessage error={list.error ?? roles.error ?? update.error} testId="staff-error" />
      <ListTable
        testId="staff-table"
        columns={columns}
        isLoading={list.isPending}
        isEmpty={list.isSuccess && rows.length === 0}
        emptyMessage="No staff members."
      >
        {rows.map((staff) => (
          <tr key={staff.id} data-testid={`staff-row-${staff.username}`}>
            <td>{staff.username}</td>
            <td>{staff.displayName}</td>
            <td>{staff.role ? staff.role.name : <span className="muted">no access</span>}</td>
            <td>
              <StateBadges staff={staff} />
            </td>
            <td>
              {staff.allowedIps.length === 0 ? (
                <span className="muted">any</span>
              ) : (
                staff.allowedIps.join(', ')
              )}
            </td>
            <td>{formatDateTime(staff.lastLoginAt)}</td>
            <td className="row-actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setShown({ kind: 'edit', staff });
                }}
                data-testid={`staff-edit-${staff.username}`}
              >
                Edit
              </button>
              <button
                type="button"
                className="button"
                disabled={staff.id === me?.id || update.isPending}
                title={staff.id === me?.id ? 'You cannot disable yourself.' : undefined}
                onClick={() => {
                  update.mutate({ id: staff.id, changes: { isActive: !staff.isActive } });
                }}
                data-testid={`staff-toggle-${staff.username}`}
              >
                {staff.isActive ? 'Disable' : 'Enable'}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setShown({ kind: 'reset', staff });
                }}
                data-testid={`staff-reset-${staff.username}`}
              >
                Reset
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      {shown?.kind === 'create' || shown?.kind === 'edit' ? (
        <StaffForm
          staff={shown.kind === 'edit' ? shown.staff : null}
          roles={roles.data ?? []}
          onClose={close}
          onCreated={({ username, temporaryPassword }) => {
            setShown({ kind: 'password', username, temporaryPassword, isReset: false });
          }}
        />
      ) : null}
      {shown?.kind === 'reset' ? (
        <ResetDialog
          staff={shown.staff}
          onClose={close}
          onReset={(temporaryPassword) => {
            setShown({ kind: 'password', username: shown.staff.username, temporaryPassword, isReset: true });
          }}
        />
      ) : null}
      {shown?.kind === 'password' ? (
        <TemporaryPassword
          username={shown.username}
          temporaryPassword={shown.temporaryPassword}
          isReset={shown.isReset}
          onClose={close}
        />
      ) : null}
    </section>
  );
};
