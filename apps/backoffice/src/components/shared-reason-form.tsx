import { useState, type ReactNode } from 'react';
import { DialogActions } from './shared-dialog-actions';
import { ErrorMessage } from './error-message';

type ReasonFormProps = {
  /** Names the test ids: `<testId>-reason`, `<testId>-problem`, `<testId>-error` and `<testId>-confirm`. */
  testId: string;
  /** What the action does, or the action's own fields, shown before the reason. */
  children: ReactNode;
  reasonLabel: string;
  /** The reason takes the focus when the dialog opens (the action has no field of its own before it). */
  isReasonFirst?: boolean;
  /**
   * Without a reason, either the confirm button waits for one ('disable'), or it stays enabled and the form says
   * a reason is required when it is pressed ('explain').
   */
  missingReason: 'disable' | 'explain';
  /** The call the form makes, its progress and its failure. */
  mutation: { isPending: boolean; error: unknown };
  confirmLabel: string;
  pendingLabel?: string;
  tone?: 'primary' | 'danger';
  /** The action's own fields are not ready. */
  isDisabled?: boolean;
  /** The reason, trimmed and never empty. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** A staff action that takes a required reason (kept in the audit trail), confirmed or cancelled. */
export const ReasonForm = ({
  testId,
  children,
  reasonLabel,
  isReasonFirst = false,
  missingReason,
  mutation,
  confirmLabel,
  pendingLabel,
  tone = 'danger',
  isDisabled = false,
  onConfirm,
  onCancel,
}: ReasonFormProps) => {
  const [reason, setReason] = useState('');
  const [isReasonMissing, setReasonMissing] = useState(false);
  const trimmed = reason.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setReasonMissing(trimmed === '');
        if (trimmed !== '') onConfirm(trimmed);
      }}
      noValidate
    >
      {children}
      <label>
        {reasonLabel}
        <textarea
          autoFocus={isReasonFirst}
          rows={3}
          maxLength={500}
          required
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
          }}
          data-testid={`${testId}-reason`}
        />
      </label>
      {isReasonMissing ? (
        <p className="error" role="alert" data-testid={`${testId}-problem`}>
          A reason is required.
        </p>
      ) : null}
      <ErrorMessage error={mutation.error} testId={`${testId}-error`} />
      <DialogActions
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        isPending={mutation.isPending}
        isDisabled={isDisabled || (missingReason === 'disable' && trimmed === '')}
        tone={tone}
        confirmTestId={`${testId}-confirm`}
      />
    </form>
  );
};
