import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useRecentDeposits } from '../api/get-deposits';
import { Money } from '../../../components/money';
import { StatusBadge } from './status-badge';

export function RecentDeposits() {
  const { t } = useTranslation();
  const { data: deposits, error, refetch } = useRecentDeposits();
  return (
    <section className="payments-card" aria-labelledby="recent-deposits-title" data-testid="deposit-list">
      <h3 id="recent-deposits-title">{t('payments.deposit.recent_title')}</h3>
      {deposits === undefined && error === null && <p className="muted">{t('common.loading')}</p>}
      {deposits === undefined && error !== null && (
        <p className="form-error" role="alert">
          {translateApiError(t, error)}{' '}
          <button type="button" className="text-link link-button" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {deposits?.length === 0 && <EmptyState message={t('payments.deposit.recent_empty')} />}
      {deposits !== undefined && deposits.length > 0 && (
        <ul className="payments-list">
          {deposits.map((deposit) => (
            <li key={deposit.id} className="payments-list__item" data-testid={`deposit-row-${deposit.id}`}>
              <div className="payments-list__head">
                <span dir="auto">{deposit.channelName}</span>
                <StatusBadge status={deposit.status} testId={`deposit-row-status-${deposit.id}`} />
              </div>
              <div className="payments-list__body">
                <Money amount={deposit.amount} symbol={deposit.currency} />
                <span className="muted">{formatLocalDateTime(deposit.createdAt)}</span>
              </div>
              {deposit.reviewNote !== null && (
                <p className="muted" dir="auto">
                  {deposit.reviewNote}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
