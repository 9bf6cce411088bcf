import { useTranslation } from 'react-i18next';
import { translateApiError } from '../lib/translate-message';
import './query-state.css';

/** While a section's data loads, or why it did not, with a way to try again. */
export function QueryState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error === null || error === undefined) {
    return (
      <p className="wallet-status muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  return (
    <div className="wallet-status" role="alert">
      <p>{translateApiError(t, error)}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
