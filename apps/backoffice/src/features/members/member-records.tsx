import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime } from '../../lib/format';
import { useBetRecords, useDepositRecords, useTransactionRecords, useWithdrawalRecords } from './api';

type RecordsProps = { memberId: string; pageNo: number; onPage: (pageNo: number) => void };

const signed = (amount: string) => (amount.startsWith('-') ? 'number negative' : 'number');

const statusBadge = (status: string) => (
  <span className={`badge badge--${status.toLowerCase()}`}>{status.toLowerCase().replaceAll('_', ' ')}</span>
);

/** A note over every record tab: these are the member's own pages' answers, not a staff report. */
const SameAsMember = ({ what }: { what: string }) => (
  <p className="muted">{what}, exactly as the member sees them on the site, newest first.</p>
);

export const TransactionRecords = ({ memberId, pageNo, onPage }: RecordsProps) => {
  const records = useTransactionRecords(memberId, pageNo);
  const list = records.data?.list ?? [];
  return (
    <section aria-label="Transactions">
      <SameAsMember what="Account records (every movement of the main wallet)" />
      <ErrorMessage error={records.error} testId="member-transactions-error" />
      <ListTable
        testId="member-records"
        columns={['Time', 'Type', 'Amount', 'Balance after', 'Reference', 'Memo']}
        isLoading={records.isPending}
        isEmpty={records.isSuccess && list.length === 0}
        emptyMessage="No records yet."
        paging={{
          pageNo,
          totalPages: records.data?.totalPages ?? 0,
          onChange: onPage,
          testId: 'member-records-pager',
        }}
      >
        {list.map((record) => (
          <tr key={record.id} data-testid={`member-record-${record.id}`}>
            <td>{formatDateTime(record.time)}</td>
            <td>
              {record.type}
              <div className="muted">{record.kind}</div>
            </td>
            <td className={signed(record.amount)}>{record.amount}</td>
            <td className="number">{record.balanceAfter}</td>
            <td>{record.reference ?? '—'}</td>
            <td>{record.memo ?? '—'}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};

export const BetRecords = ({ memberId, pageNo, onPage }: RecordsProps) => {
  const records = useBetRecords(memberId, pageNo);
  const data = records.data;
  const list = data?.list ?? [];
  return (
    <section aria-label="Bets">
      <SameAsMember what="Betting record (every game round)" />
      <ErrorMessage error={records.error} testId="member-bets-error" />
      {data ? (
        <p data-testid="member-bets-summary">
          {data.total} rounds · bets {data.summary.betAmount} · valid {data.summary.validBet} · wins{' '}
          {data.summary.winAmount} · result{' '}
          <span className={signed(data.summary.profit)}>{data.summary.profit}</span>
        </p>
      ) : null}
      <ListTable
        testId="member-bets"
        columns={['Opened', 'Game', 'Product', 'Status', 'Bet', 'Valid bet', 'Win', 'Result', 'Round']}
        isLoading={records.isPending}
        isEmpty={records.isSuccess && list.length === 0}
        emptyMessage="No bets yet."
        paging={{ pageNo, totalPages: data?.totalPages ?? 0, onChange: onPage, testId: 'member-bets-pager' }}
      >
        {list.map((round) => (
          <tr key={round.roundId} data-testid={`member-bet-${round.roundId}`}>
            <td>
              {formatDateTime(round.openedAt)}
              {round.settledAt ? (
                <div className="muted">settled {formatDateTime(round.settledAt)}</div>
              ) : null}
            </td>
            <td>
              {round.gameName}
              <div className="muted">{round.vendorName}</div>
            </td>
            <td>{round.productLine}</td>
            <td>{statusBadge(round.status)}</td>
            <td className="number">{round.betAmount}</td>
            <td className="number">{round.validBet}</td>
            <td className="number">{round.winAmount}</td>
            <td className={signed(round.profit)}>{round.profit}</td>
            <td className="muted">{round.roundRef}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};

export const DepositRecords = ({ memberId, pageNo, onPage }: RecordsProps) => {
  const records = useDepositRecords(memberId, pageNo);
  const list = records.data?.list ?? [];
  return (
    <section aria-label="Deposits">
      <SameAsMember what="Deposits" />
      <ErrorMessage error={records.error} testId="member-deposits-error" />
      <ListTable
        testId="member-deposits"
        columns={['Time', 'Channel', 'Amount', 'Status', 'Reference', 'Note']}
        isLoading={records.isPending}
        isEmpty={records.isSuccess && list.length === 0}
        emptyMessage="No deposits yet."
        paging={{
          pageNo,
          totalPages: records.data?.totalPages ?? 0,
          onChange: onPage,
          testId: 'member-deposits-pager',
        }}
      >
        {list.map((deposit) => (
          <tr key={deposit.id} data-testid={`member-deposit-${deposit.id}`}>
            <td>{formatDateTime(deposit.createdAt)}</td>
            <td>{deposit.channelName}</td>
            <td className="number">
              {deposit.amount} {deposit.currency}
            </td>
            <td>{statusBadge(deposit.status)}</td>
            <td>{deposit.playerReference ?? '—'}</td>
            <td>{deposit.reviewNote ?? '—'}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};

export const WithdrawalRecords = ({ memberId, pageNo, onPage }: RecordsProps) => {
  const records = useWithdrawalRecords(memberId, pageNo);
  const list = records.data?.list ?? [];
  return (
    <section aria-label="Withdrawals">
      <SameAsMember what="Withdrawals (account numbers masked, as the member sees them)" />
      <ErrorMessage error={records.error} testId="member-withdrawals-error" />
      <ListTable
        testId="member-withdrawals"
        columns={['Time', 'Amount', 'Paid to', 'Status', 'Receipt', 'Note']}
        isLoading={records.isPending}
        isEmpty={records.isSuccess && list.length === 0}
        emptyMessage="No withdrawals yet."
        paging={{
          pageNo,
          totalPages: records.data?.totalPages ?? 0,
          onChange: onPage,
          testId: 'member-withdrawals-pager',
        }}
      >
        {list.map((withdrawal) => (
          <tr key={withdrawal.id} data-testid={`member-withdrawal-${withdrawal.id}`}>
            <td>{formatDateTime(withdrawal.createdAt)}</td>
            <td className="number">
              {withdrawal.amount} {withdrawal.currency}
            </td>
            <td>
              {withdrawal.payoutAccount.providerName} {withdrawal.payoutAccount.accountNumber}
              <div className="muted">{withdrawal.payoutAccount.holderName}</div>
            </td>
            <td>{statusBadge(withdrawal.status)}</td>
            <td>{withdrawal.confirmation.state.replaceAll('_', ' ')}</td>
            <td>{withdrawal.reviewNote ?? '—'}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};
