import type { ConfirmationState, Withdrawal } from '@wps/contracts/payments';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useWithdrawals } from '../api/get-withdrawals';
import { Money } from '../../../components/money';
import { ConfirmationBadge, StatusBadge } from './status-badge';
import { WithdrawalConfirmation } from './withdrawal-confirmation';

const finalStates: readonly ConfirmationState[] = ['not_applicable', 'fully_paid', 'auto_received'];

/** An approved withdrawal the player can still answer: a deadline is set and no final answer is in. */
export const isAwaitingAnswer = (withdrawal: Withdrawal): boolean =>
  withdrawal.status === 'approved' &&
  withdrawal.confirmation.deadline !== null &&
  !finalStates.includes(withdrawal.confirmation.state);

export function WithdrawalList({ confirmationMinutes }: { confirmationMinutes: number }) {
  const { t } = useTranslation();
  const { data: withdrawals, error, refetch } = useWithdrawals();
  return (
    <section className="payments-card" aria-labelledby="withdrawal-list-title" data-testid="withdrawal-list">
      <h3 id="withdrawal-list-title">{t('payments.withdrawals.title')}</h3>
      <p className="payments-hint">{t('payments.withdrawals.intro', { minutes: confirmationMinutes })}</p>
      {withdrawals === undefined && error === null && <p className="muted">{t('common.loading')}</p>}
      {withdrawals === undefined && error !== null && (
        <p className="form-error" role="alert">
          {translateApiError(t, error)}{' '}
          <button type="button" className="text-link link-button" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {withdrawals?.length === 0 && <EmptyState message={t('payments.withdrawals.empty')} />}
      {withdrawals !== undefined && withdrawals.length > 0 && (
        <ul className="payments-list">
          {withdrawals.map((withdrawal) => (
            <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const { id, confirmation, payoutAccount, currency } = withdrawal;
  return (
    <li className="payments-list__item" data-testid={`withdrawal-${id}`}>
      <div className="payments-list__head">
        <Money amount={withdrawal.amount} symbol={currency} />
        <StatusBadge status={withdrawal.status} testId={`withdrawal-status-${id}`} />
      </div>
      <div className="payments-list__body">
        <span dir="auto">{payoutAccount.providerName}</span>
        <bdi className="payments-account-number">{payoutAccount.accountNumber}</bdi>
        <span className="muted">{formatLocalDateTime(withdrawal.createdAt)}</span>
      </div>
      {withdrawal.awaitingKycTier !== null && (
        <p className="notice" data-testid={`withdrawal-awaiting-verification-${id}`}>
          {t('payments.withdrawals.awaiting_verification', {
            tier: t(`payments.withdrawals.kyc_tier.${withdrawal.awaitingKycTier}`),
          })}{' '}
          {/* The member centre's Verification section (member-sections.ts). */}
          <Link to="/member?page=verification" className="text-link">
            {t('payments.withdrawals.verify_link')}
          </Link>
        </p>
      )}
      {withdrawal.reviewNote !== null && (
        <p className="muted" dir="auto">
          {withdrawal.reviewNote}
        </p>
      )}
      {withdrawal.status === 'approved' && (
        <div className="payments-confirmation">
          <p className="payments-list__head">
            <span>{t('payments.confirmation.title')}</span>
            <ConfirmationBadge state={confirmation.state} testId={`withdrawal-confirmation-state-${id}`} />
          </p>
          {(confirmation.receivedAmount !== null || confirmation.remainingAmount !== null) && (
            <dl className="details-list">
              {confirmation.receivedAmount !== null && (
                <div>
                  <dt>{t('payments.confirmation.received_amount')}</dt>
                  <dd data-testid={`withdrawal-received-${id}`}>
                    <Money amount={confirmation.receivedAmount} symbol={currency} />
                  </dd>
                </div>
              )}
              {confirmation.remainingAmount !== null && (
                <div>
                  <dt>{t('payments.confirmation.remaining_amount')}</dt>
                  <dd data-testid={`withdrawal-remaining-${id}`}>
                    <Money amount={confirmation.remainingAmount} symbol={currency} />
                  </dd>
                </div>
              )}
            </dl>
          )}
          {isAwaitingAnswer(withdrawal) && (
            <>
              <p className="notice" data-testid={`withdrawal-deadline-${id}`}>
                {t('payments.confirmation.deadline', {
                  time: formatLocalDateTime(confirmation.deadline),
                })}
              </p>
              <WithdrawalConfirmation withdrawal={withdrawal} />
            </>
          )}
        </div>
      )}
    </li>
  );
}
