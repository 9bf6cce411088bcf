/**
 * The closing buttons of a dialog or form: Cancel (or Back), then the button that confirms, which says what it
 * is doing while the call is on its way. Without `onConfirm` the confirm button submits its form.
 */
export const DialogActions = ({
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel = 'Saving…',
  isPending = false,
  isDisabled = false,
  tone = 'primary',
  onConfirm,
  confirmTestId,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: string;
  pendingLabel?: string;
  isPending?: boolean;
  /** Disabled for a reason of the form's own (the call on its way always disables it). */
  isDisabled?: boolean;
  /** Danger for what cannot be taken back. */
  tone?: 'primary' | 'danger';
  onConfirm?: () => void;
  confirmTestId: string;
}) => (
  <div className="actions">
    <button type="button" className="button" onClick={onCancel}>
      {cancelLabel}
    </button>
    <button
      type={onConfirm ? 'button' : 'submit'}
      className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
      disabled={isPending || isDisabled}
      onClick={onConfirm}
      data-testid={confirmTestId}
    >
      {isPending ? pendingLabel : confirmLabel}
    </button>
  </div>
);
