import { recordTypes, type RecordType, type TransactionRecord } from '@wps/contracts/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTransactionRecords } from '../api/download-export';
import { useTransactionRecords, type TransactionRecordFilter } from '../api/get-transaction-records';
import { ExportButton } from './export-button';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { CaptionedTable } from '../../../components/captioned-table';
import { PagedRecords, RecordResults } from '../../../components/record-results';
import { RecordSearchForm, useRecordSearch } from '../../../components/record-search';
import { SelectField } from '../../../components/select-field';

const isRecordType = (value: string): value is RecordType => recordTypes.some((type) => type === value);

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
              <DateTime iso={record.time} />
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
  const { filter, page, setPage, form } = useRecordSearch((range): TransactionRecordFilter => ({
    type: isRecordType(type) ? type : null,
    ...range,
  }));
  const records = useTransactionRecords(filter, page);

  return (
    <div className="wallet-page" data-testid="transactions-page">
      <RecordSearchForm
        search={form}
        searchLabel={t('wallet.records.search')}
        testId="transactions"
        actions={
          <ExportButton testId="transactions-export" download={() => downloadTransactionRecords(filter)} />
        }
      >
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
      </RecordSearchForm>
      <RecordResults query={records}>
        {(data) => (
          <PagedRecords
            isEmpty={data.list.length === 0}
            emptyMessage={t('wallet.records.empty')}
            page={page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            testId="transactions-pagination"
          >
            <RecordsTable records={data.list} currency={data.currency} />
          </PagedRecords>
        )}
      </RecordResults>
    </div>
  );
}
