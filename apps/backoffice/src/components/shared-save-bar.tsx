import type { ReactNode } from 'react';
import { ErrorMessage } from './error-message';

/**
 * A settings form's end: why the save failed, that it was saved, and the save button (left out for staff who
 * may only look). `testId` names `<testId>-error`, `<testId>-saved` and `<testId>-save`.
 */
export const SaveBar = ({
  saving,
  testId,
  saveLabel = 'Save',
  savedMessage = 'Saved.',
  canSave = true,
}: {
  saving: { error: unknown; isSuccess: boolean; isPending: boolean };
  testId: string;
  saveLabel?: string;
  savedMessage?: ReactNode;
  canSave?: boolean;
}) => (
  <>
    <ErrorMessage error={saving.error} testId={`${testId}-error`} />
    {saving.isSuccess ? (
      <p className="success" role="status" data-testid={`${testId}-saved`}>
        {savedMessage}
      </p>
    ) : null}
    {canSave ? (
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving.isPending}
          data-testid={`${testId}-save`}
        >
          {saving.isPending ? 'Saving…' : saveLabel}
        </button>
      </div>
    ) : null}
  </>
);
