import { useState, type ReactNode } from 'react';
import { TextField } from './shared-field';

/**
 * A list's filter as typed (the draft) and as applied (what the list shows), with the list's page, back to 1
 * whenever another filter is applied.
 */
export const useDraftFilter = <Filter extends object>(initial: Filter) => {
  const [draft, setDraft] = useState(initial);
  const [filter, setFilter] = useState(initial);
  const [pageNo, setPageNo] = useState(1);
  return {
    draft,
    filter,
    pageNo,
    setPageNo,
    /** Changes the draft only; the list keeps its filter until it is applied. */
    edit: (patch: Partial<Filter>) => {
      setDraft({ ...draft, ...patch });
    },
    apply: () => {
      setFilter(draft);
      setPageNo(1);
    },
    /** Types and applies a filter at once (a shortcut, a clear button). */
    show: (next: Filter) => {
      setDraft(next);
      setFilter(next);
      setPageNo(1);
    },
  };
};

/** A list's filter form: its fields, the button that applies them, and any further buttons after it. */
export const FilterBar = ({
  label,
  onApply,
  submitTestId,
  submitLabel = 'Apply',
  actions,
  children,
}: {
  /** The search landmark's name, such as "Filter the contracts". */
  label: string;
  onApply: () => void;
  submitTestId: string;
  submitLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <form
    className="inline-form"
    role="search"
    aria-label={label}
    onSubmit={(event) => {
      event.preventDefault();
      onApply();
    }}
  >
    {children}
    <button type="submit" className="button button--primary" data-testid={submitTestId}>
      {submitLabel}
    </button>
    {actions}
  </form>
);

/** One of a list of choices, or "Any" (''); each choice shown by its label, else as it is. */
export const FilterSelect = <Choice extends string>({
  label,
  value,
  choices,
  choiceLabels,
  onChange,
  testId,
}: {
  label: string;
  value: Choice | '';
  choices: readonly Choice[];
  choiceLabels?: Record<Choice, string>;
  onChange: (value: Choice | '') => void;
  testId: string;
}) => (
  <label>
    {label}
    <select
      value={value}
      onChange={(event) => {
        onChange(choices.find((choice) => choice === event.target.value) ?? '');
      }}
      data-testid={testId}
    >
      <option value="">Any</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choiceLabels ? choiceLabels[choice] : choice}
        </option>
      ))}
    </select>
  </label>
);

export type FilterTextField<Field extends string> = {
  field: Field;
  label: string;
  type?: 'date';
  placeholder?: string;
};

/** The filter's free-text and date fields, each with the test id `<testIdPrefix>-<field>`. */
export const FilterTextFields = <Field extends string, Values extends Record<Field, string>>({
  fields,
  values,
  onChange,
  testIdPrefix,
}: {
  fields: ReadonlyArray<FilterTextField<Field>>;
  values: Values;
  onChange: (values: Values) => void;
  testIdPrefix: string;
}) => (
  <>
    {fields.map(({ field, label, type, placeholder }) => (
      <TextField
        key={field}
        label={label}
        type={type ?? 'text'}
        value={values[field]}
        placeholder={placeholder}
        onChange={(value) => {
          onChange({ ...values, [field]: value });
        }}
        testId={`${testIdPrefix}-${field}`}
      />
    ))}
  </>
);
