type ScheduleField<Name extends string> = { name: Name; label: string };

/**
 * A schedule's start and end, each a `datetime-local` field with the form check's message under it.
 * `testId` prefixes each field's test id (`<testId>-<name>`, its message `<testId>-<name>-invalid`).
 */
export const EditorScheduleFields = <Name extends string>({
  testId,
  start,
  end,
  values,
  errors,
  onChange,
}: {
  testId: string;
  start: ScheduleField<Name>;
  end: ScheduleField<Name>;
  values: Readonly<Record<Name, string>>;
  errors: Partial<Record<string, string>>;
  onChange: (name: Name, value: string) => void;
}) =>
  [start, end].map(({ name, label }) => {
    const error = errors[name];
    return (
      <label key={name}>
        {label}
        <input
          type="datetime-local"
          value={values[name]}
          data-testid={`${testId}-${name}`}
          onChange={(event) => {
            onChange(name, event.target.value);
          }}
        />
        {error === undefined ? null : (
          <span className="error" role="alert" data-testid={`${testId}-${name}-invalid`}>
            {error}
          </span>
        )}
      </label>
    );
  });
