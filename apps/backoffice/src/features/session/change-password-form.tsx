import { useState, type SyntheticEvent } from 'react';
import { staffPasswordBounds } from '@wps/contracts/backoffice';
import { ErrorMessage } from '../../components/error-message';
import { useChangePassword } from './api';

type Fields = { oldPassword: string; newPassword: string; confirmPassword: string };
const empty: Fields = { oldPassword: '', newPassword: '', confirmPassword: '' };

const checkFields = ({ oldPassword, newPassword, confirmPassword }: Fields): string | null => {
  if (oldPassword === '') return 'Enter your current password.';
  if (newPassword.length < staffPasswordBounds.min || newPassword.length > staffPasswordBounds.max)
    return `The new password needs ${staffPasswordBounds.min} to ${staffPasswordBounds.max} characters.`;
  if (newPassword === oldPassword) return 'The new password must differ from the current one.';
  if (newPassword !== confirmPassword) return 'The two new passwords are not the same.';
  return null;
};

const inputs = [
  {
    name: 'oldPassword',
    label: 'Current password',
    autoComplete: 'current-password',
    testId: 'password-old',
  },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password', testId: 'password-new' },
  {
    name: 'confirmPassword',
    label: 'New password again',
    autoComplete: 'new-password',
    testId: 'password-confirm',
  },
] as const;

/** The staff member's own password: the current one, and the new one twice. */
export const ChangePasswordForm = ({ onChanged }: { onChanged?: () => void }) => {
  const change = useChangePassword();
  const [fields, setFields] = useState<Fields>(empty);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkFields(fields);
    setProblem(found);
    if (found !== null) return;
    change.mutate(
      { oldPassword: fields.oldPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(empty);
          onChanged?.();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="password-form">
      {inputs.map((input) => (
        <label key={input.name}>
          {input.label}
          <input
            type="password"
            name={input.name}
            autoComplete={input.autoComplete}
            maxLength={256}
            value={fields[input.name]}
            onChange={(event) => {
              setFields({ ...fields, [input.name]: event.target.value });
            }}
            data-testid={input.testId}
          />
        </label>
      ))}
      <p className="muted">
        {staffPasswordBounds.min} to {staffPasswordBounds.max} characters; spaces and symbols are welcome. A
        long phrase is easier to remember and harder to guess.
      </p>
      {problem ? (
        <p className="error" role="alert" data-testid="password-problem">
          {problem}
        </p>
      ) : null}
      <ErrorMessage error={change.error} testId="password-error" />
      {change.isSuccess ? (
        <p className="success" role="status" data-testid="password-changed">
          Your password has been changed.
        </p>
      ) : null}
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={change.isPending}
          data-testid="password-submit"
        >
          {change.isPending ? 'Saving…' : 'Change password'}
        </button>
      </div>
    </form>
  );
};
