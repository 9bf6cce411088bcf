import type { ProfitReport } from '@wps/contracts/wallet';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { game_types as gameTypes } from '../../../locales/en.json';
import { downloadProfitReport } from '../api/download-export';
import { useProfitReport } from '../api/get-profit-report';
import type { DateRangeFilter } from '../api/get-transaction-records';
import { ExportButton } from './export-button';
import { Money } from '../../../components/money';
import { CaptionedTable } from '../../../components/captioned-table';
import { RecordResults } from '../../../components/record-results';
import { RecordSearchForm, useRecordSearch } from '../../../components/record-search';
import './wallet.css';

type ProductLine = keyof typeof gameTypes;
const isKnownProductLine = (value: string): value is ProductLine => Object.hasOwn(gameTypes, value);

type Figures = ProfitReport['total'];

function FiguresTable({
  title,
  firstColumn,
  rows,
  testId,
}: {
  title: string;
  firstColumn: string;
  rows: readonly { key: string; label: ReactNode; figures: Figures }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="wallet-section">
      <CaptionedTable caption={title} testId={testId}>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className="wallet-table__number">
              {t('wallet.profit.bet')}
            </th>
            <th scope="col" className="wallet-table__number">
              {t('wallet.profit.win')}
            </th>
            <th scope="col" className="wallet-table__number">
              {t('wallet.profit.profit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="wallet-table__number">
                <Money amount={row.figures.betAmount} />
              </td>
              <td className="wallet-table__number">
                <Money amount={row.figures.winAmount} />
              </td>
              <td className="wallet-table__number">
                <Money amount={row.figures.profit} signed />
              </td>
            </tr>
          ))}
        </tbody>
      </CaptionedTable>
    </section>
  );
}

/** A yyyy-MM-dd day in the member's language, without moving it to another time zone. */
function Day({ day }: { day: string }) {
  const { i18n } = useTranslation();
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return <>{day}</>;
  return (
    <time dateTime={day}>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)}
    </time>
  );
}

function Report({ report }: { report: ProfitReport }) {
  const { t } = useTranslation();
  const totals = [
    {
      label: t('wallet.profit.bet'),
      amount: report.total.betAmount,
      testId: 'profit-total-bet',
      signed: false,
    },
    {
      label: t('wallet.profit.win'),
      amount: report.total.winAmount,
      testId: 'profit-total-win',
      signed: false,
    },
    { label: t('wallet.profit.profit'), amount: report.total.profit, testId: 'profit-total', signed: true },
  ];
  return (
    <>
      <dl className="wallet-summary" aria-label={t('wallet.profit.totals', { currency: report.currency })}>
        {totals.map((total) => (
          <div key={total.testId} className="wallet-summary__item">
            <dt>{total.label}</dt>
            <dd>
              <Money
                amount={total.amount}
                symbol={report.currency}
                signed={total.signed}
                testId={total.testId}
              />
            </dd>
          </div>
        ))}
      </dl>
      {report.byProduct.length === 0 ? (
        <EmptyState message={t('wallet.profit.empty')} />
      ) : (
        <>
          <FiguresTable
            title={t('wallet.profit.by_product')}
            firstColumn={t('wallet.profit.product')}
            testId="profit-by-product"
            rows={report.byProduct.map((row) => ({
              key: row.productLine,
              label: isKnownProductLine(row.productLine)
                ? t(`game_types.${row.productLine}`)
                : row.productLine,
              figures: row,
            }))}
          />
          <FiguresTable
            title={t('wallet.profit.by_day')}
            firstColumn={t('wallet.profit.day')}
            testId="profit-by-day"
            rows={report.byDay.map((row) => ({ key: row.day, label: <Day day={row.day} />, figures: row }))}
          />
        </>
      )}
    </>
  );
}

/** personalProfit: bets, wins and profit over a date range, by product line and by day, exportable as CSV. */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const { filter, form } = useRecordSearch((range): DateRangeFilter => range);
  const report = useProfitReport(filter);

  return (
    <div className="wallet-page" data-testid="profit-page">
      <RecordSearchForm
        search={form}
        searchLabel={t('wallet.records.search')}
        testId="profit"
        actions={<ExportButton testId="profit-export" download={() => downloadProfitReport(filter)} />}
      />
      <RecordResults query={report}>{(data) => <Report report={data} />}</RecordResults>
    </div>
  );
}
