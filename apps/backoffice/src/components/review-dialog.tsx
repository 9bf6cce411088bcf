import { useState, type SyntheticEvent, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { ErrorMessage } from './error-message';
import { DialogActions } from './shared-dialog-actions';

export type ReviewDecision = 'approve' | 'reject';

type ReviewDialogProps = {
  decision: ReviewDecision;
  /** "deposit #12" */
  subject: string;
  /** What is being decided (member, amount, …), shown so the operator confirms the right thing. */
  summary: ReactNode;
  isPending: boolean;
  error: unknown;
  /** The note (approve, optional) or the reason (reject, required), trimmed. */
  onConfirm: (text: string) => void;
  onClose: () => void;
};

/** The confirm step of an approval or a rejection: approve takes an optional note, reject a required reason. */
export const ReviewDialog = ({
  decision,
  subject,
  summary,
  isPending,
  error,
  onConfirm,
  onClose,
}: ReviewDialogProps) => {
  const [text, setText] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const isReject = decision === 'reject';

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (isReject && trimmed === '') {
      setIsReasonMissing(true);
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <Dialog title={`${isReject ? 'Reject' : 'Approve'} ${subject}`} onClose={onClose} testId="review-dialog">
      <form onSubmit={submit} noValidate>
        <div className="dialog__summary">{summary}</div>
        <label>
          {isReject ? 'Reason (required, the member sees it)' : 'Note (optional)'}
          <textarea
            rows={3}
            maxLength={500}
            value={text}
            autoFocus
            aria-invalid={isReasonMissing}
            onChange={(event) => {
              setText(event.target.value);
              setIsReasonMissing(false);
            }}
            data-testid={isReject ? 'review-reason' : 'review-note'}
          />
        </label>
        {isReasonMissing ? (
          <p className="error" role="alert" data-testid="review-reason-required">
            A reason is required to reject.
          </p>
        ) : null}
        <ErrorMessage error={error} testId="review-error" />
        <DialogActions
          onCancel={onClose}
          confirmLabel={isReject ? 'Confirm rejection' : 'Confirm approval'}
          isPending={isPending}
          tone={isReject ? 'danger' : 'primary'}
          confirmTestId="review-confirm"
        />
      </form>
    </Dialog>
  );
};

/**
 * The Approve and Reject buttons of a pending row; `kind` names the test ids (approve-deposit-12). Without
 * `canApprove` (four eyes: the staff member who proposed or approved first) only Reject shows.
 */
export const ReviewActions = ({
  kind,
  id,
  onReview,
  canApprove = true,
}: {
  kind: 'deposit' | 'withdrawal' | 'adjustment';
  id: string;
  onReview: (decision: ReviewDecision) => void;
  canApprove?: boolean;
}) => (
  <>
    {canApprove ? (
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          onReview('approve');
        }}
        data-testid={`approve-${kind}-${id}`}
      >
        Approve
      </button>
    ) : null}
    <button
      type="button"
      className="button button--danger"
      onClick={() => {
        onReview('reject');
      }}
      data-testid={`reject-${kind}-${id}`}
    >
      Reject
    </button>
  </>
);
