import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { PagedListTable } from '../../components/list-table';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useContractPayments, type PaymentFilter } from './api';
import { formatRate, kindLabels, payerLabels, paymentStatusLabels } from './agent-labels';

const columns = [
  'Period',
  'Kind',
  'Upline',
  'Downline',
  'Paid by',
  'Team valid bet',
  'Team profit / loss',
  'Active',
  'Rate',
  'Amount',
  'Status',
  'Paid at',
];

/** Pay records of a filter, paged on the server, with the totals over the whole filter above them. */
export const PaymentsTable = ({
  filter,
  pageSize = 50,
  testId,
}: {
  filter: PaymentFilter;
  pageSize?: number;
  testId: string;
}) => {
  const [pageNo, setPageNo] = useState(1);
  const payments = useContractPayments(filter, pageNo, pageSize);
  const data = payments.data;
  const list = data?.list ?? [];
  const money = (amount: string) => formatMoney(amount, data?.currency ?? '');
  return (
    <>
      <ErrorMessage error={payments.error} testId={`${testId}-error`} />
      {data ? (
        <dl className="facts agent-totals" data-testid={`${testId}-totals`}>
          <dt>Records</dt>
          <dd>{data.totalCount}</dd>
          <dt>Total</dt>
          <dd className="number">{money(data.totals.amount)}</dd>
          <dt>Paid</dt>
          <dd className="number">{money(data.totals.paid)}</dd>
          <dt>Unpaid</dt>
          <dd className="number">{money(data.totals.unpaid)}</dd>
        </dl>
      ) : null}
      <PagedListTable
        testId={testId}
        columns={columns}
        answer={payments}
        emptyMessage="No pay record matches."
        emptyTestId={`${testId}-empty`}
        paging={{ pageNo, onChange: setPageNo, testId: `${testId}-pager` }}
      >
        {list.map((payment) => (
          <tr key={payment.id} data-testid={`payment-row-${payment.id}`}>
            <td>
              {formatDateTime(payment.periodStart)} – {formatDateTime(payment.periodEnd)}
            </td>
            <td>{kindLabels[payment.kind]}</td>
            <td>{payment.upline.account}</td>
            <td>{payment.downline.account}</td>
            <td>{payerLabels[payment.payer]}</td>
            <td className="number">{payment.figures.validBet}</td>
            <td className="number">{payment.figures.profitLoss}</td>
            <td className="number">{payment.figures.activeMembers}</td>
            <td className="number">{formatRate(payment.rateBasisPoints)}</td>
            <td className="number">{formatMoney(payment.amount, payment.currency)}</td>
            <td>
              {paymentStatusLabels[payment.status]}
              {payment.attempts > 1 ? <span className="muted"> ({payment.attempts} tries)</span> : null}
            </td>
            <td>{formatDateTime(payment.paidAt)}</td>
          </tr>
        ))}
      </PagedListTable>
    </>
  );
};
