import { type ReactNode, type SyntheticEvent, useState } from 'react';
import { Dialog } from './dialog';
import { ErrorMessage } from './error-message';
import { TextField } from './shared-field';

/** A form's draft, changed a few fields at a time. */
export const useDraft = <Draft extends object>(initial: () => Draft) => {
  const [draft, setDraft] = useState(initial);
  const set = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
  };
  return { draft, set };
};

type Saving = { error: unknown; isPending: boolean };

/**
 * An editor's end: why the save failed, then Save (disabled while the call is on its way) and Cancel.
 * `testId` names `<testId>-error` (unless `errorTestId`) and `<testId>-save`.
 */
export const EditorSaveBar = ({
  saving,
  testId,
  onCancel,
  saveLabel = 'Save',
  errorTestId = `${testId}-error`,
  className = 'row-actions',
}: {
  saving: Saving;
  testId: string;
  onCancel: () => void;
  saveLabel?: string;
  errorTestId?: string;
  className?: string;
}) => (
  <>
    <ErrorMessage error={saving.error} testId={errorTestId} />
    <div className={className}>
      <button
        type="submit"
        className="button button--primary"
        disabled={saving.isPending}
        data-testid={`${testId}-save`}
      >
        {saveLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  </>
);

type EditorFormProps = {
  /** Names the form (`<testId>-form`), its error and its save button (see EditorSaveBar). */
  testId: string;
  saving: Saving;
  /** Called on submit (the browser's own submit is prevented). */
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
};

const submitted = (onSubmit: () => void) => (event: SyntheticEvent<HTMLFormElement>) => {
  event.preventDefault();
  onSubmit();
};

/** A row's editor on the page, under its heading: its fields (`children`), then the save bar. */
export const EditorForm = ({
  heading,
  label,
  testId,
  saving,
  onSubmit,
  onCancel,
  children,
}: EditorFormProps & { heading: string; label: string }) => (
  <form className="form" onSubmit={submitted(onSubmit)} aria-label={label} data-testid={`${testId}-form`}>
    <h2>{heading}</h2>
    {children}
    <EditorSaveBar saving={saving} testId={testId} onCancel={onCancel} />
  </form>
);

/** A row's editor in a wide dialog titled `title`; the form's own check speaks, not the browser's. */
export const EditorDialogForm = ({
  title,
  className = 'form',
  testId,
  saving,
  onSubmit,
  onCancel,
  children,
}: EditorFormProps & { title: string; className?: string }) => (
  <Dialog title={title} onClose={onCancel} wide>
    <form className={className} onSubmit={submitted(onSubmit)} data-testid={`${testId}-form`} noValidate>
      {children}
      <EditorSaveBar saving={saving} testId={testId} onCancel={onCancel} />
    </form>
  </Dialog>
);

/** Text fields of a draft, in order, each `[field, label]`; `testId` prefixes theirs (`<testId>-<field>`). */
export const EditorTextFields = <Field extends string>({
  fields,
  values,
  testId,
  onChange,
}: {
  fields: readonly (readonly [Field, string])[];
  values: Readonly<Record<Field, string>>;
  testId: string;
  onChange: (field: Field, value: string) => void;
}) =>
  fields.map(([field, label]) => (
    <TextField
      key={field}
      label={label}
      name={field}
      value={values[field]}
      testId={`${testId}-${field}`}
      onChange={(value) => {
        onChange(field, value);
      }}
    />
  ));
