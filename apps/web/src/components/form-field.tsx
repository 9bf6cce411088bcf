import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

export type TextFieldProps = InputProps & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated; shown beside the label (spec section 8) and tied to the input. */
  error?: string | null;
  /** Already translated; a standing note under the input (what a new password may be), tied to it. */
  hint?: string;
  /** A control shown after the input, inside the same row (toggle, send-code button, captcha image). */
  trailing?: ReactNode;
  /** A control before the input (country-code picker). */
  leading?: ReactNode;
  testId?: string;
};

export function TextField({
  label,
  value,
  onValueChange,
  error = null,
  hint,
  trailing,
  leading,
  testId,
  ...inputProps
}: TextFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error !== null ? errorId : null, hint === undefined ? null : hintId]
    .filter((id) => id !== null)
    .join(' ');
  return (
    <div className="field" data-testid={testId}>
      <div className="field__label-row">
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
        {error !== null && (
          <span id={errorId} className="field__error" data-testid={testId ? `${testId}-error` : undefined}>
            {error}
          </span>
        )}
      </div>
      <div className="field__control">
        {leading}
        <input
          {...inputProps}
          id={inputId}
          className="field__input"
          value={value}
          aria-invalid={error !== null}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          onChange={(event) => {
            onValueChange(event.target.value);
          }}
        />
        {trailing}
      </div>
      {hint !== undefined && (
        <p id={hintId} className="field__hint" data-testid={testId ? `${testId}-hint` : undefined}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle (spec section 2). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={isShown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__addon"
          aria-pressed={isShown}
          aria-label={t(isShown ? 'auth.hide_password' : 'auth.show_password')}
          onClick={() => {
            setShown((shown) => !shown);
          }}
        >
          {t(isShown ? 'auth.hide' : 'auth.show')}
        </button>
      }
    />
  );
}

type CheckboxFieldProps = {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
  testId?: string;
};

export function CheckboxField({ label, checked, onCheckedChange, error = null, testId }: CheckboxFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className="field field--checkbox" data-testid={testId}>
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(event) => {
          onCheckedChange(event.target.checked);
        }}
      />
      <label htmlFor={inputId}>{label}</label>
      {error !== null && (
        <span id={errorId} className="field__error" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      )}
    </div>
  );
}

/** An error that belongs to the whole form (a failed login), announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p className="form-error" role="alert" data-testid="form-error">
      {message}
    </p>
  );
}
