import { recordTypes, type RecordType, type TransactionRecord } from '@wps/contracts/wallet';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { downloadTransactionRecords } from '../api/download-export';
import { useTransactionRecords, type TransactionRecordFilter } from '../api/get-transaction-records';
import { browserTimeZone, isRangeReversed, recentDays } from '../../../lib/date-range';
import { DateRangeFields } from '../../../components/date-range-fields';
import { ExportButton } from './export-button';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { CaptionedTable } from '../../../components/captioned-table';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';

const defaultDays = 7;

const isRecordType = (value: string): value is RecordType => recordTypes.some((type) => type === value);

function RecordTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <time dateTime={iso}>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date)}
    </time>
  );
}

function RecordsTable({ records, currency }: { records: readonly TransactionRecord[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <CaptionedTable caption={t('wallet.records.caption')} testId="transactions-table" isCaptionHidden>
      <thead>
        <tr>
          <th scope="col">{t('wallet.records.time')}</th>
          <th scope="col">{t('wallet.records.type')}</th>
          <th scope="col" className="wallet-table__number">
            {t('wallet.records.amount', { currency })}
          </th>
          <th scope="col" className="wallet-table__number">
            {t('wallet.records.balance_after')}
          </th>
          <th scope="col">{t('wallet.records.reference')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} data-testid="transactions-row">
            <td>
              <RecordTime iso={record.time} />
            </td>
            <td title={record.kind}>{t(`wallet.record_types.${record.type}`)}</td>
            <td className="wallet-table__number">
              <Money amount={record.amount} signed />
            </td>
            <td className="wallet-table__number">
              <Money amount={record.balanceAfter} />
            </td>
            <td>
              <bdi className="wallet-table__reference">{record.reference ?? record.transactionId}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/** transactionHistory: the account record, filtered by type and dates, paged, exportable as CSV. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const [type, setType] = useState('');
  const [range, setRange] = useState(() => recentDays(defaultDays));
  const [isRangeWrong, setRangeWrong] = useState(false);
  const [filter, setFilter] = useState<TransactionRecordFilter>(() => ({
    type: null,
    ...recentDays(defaultDays),
    timeZone: browserTimeZone(),
  }));
  const [page, setPage] = useState(1);
  const records = useTransactionRecords(filter, page);

  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRangeReversed(range.from, range.to)) {
      setRangeWrong(true);
      return;
    }
    setFilter({ type: isRecordType(type) ? type : null, ...range, timeZone: browserTimeZone() });
    setPage(1);
  };
  const editRange = (end: 'from' | 'to') => (value: string) => {
    setRange((current) => ({ ...current, [end]: value }));
    setRangeWrong(false);
  };

  const data = records.data;
  return (
    <div className="wallet-page" data-testid="transactions-page">
      <form className="wallet-filters" role="search" noValidate onSubmit={search}>
        <SelectField
          label={t('wallet.records.type')}
          value={type}
          testId="transactions-type"
          options={[
            { value: '', label: t('wallet.records.all_types') },
            ...recordTypes.map((recordType) => ({
              value: recordType,
              label: t(`wallet.record_types.${recordType}`),
            })),
          ]}
          onValueChange={setType}
        />
        <DateRangeFields
          from={range.from}
          to={range.to}
          onFromChange={editRange('from')}
          onToChange={editRange('to')}
          error={isRangeWrong ? t('wallet.validation.range_reversed') : null}
          testId="transactions"
        />
        <div className="wallet-filters__actions">
          <button type="submit" className="button button--primary" data-testid="transactions-search">
            {t('wallet.records.search')}
          </button>
          <ExportButton testId="transactions-export" download={() => downloadTransactionRecords(filter)} />
        </div>
      </form>
      <p className="muted wallet-note">{t('wallet.records.time_zone', { timeZone: filter.timeZone })}</p>
      {data === undefined ? (
        <QueryState error={records.error} onRetry={() => void records.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState message={t('wallet.records.empty')} />
      ) : (
        <div className="wallet-stack" aria-busy={records.isPlaceholderData}>
          <RecordsTable records={data.list} currency={data.currency} />
          <Pagination
            page={page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            testId="transactions-pagination"
          />
        </div>
      )}
    </div>
  );
}
