import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';

/** Copies one value of the transfer instructions; the label says what is copied. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      dialogs.toast(t('copy_success'));
    } catch {
      // Clipboard access refused: the value stays visible to copy by hand.
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost payments-copy"
      aria-label={t('payments.deposit.copy', { label })}
      data-testid={testId}
      onClick={() => void copy()}
    >
      {t('payments.deposit.copy_short')}
    </button>
  );
}
