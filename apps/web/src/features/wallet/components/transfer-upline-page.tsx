import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useBalance } from '../api/get-balance';
import { useUpline } from '../api/get-upline';
import { MemberTransferForm } from './member-transfer-form';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';

/** transferUpline: money from the member's main wallet to their direct upline. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const upline = useUpline();
  const balance = useBalance();
  if (upline.data === undefined) {
    return <QueryState error={upline.error} onRetry={() => void upline.refetch()} />;
  }
  if (upline.data === null) {
    return (
      <div className="wallet-page" data-testid="upline-none">
        <EmptyState message={t('wallet.upline.none')} />
      </div>
    );
  }
  return (
    <div className="wallet-page" data-testid="upline-page">
      <p>{t('wallet.upline.intro')}</p>
      <dl className="wallet-summary">
        <div className="wallet-summary__item">
          <dt>{t('wallet.upline.upline')}</dt>
          <dd data-testid="upline-account">
            <bdi>{upline.data.account}</bdi>
            {upline.data.nickname !== '' && upline.data.nickname !== upline.data.account && (
              <span className="muted">
                {' '}
                (<bdi>{upline.data.nickname}</bdi>)
              </span>
            )}
          </dd>
        </div>
        {balance.data !== undefined && (
          <div className="wallet-summary__item">
            <dt>{t('wallet.funds.main_wallet')}</dt>
            <dd>
              <Money
                amount={balance.data.balance}
                symbol={balance.data.currencySymbol}
                testId="upline-balance"
              />
            </dd>
          </div>
        )}
      </dl>
      <MemberTransferForm kind="upline" />
    </div>
  );
}
