import { useTranslation } from 'react-i18next';
import { isPositiveAmount } from '../amount';
import type { WithdrawalOverview } from '../api/get-withdrawal-overview';
import { Money } from '../../../components/money';

/** Balance, limits, today's use and the turnover still to bet, which blocks withdrawing until it is met. */
export function WithdrawalOverviewPanel({ overview }: { overview: WithdrawalOverview }) {
  const { t } = useTranslation();
  const { currency } = overview;
  const rows = [
    {
      name: 'balance',
      label: t('payments.overview.balance'),
      value: <Money amount={overview.balance} symbol={currency} />,
    },
    {
      name: 'limits',
      label: t('payments.overview.limits'),
      value: (
        <>
          <Money amount={overview.minAmount} symbol={currency} /> –{' '}
          <Money amount={overview.maxAmount} symbol={currency} />
        </>
      ),
    },
    {
      name: 'today-count',
      label: t('payments.overview.today_count'),
      value: (
        <bdi>
          {t('payments.overview.of', { used: overview.usedTodayCount, limit: overview.dailyMaxCount })}
        </bdi>
      ),
    },
    {
      name: 'today-amount',
      label: t('payments.overview.today_amount'),
      value: (
        <>
          <Money amount={overview.usedTodayAmount} symbol={currency} /> /{' '}
          <Money amount={overview.dailyMaxAmount} symbol={currency} />
        </>
      ),
    },
    {
      name: 'turnover',
      label: t('payments.overview.turnover'),
      value: <Money amount={overview.turnoverRemaining} symbol={currency} />,
    },
  ];
  const isTurnoverOpen = isPositiveAmount(overview.turnoverRemaining);
  return (
    <section
      className="payments-card"
      aria-labelledby="withdraw-overview-title"
      data-testid="withdraw-overview"
    >
      <h3 id="withdraw-overview-title">{t('payments.overview.title')}</h3>
      <dl className="details-list payments-overview">
        {rows.map((row) => (
          <div key={row.name}>
            <dt>{row.label}</dt>
            <dd data-testid={`withdraw-overview-${row.name}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {isTurnoverOpen ? (
        <p
          className="notice payments-notice--warning"
          id="withdraw-turnover-block"
          data-testid="withdraw-turnover-block"
        >
          {t('payments.overview.turnover_block', { amount: overview.turnoverRemaining, currency })}
        </p>
      ) : (
        <p className="muted" data-testid="withdraw-turnover-met">
          {t('payments.overview.turnover_met')}
        </p>
      )}
    </section>
  );
}
