/** A labelled select of fixed options, each shown by its label where it has one (or as it is). */
export const EditorSelect = <Option extends string>({
  label,
  value,
  options,
  optionLabels,
  testId,
  disabled,
  onChange,
}: {
  label: string;
  value: Option;
  options: readonly Option[];
  optionLabels?: Readonly<Partial<Record<Option, string>>>;
  testId: string;
  disabled?: boolean;
  onChange: (value: Option) => void;
}) => (
  <label>
    {label}
    <select
      value={value}
      disabled={disabled}
      data-testid={testId}
      onChange={(event) => {
        const option = options.find((candidate) => candidate === event.target.value);
        if (option !== undefined) onChange(option);
      }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabels?.[option] ?? option}
        </option>
      ))}
    </select>
  </label>
);

/**
 * One of fixed options as a row of pressed/unpressed buttons under a legend (which part of a list shows).
 * `testId` names the group; each button is `<optionTestId>-<option>`.
 */
export const EditorSegmented = <Option extends string>({
  legend,
  value,
  options,
  optionLabels,
  testId,
  optionTestId,
  onChange,
}: {
  legend: string;
  value: Option;
  options: readonly Option[];
  optionLabels: Readonly<Record<Option, string>>;
  testId: string;
  optionTestId: string;
  onChange: (value: Option) => void;
}) => (
  <fieldset className="segmented" data-testid={testId}>
    <legend>{legend}</legend>
    {options.map((option) => (
      <button
        key={option}
        type="button"
        className="button"
        aria-pressed={option === value}
        data-testid={`${optionTestId}-${option}`}
        onClick={() => {
          onChange(option);
        }}
      >
        {optionLabels[option]}
      </button>
    ))}
  </fieldset>
);
