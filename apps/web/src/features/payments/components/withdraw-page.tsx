import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/translate-message';
import { useWithdrawalOverview } from '../api/get-withdrawal-overview';
import { PaymentPasswordForm } from './payment-password-form';
import { PayoutAccounts } from './payout-accounts';
import { WithdrawalList } from './withdrawal-list';
import { WithdrawalOverviewPanel } from './withdrawal-overview';
import { WithdrawalRequestForm } from './withdrawal-request-form';
import './payments.css';

/**
 * withdraw: what may be withdrawn now, the payment password (set here when missing), payout accounts, the
 * request, and the list where approved withdrawals are confirmed (spec section 4).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { data: overview, error, refetch } = useWithdrawalOverview();
  const [isChangingPassword, setChangingPassword] = useState(false);

  if (overview === undefined) {
    return (
      <div className="payments" data-testid="withdraw-page">
        {error === null ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          <p className="form-error" role="alert">
            {translateApiError(t, error)}{' '}
            <button type="button" className="text-link link-button" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="payments" data-testid="withdraw-page">
      <WithdrawalOverviewPanel overview={overview} />
      {!overview.hasPaymentPassword && <PaymentPasswordForm mode="set" />}
      <PayoutAccounts canAdd={overview.hasPaymentPassword} />
      {overview.hasPaymentPassword && <WithdrawalRequestForm overview={overview} />}
      <WithdrawalList confirmationMinutes={overview.confirmationMinutes} />
      {overview.hasPaymentPassword &&
        (isChangingPassword ? (
          <PaymentPasswordForm
            mode="change"
            onDone={() => {
              setChangingPassword(false);
            }}
          />
        ) : (
          <p>
            <button
              type="button"
              className="button button--ghost"
              data-testid="payment-password-change-open"
              onClick={() => {
                setChangingPassword(true);
              }}
            >
              {t('payments.password.change_title')}
            </button>
          </p>
        ))}
    </div>
  );
}
