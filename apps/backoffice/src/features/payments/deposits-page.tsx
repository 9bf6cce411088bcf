import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { Pager } from '../../components/pager';
import { ProofImage } from '../../components/proof-image';
import { ReviewDialog, type ReviewDecision, ReviewActions } from '../../components/review-dialog';
import { StatusFilter, type ReviewStatus } from '../../components/status-filter';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useDeposits, useReviewDeposit, type StaffDeposit } from './api';

type OpenReview = { deposit: StaffDeposit; decision: ReviewDecision };

export const DepositsPage = () => {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [review, setReview] = useState<OpenReview | null>(null);
  const deposits = useDeposits(status, pageNo);
  const reviewDeposit = useReviewDeposit();

  const openReview = (deposit: StaffDeposit, decision: ReviewDecision) => {
    reviewDeposit.reset();
    setReview({ deposit, decision });
  };
  const closeReview = () => {
    setReview(null);
  };
  const list = deposits.data?.list ?? [];

  return (
    <section aria-labelledby="deposits-title">
      <header className="page-header">
        <h1 id="deposits-title">Deposits</h1>
        <StatusFilter
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPageNo(1);
          }}
          testIdPrefix="deposits-status"
        />
      </header>
      <ErrorMessage error={deposits.error} testId="deposits-error" />
      <div className="table-scroll">
        <table className="table" data-testid="deposits-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Member</th>
              <th scope="col">Channel</th>
              <th scope="col">Amount</th>
              <th scope="col">Reference</th>
              <th scope="col">Proof</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
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
                  {deposit.proofUploadId ? (
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
                <td>
                  <span className={`badge badge--${deposit.status}`}>{deposit.status}</span>
                  {deposit.reviewNote ? <div className="muted">{deposit.reviewNote}</div> : null}
                </td>
                <td className="row-actions">
                  {deposit.status === 'pending' ? (
                    <ReviewActions
                      kind="deposit"
                      id={deposit.id}
                      onReview={(decision) => {
                        openReview(deposit, decision);
                      }}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deposits.isPending ? <p className="muted">Loading…</p> : null}
      {deposits.isSuccess && list.length === 0 ? (
        <p className="empty" data-testid="deposits-empty">
          {status === 'pending' ? 'No deposits waiting for review.' : 'No deposits yet.'}
        </p>
      ) : null}
      <Pager
        pageNo={pageNo}
        totalPages={deposits.data?.totalPages ?? 1}
        onChange={setPageNo}
        testId="deposits-pager"
      />
      {review ? (
        <ReviewDialog
          decision={review.decision}
          subject={`deposit #${review.deposit.id}`}
          summary={
            <dl className="facts">
              <dt>Member</dt>
              <dd>{review.deposit.member.account}</dd>
              <dt>Amount</dt>
              <dd>{formatMoney(review.deposit.amount, review.deposit.currency)}</dd>
              <dt>Channel</dt>
              <dd>{review.deposit.channelName}</dd>
              <dt>Reference</dt>
              <dd>{review.deposit.playerReference ?? '—'}</dd>
            </dl>
          }
          isPending={reviewDeposit.isPending}
          error={reviewDeposit.error}
          onClose={closeReview}
          onConfirm={(text) => {
            reviewDeposit.mutate(
              { id: review.deposit.id, decision: review.decision, text },
              { onSuccess: closeReview },
            );
          }}
        />
      ) : null}
    </section>
  );
};
