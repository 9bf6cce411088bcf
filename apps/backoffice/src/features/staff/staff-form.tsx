import { useState, type SyntheticEvent } from 'react';
import { staffAllowedIpSchema, staffUsernameSchema } from '@wps/contracts/backoffice';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { DialogActions } from '../../components/shared-dialog-actions';
import { FormProblems } from '../../components/shared-form-problems';
import { useCreateStaff, useUpdateStaff, type StaffRoleView, type StaffSummary } from './api';
import './staff-page.css';

/** `roleId` '' is no role: for a new staff member not chosen yet, for an existing one no access to this brand. */
type Fields = { username: string; displayName: string; roleId: string; allowedIps: string };

/** The allow-list as typed: one address or range per line (commas and spaces also separate). */
const parseAllowedIps = (text: string): string[] => text.split(/[\s,]+/).filter((entry) => entry !== '');

const checkFields = (fields: Fields, isNew: boolean): string[] => {
  const problems: string[] = [];
  if (isNew && !staffUsernameSchema.safeParse(fields.username).success)
    problems.push('Username: 3 to 32 letters, digits, dots, dashes or underscores.');
  if (fields.displayName.trim() === '') problems.push('Name: required.');
  if (isNew && fields.roleId === '') problems.push('Role: choose one.');
  const badIps = parseAllowedIps(fields.allowedIps).filter(
    (entry) => !staffAllowedIpSchema.safeParse(entry).success,
  );
  if (badIps.length > 0) problems.push(`Not an IP address or range: ${badIps.join(', ')}.`);
  return problems;
};

type StaffFormProps = {
  /** Null for a new staff member. */
  staff: StaffSummary | null;
  /** The brand's roles to choose from. */
  roles: readonly StaffRoleView[];
  onClose: () => void;
  /** A new staff member was created: their username and temporary password, to show once. */
  onCreated: (created: { username: string; temporaryPassword: string }) => void;
};

/** Creates a staff member, or changes one's name, role in this brand and allow-list. */
export const StaffForm = ({ staff, roles, onClose, onCreated }: StaffFormProps) => {
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const isNew = staff === null;
  const [fields, setFields] = useState<Fields>({
    username: staff?.username ?? '',
    displayName: staff?.displayName ?? '',
    roleId: staff?.role?.id ?? '',
    allowedIps: staff?.allowedIps.join('\n') ?? '',
  });
  const [problems, setProblems] = useState<string[]>([]);
  const mutation = isNew ? create : update;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkFields(fields, isNew);
    setProblems(found);
    if (found.length > 0) return;
    const changes = {
      displayName: fields.displayName.trim(),
      allowedIps: parseAllowedIps(fields.allowedIps),
    };
    if (staff === null) {
      const username = fields.username.trim();
      create.mutate(
        { username, ...changes, roleId: fields.roleId },
        {
          onSuccess: ({ temporaryPassword }) => {
            onCreated({ username, temporaryPassword });
          },
        },
      );
    } else {
      const roleId = fields.roleId === '' ? null : fields.roleId;
      update.mutate(
        { id: staff.id, changes: { ...changes, ...(roleId === (staff.role?.id ?? null) ? {} : { roleId }) } },
        { onSuccess: onClose },
      );
    }
  };

  return (
    <Dialog
      title={isNew ? 'New staff member' : `Edit ${staff.username}`}
      onClose={onClose}
      testId="staff-form"
    >
      <form onSubmit={submit} noValidate>
        {isNew ? (
          <label>
            Username
            <input
              autoComplete="off"
              value={fields.username}
              onChange={(event) => {
                setFields({ ...fields, username: event.target.value });
              }}
              data-testid="staff-username"
            />
          </label>
        ) : null}
        <label>
          Name
          <input
            autoComplete="off"
            maxLength={64}
            value={fields.displayName}
            onChange={(event) => {
              setFields({ ...fields, displayName: event.target.value });
            }}
            data-testid="staff-display-name"
          />
        </label>
        <label>
          Role
          <select
            value={fields.roleId}
            onChange={(event) => {
              setFields({ ...fields, roleId: event.target.value });
            }}
            data-testid="staff-role"
          >
            <option value="">{isNew ? 'Choose a role…' : 'No access to this brand'}</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
          <span className="muted">
            What they may do in this brand: the Roles page lists each role's permissions.
          </span>
        </label>
        <label>
          Allowed IP addresses (optional)
          <textarea
            rows={3}
            value={fields.allowedIps}
            placeholder={'203.0.113.7\n198.51.100.0/24'}
            onChange={(event) => {
              setFields({ ...fields, allowedIps: event.target.value });
            }}
            data-testid="staff-allowed-ips"
          />
          <span className="muted">
            One address or range per line. Empty: this staff member may sign in from anywhere.
          </span>
        </label>
        {isNew ? (
          <p className="muted">
            A temporary password is made for them and shown once. At first sign-in they choose their own
            password and set up two-factor authentication.
          </p>
        ) : null}
        <FormProblems problems={problems} testId="staff-form-problems" />
        <ErrorMessage error={mutation.error} testId="staff-form-error" />
        <DialogActions
          onCancel={onClose}
          confirmLabel={isNew ? 'Create' : 'Save'}
          isPending={mutation.isPending}
          confirmTestId="staff-form-submit"
        />
      </form>
    </Dialog>
  );
};
