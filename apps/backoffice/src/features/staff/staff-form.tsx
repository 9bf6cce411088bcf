import { useState, type SyntheticEvent } from 'react';
import {
  staffAllowedIpSchema,
  staffRoles,
  staffUsernameSchema,
  type StaffRole,
} from '@wps/contracts/backoffice';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { useCreateStaff, useUpdateStaff, type StaffSummary } from './api';
import './staff-page.css';

export const roleLabels: Record<StaffRole, string> = {
  admin: 'admin: everything, settings and staff',
  finance: 'finance: deposits, withdrawals, adjustments',
  support: 'support: content and agent lines',
};

type Fields = { username: string; displayName: string; role: StaffRole; allowedIps: string };

/** The allow-list as typed: one address or range per line (commas and spaces also separate). */
const parseAllowedIps = (text: string): string[] => text.split(/[\s,]+/).filter((entry) => entry !== '');

const checkFields = (fields: Fields, isNew: boolean): string[] => {
  const problems: string[] = [];
  if (isNew && !staffUsernameSchema.safeParse(fields.username).success)
    problems.push('Username: 3 to 32 letters, digits, dots, dashes or underscores.');
  if (fields.displayName.trim() === '') problems.push('Name: required.');
  const badIps = parseAllowedIps(fields.allowedIps).filter(
    (entry) => !staffAllowedIpSchema.safeParse(entry).success,
  );
  if (badIps.length > 0) problems.push(`Not an IP address or range: ${badIps.join(', ')}.`);
  return problems;
};

type StaffFormProps = {
  /** Null for a new staff member. */
  staff: StaffSummary | null;
  onClose: () => void;
  /** A new staff member was created: their username and temporary password, to show once. */
  onCreated: (created: { username: string; temporaryPassword: string }) => void;
};

/** Creates a staff member, or changes one's name, role and allow-list. */
export const StaffForm = ({ staff, onClose, onCreated }: StaffFormProps) => {
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const isNew = staff === null;
  const [fields, setFields] = useState<Fields>({
    username: staff?.username ?? '',
    displayName: staff?.displayName ?? '',
    role: staff?.role ?? 'support',
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
      role: fields.role,
      allowedIps: parseAllowedIps(fields.allowedIps),
    };
    if (staff === null) {
      const username = fields.username.trim();
      create.mutate(
        { username, ...changes },
        {
          onSuccess: ({ temporaryPassword }) => {
            onCreated({ username, temporaryPassword });
          },
        },
      );
    } else {
      update.mutate({ id: staff.id, changes }, { onSuccess: onClose });
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
            value={fields.role}
            onChange={(event) => {
              const role = staffRoles.find((value) => value === event.target.value);
              if (role) setFields({ ...fields, role });
            }}
            data-testid="staff-role"
          >
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
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
        {problems.length > 0 ? (
          <ul className="error" role="alert" data-testid="staff-form-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <ErrorMessage error={mutation.error} testId="staff-form-error" />
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={mutation.isPending}
            data-testid="staff-form-submit"
          >
            {mutation.isPending ? 'Saving…' : isNew ? 'Create' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
