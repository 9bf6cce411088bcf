import { ProofImage, uploadPath } from '../../components/proof-image';
import { ReviewActionsCell, ReviewStatusCell, useReviewQueue } from '../../components/review-queue';
import { ReviewQueueScreen } from '../../components/shared-review-queue-screen';
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
    <ReviewQueueScreen
      queue={queue}
      name="deposits"
      title="Deposits"
      answer={deposits}
      columns={columns}
      emptyMessages={{ pending: 'No deposits waiting for review.', all: 'No deposits yet.' }}
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
                path={uploadPath(deposit.proofUploadId)}
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
    </ReviewQueueScreen>
  );
};
