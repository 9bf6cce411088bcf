import type { ComponentProps, ReactNode } from 'react';

type TextFieldProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'checked'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  testId: string;
};

/** A labelled text input (any input but a checkbox); the rest of its props go to the input. */
export const TextField = ({ label, value, onChange, testId, ...input }: TextFieldProps) => (
  <label>
    {label}
    <input
      {...input}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      data-testid={testId}
    />
  </label>
);

/** A labelled checkbox, the label after the box. */
export const CheckboxField = ({
  label,
  checked,
  onChange,
  testId,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) => (
  <label className="checkbox">
    <input
      type="checkbox"
      checked={checked}
      onChange={(event) => {
        onChange(event.target.checked);
      }}
      data-testid={testId}
    />
    {label}
  </label>
);
