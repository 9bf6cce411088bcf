import { useId } from 'react';

type SelectFieldProps = {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onValueChange: (value: string) => void;
  error?: string | null;
  testId?: string;
  disabled?: boolean;
};

/** A native select with the look and error placement of the site's text fields. */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  error = null,
  testId,
  disabled,
}: SelectFieldProps) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  return (
    <div className="field">
      <div className="field__label-row">
        <label htmlFor={selectId} className="field__label">
          {label}
        </label>
        {error !== null && (
          <span id={errorId} className="field__error" data-testid={testId ? `${testId}-error` : undefined}>
            {error}
          </span>
        )}
      </div>
      <div className="field__control">
        <select
          id={selectId}
          className="field__input field__select"
          value={value}
          disabled={disabled}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          data-testid={testId}
          onChange={(event) => {
            onValueChange(event.target.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
