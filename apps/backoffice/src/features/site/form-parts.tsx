import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ErrorMessage } from '../../components/error-message';

/** What the shared schema found wrong, one line per field, as the console shows it before sending. */
export const problemsOf = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.join('.') || 'form'}: ${issue.message}`);

/** A card of the site screen: its title, its fields (read-only to staff who may only look) and its save bar. */
export const SiteCard = ({
  title,
  testId,
  canChange,
  onSubmit,
  problems,
  saving,
  children,
}: {
  title: string;
  testId: string;
  canChange: boolean;
  onSubmit: () => void;
  problems: readonly string[];
  saving: { error: unknown; isSuccess: boolean; isPending: boolean };
  children: ReactNode;
}) => (
  <form
    className="card"
    noValidate
    aria-label={title}
    data-testid={testId}
    onSubmit={(event) => {
      event.preventDefault();
      onSubmit();
    }}
  >
    <h2>{title}</h2>
    <fieldset className="site-fields" disabled={!canChange}>
      {children}
    </fieldset>
    {problems.length > 0 ? (
      <ul className="error" role="alert" data-testid={`${testId}-problems`}>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    ) : null}
    <ErrorMessage error={saving.error} testId={`${testId}-error`} />
    {saving.isSuccess ? (
      <p className="success" role="status" data-testid={`${testId}-saved`}>
        Saved.
      </p>
    ) : null}
    {canChange ? (
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving.isPending}
          data-testid={`${testId}-save`}
        >
          {saving.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    ) : null}
  </form>
);

/** A list's row: remove it, or move it up one place (order matters: the site uses the first ones). */
export const RowButtons = ({
  index,
  label,
  testId,
  onRemove,
  onMoveUp,
}: {
  index: number;
  label: string;
  testId: string;
  onRemove: () => void;
  onMoveUp?: () => void;
}) => (
  <span className="row-actions">
    {onMoveUp && index > 0 ? (
      <button
        type="button"
        className="button"
        aria-label={`Move ${label} up`}
        onClick={onMoveUp}
        data-testid={`${testId}-up-${String(index)}`}
      >
        ↑
      </button>
    ) : null}
    <button
      type="button"
      className="button"
      aria-label={`Remove ${label}`}
      onClick={onRemove}
      data-testid={`${testId}-remove-${String(index)}`}
    >
      Remove
    </button>
  </span>
);

/** The list with the item at `index` one place earlier. */
export const movedUp = <T,>(items: readonly T[], index: number): T[] => {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index - 1, 0, item);
  return next;
};
