import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ProofImage } from '../../components/proof-image';
import {
  ReviewActionsCell,
  ReviewQueueDialog,
  ReviewQueueHeader,
  ReviewStatusCell,
  useReviewQueue,
} from '../../components/review-queue';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../session/api';
import { useDeposits, useReviewDeposit, type StaffDeposit } from './api';

const columns = ['#', 'Member', 'Channel', 'Amount', 'Reference', 'Proof', 'Created', 'Status', 'Actions'];

export const DepositsPage = () => {
  const can = useCan();
  const queue = useReviewQueue<StaffDeposit>(useReviewDeposit());
  const deposits = useDeposits(queue.status, queue.pageNo);
  const list = deposits.data?.list ?? [];

  return (
    <section aria-labelledby="deposits-title">
      <ReviewQueueHeader
        queue={queue}
        title="Deposits"
        titleId="deposits-title"
        testIdPrefix="deposits-status"
      />
      <ErrorMessage error={deposits.error} testId="deposits-error" />
      <ListTable
        testId="deposits-table"
        columns={columns}
        isLoading={deposits.isPending}
        isEmpty={deposits.isSuccess && list.length === 0}
        emptyMessage={queue.status === 'pending' ? 'No deposits waiting for review.' : 'No deposits yet.'}
        emptyTestId="deposits-empty"
        paging={{
          pageNo: queue.pageNo,
          totalPages: deposits.data?.totalPages ?? 1,
          onChange: queue.setPageNo,
          testId: 'deposits-pager',
        }}
      >
        {list.map((deposit) => (
          <tr key={deposit.id} data-testid={`deposit-row-${deposit.id}`}>
            <td>{deposit.id}</td>
            <td>
              {deposit.member.account}
              {deposit.member.realName ? <div className="muted">{deposit.member.realName}</div> : null}
            </td>
            <td>
              {deposit.channelName}
              <div className="muted">{deposit.channelCode}</div>
            </td>
            <td className="number">{formatMoney(deposit.amount, deposit.currency)}</td>
            <td>{deposit.playerReference ?? '—'}</td>
            <td>
              {deposit.proofUploadId && can('uploads.view') ? (
                <ProofImage
                  uploadId={deposit.proofUploadId}
                  label={`Proof of deposit #${deposit.id}`}
                  testId={`deposit-proof-${deposit.id}`}
                />
              ) : (
                '—'
              )}
            </td>
            <td>{formatDateTime(deposit.createdAt)}</td>
            <ReviewStatusCell item={deposit} />
            <ReviewActionsCell
              queue={queue}
              item={deposit}
              kind="deposit"
              canDecide={can('deposits.approve')}
            />
          </tr>
        ))}
      </ListTable>
      <ReviewQueueDialog
        queue={queue}
        subject={(deposit) => `deposit #${deposit.id}`}
        summary={(deposit) => (
          <dl className="facts">
            <dt>Member</dt>
            <dd>{deposit.member.account}</dd>
            <dt>Amount</dt>
            <dd>{formatMoney(deposit.amount, deposit.currency)}</dd>
            <dt>Channel</dt>
            <dd>{deposit.channelName}</dd>
            <dt>Reference</dt>
            <dd>{deposit.playerReference ?? '—'}</dd>
          </dl>
        )}
      />
    </section>
  );
};
