import { useTranslation } from 'react-i18next';
import './query-state.css';

/** A polite "Loading" line while a part of the page arrives. */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <p className="wallet-status muted" role="status">
      {t('common.loading')}
    </p>
  );
}
