import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDateTime } from '../../../lib/format-date';
import { toSafeExternalUrl } from '../../../lib/open-external-link';
import { translateApiError } from '../../../lib/translate-message';
import { getDepositsQueryOptions, useDeposit } from '../api/get-deposits';
import { walletQueryKeyPrefix } from '../api/query-keys';
import { Money } from '../../../components/money';
import { StatusBadge } from './status-badge';

/** The deposit the gateway returned the player for, asked about every 2 s until it settles. */
export function DepositStatusPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: deposit, error, isPending } = useDeposit(id);
  const status = deposit?.status;

  useEffect(() => {
    // Once settled the balance and the list below have changed.
    if (status === undefined || status === 'pending') return;
    void queryClient.invalidateQueries({ queryKey: walletQueryKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: getDepositsQueryOptions().queryKey });
  }, [queryClient, status]);

  const continueUrl =
    deposit?.status === 'pending' && deposit.paymentUrl !== null
      ? toSafeExternalUrl(deposit.paymentUrl)
      : null;

  return (
    <section
      className="payments-card payments-status"
      aria-labelledby="deposit-status-title"
      data-testid="deposit-status"
    >
      <h3 id="deposit-status-title">{t('payments.deposit.status_title')}</h3>
      {isPending && <p className="muted">{t('common.loading')}</p>}
      {error !== null && deposit === undefined && (
        <p className="form-error" role="alert">
          {translateApiError(t, error)}
        </p>
      )}
      {deposit !== undefined && (
        <>
          <p className="payments-status__line">
            <StatusBadge status={deposit.status} testId="deposit-status-badge" />
            <Money amount={deposit.amount} symbol={deposit.currency} />
            <span dir="auto">{deposit.channelName}</span>
          </p>
          <p role="status" aria-live="polite" data-testid="deposit-status-text">
            {t(`payments.deposit.status_text.${deposit.status}`)}
          </p>
          {deposit.reviewNote !== null && (
            <p className="muted" dir="auto">
              {deposit.reviewNote}
            </p>
          )}
          {deposit.settledAt !== null && (
            <p className="muted">
              {t('payments.deposit.settled_at', { time: formatLocalDateTime(deposit.settledAt) })}
            </p>
          )}
          {continueUrl !== null && (
            <a className="button button--primary" href={continueUrl} data-testid="deposit-continue">
              {t('payments.deposit.continue_payment')}
            </a>
          )}
        </>
      )}
      <Link to="?page=depositv2" className="text-link" data-testid="deposit-status-close">
        {t('payments.deposit.status_close')}
      </Link>
    </section>
  );
}
