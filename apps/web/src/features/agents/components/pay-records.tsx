import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { EmptyState } from '../../../components/empty-state';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { type PayRecordFilter, usePayRecords } from '../api/contracts';
import { formatRate } from '../contract-format';

/** Pay records (of a kind, of a side): period, who paid whom, the figures, the rate, the amount and status. */
export function PayRecords({ filter, title }: { filter: PayRecordFilter; title: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const records = usePayRecords(filter, pageNo);
  const data = records.data;
  if (data === undefined) return <QueryState error={records.error} onRetry={() => void records.refetch()} />;
  return (
    <section className="agent-section" aria-labelledby="pay-records-title" data-testid="pay-records">
      <h3 id="pay-records-title">{title}</h3>
      {data.list.length === 0 ? (
        <EmptyState message={t('agents.pay.empty')} />
      ) : (
        <>
          <p>
            {t('agents.pay.paid_total')} <Money amount={data.paidTotal} testId="pay-records-total" />
          </p>
          <CaptionedTable caption={title} testId="pay-records-table" isCaptionHidden>
            <thead>
              <tr>
                <th scope="col">{t('agents.pay.period')}</th>
                <th scope="col">{t('agents.contracts.kind')}</th>
                <th scope="col">{t('agents.pay.parties')}</th>
                <th scope="col">{t('agents.pay.valid_bet')}</th>
                <th scope="col">{t('agents.pay.profit_loss')}</th>
                <th scope="col">{t('agents.pay.active_members')}</th>
                <th scope="col">{t('agents.pay.rate')}</th>
                <th scope="col">{t('agents.pay.amount')}</th>
                <th scope="col">{t('agents.pay.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((record) => (
                <tr key={record.id} data-testid="pay-record">
                  <td>
                    {formatLocalDateTime(record.periodStart)} – {formatLocalDateTime(record.periodEnd)}
                  </td>
                  <td>{t(`agents.contracts.kinds.${record.kind}`)}</td>
                  <td dir="auto">
                    {t('agents.pay.from_to', { from: record.upline.account, to: record.downline.account })}
                  </td>
                  <td>
                    <Money amount={record.figures.validBet} />
                  </td>
                  <td>
                    <Money amount={record.figures.profitLoss} signed />
                  </td>
                  <td>{record.figures.activeMembers}</td>
                  <td>{formatRate(record.rateBasisPoints)}</td>
                  <td>
                    <Money amount={record.amount} testId="pay-record-amount" />
                  </td>
                  <td data-testid="pay-record-status">{t(`agents.pay.statuses.${record.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </CaptionedTable>
          <Pagination
            page={pageNo}
            totalPages={data.totalPages}
            onPageChange={setPageNo}
            testId="pay-records-pages"
          />
        </>
      )}
    </section>
  );
}
