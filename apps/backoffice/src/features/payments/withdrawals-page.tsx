import { useState } from 'react';
import type { ConfirmationState } from '@wps/contracts/payments';
import { ErrorMessage } from '../../components/error-message';
import { Pager } from '../../components/pager';
import { ProofImage } from '../../components/proof-image';
import { ReviewDialog, type ReviewDecision, ReviewActions } from '../../components/review-dialog';
import { StatusFilter, type ReviewStatus } from '../../components/status-filter';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useReviewWithdrawal, useWithdrawals, type StaffWithdrawal } from './api';

type OpenReview = { withdrawal: StaffWithdrawal; decision: ReviewDecision };

const confirmationLabels: Record<ConfirmationState, string> = {
  not_applicable: '—',
  awaiting: 'Awaiting the member',
  received: 'Received',
  not_received: 'Dispute: not received',
  fully_paid: 'Fully paid',
  auto_received: 'Received (no answer)',
};

const Confirmation = ({ withdrawal }: { withdrawal: StaffWithdrawal }) => {
  const { confirmation } = withdrawal;
  return (
    <div data-testid={`withdrawal-confirmation-${withdrawal.id}`}>
      <span className={confirmation.state === 'not_received' ? 'badge badge--dispute' : undefined}>
        {confirmationLabels[confirmation.state]}
      </span>
      {confirmation.receivedAmount ? (
        <div className="muted">Received {formatMoney(confirmation.receivedAmount, withdrawal.currency)}</div>
      ) : null}
      {confirmation.remainingAmount ? (
        <div className="muted">
          Remaining {formatMoney(confirmation.remainingAmount, withdrawal.currency)}
        </div>
      ) : null}
      {confirmation.deadline && confirmation.state === 'awaiting' ? (
        <div className="muted">Until {formatDateTime(confirmation.deadline)}</div>
      ) : null}
      {confirmation.proofUploadId ? (
        <ProofImage
          uploadId={confirmation.proofUploadId}
          label={`Member's proof for withdrawal #${withdrawal.id}`}
          testId={`withdrawal-proof-${withdrawal.id}`}
        />
      ) : null}
    </div>
  );
};

export const WithdrawalsPage = () => {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [review, setReview] = useState<OpenReview | null>(null);
  const withdrawals = useWithdrawals(status, pageNo);
  const reviewWithdrawal = useReviewWithdrawal();

  const openReview = (withdrawal: StaffWithdrawal, decision: ReviewDecision) => {
    reviewWithdrawal.reset();
    setReview({ withdrawal, decision });
  };
  const closeReview = () => {
    setReview(null);
  };
  const list = withdrawals.data?.list ?? [];

  return (
    <section aria-labelledby="withdrawals-title">
      <header className="page-header">
        <h1 id="withdrawals-title">Withdrawals</h1>
        <StatusFilter
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPageNo(1);
          }}
          testIdPrefix="withdrawals-status"
          // The server's pending list also holds approved payouts the member disputes (not received).
          pendingLabel="Pending and disputes"
        />
      </header>
      <ErrorMessage error={withdrawals.error} testId="withdrawals-error" />
      <div className="table-scroll">
        <table className="table" data-testid="withdrawals-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Member</th>
              <th scope="col">Amount</th>
              <th scope="col">Payout account</th>
              <th scope="col">Turnover remaining</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Confirmation</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((withdrawal) => (
              <tr
                key={withdrawal.id}
                className={withdrawal.confirmation.state === 'not_received' ? 'row--attention' : undefined}
                data-testid={`withdrawal-row-${withdrawal.id}`}
              >
                <td>{withdrawal.id}</td>
                <td>
                  {withdrawal.member.account}
                  {withdrawal.member.realName ? (
                    <div className="muted">{withdrawal.member.realName}</div>
                  ) : null}
                </td>
                <td className="number">{formatMoney(withdrawal.amount, withdrawal.currency)}</td>
                <td>
                  {withdrawal.payoutAccount.providerName} ({withdrawal.payoutAccount.method})
                  <div className="muted">
                    {withdrawal.payoutAccount.accountNumber} · {withdrawal.payoutAccount.holderName}
                  </div>
                </td>
                <td className="number" data-testid={`withdrawal-turnover-${withdrawal.id}`}>
                  {withdrawal.turnoverRemaining}
                </td>
                <td>{formatDateTime(withdrawal.createdAt)}</td>
                <td>
                  <span className={`badge badge--${withdrawal.status}`}>{withdrawal.status}</span>
                  {withdrawal.reviewNote ? <div className="muted">{withdrawal.reviewNote}</div> : null}
                </td>
                <td>
                  <Confirmation withdrawal={withdrawal} />
                </td>
                <td className="row-actions">
                  {withdrawal.status === 'pending' ? (
                    <ReviewActions
                      kind="withdrawal"
                      id={withdrawal.id}
                      onReview={(decision) => {
                        openReview(withdrawal, decision);
                      }}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {withdrawals.isPending ? <p className="muted">Loading…</p> : null}
      {withdrawals.isSuccess && list.length === 0 ? (
        <p className="empty" data-testid="withdrawals-empty">
          {status === 'pending'
            ? 'No withdrawals waiting for review and no disputes.'
            : 'No withdrawals yet.'}
        </p>
      ) : null}
      <Pager
        pageNo={pageNo}
        totalPages={withdrawals.data?.totalPages ?? 1}
        onChange={setPageNo}
        testId="withdrawals-pager"
      />
      {review ? (
        <ReviewDialog
          decision={review.decision}
          subject={`withdrawal #${review.withdrawal.id}`}
          summary={
            <dl className="facts">
              <dt>Member</dt>
              <dd>{review.withdrawal.member.account}</dd>
              <dt>Amount</dt>
              <dd>{formatMoney(review.withdrawal.amount, review.withdrawal.currency)}</dd>
              <dt>Pay to</dt>
              <dd>
                {review.withdrawal.payoutAccount.providerName} {review.withdrawal.payoutAccount.accountNumber}{' '}
                ({review.withdrawal.payoutAccount.holderName})
              </dd>
              <dt>Turnover remaining</dt>
              <dd>{review.withdrawal.turnoverRemaining}</dd>
            </dl>
          }
          isPending={reviewWithdrawal.isPending}
          error={reviewWithdrawal.error}
          onClose={closeReview}
          onConfirm={(text) => {
            reviewWithdrawal.mutate(
              { id: review.withdrawal.id, decision: review.decision, text },
              { onSuccess: closeReview },
            );
          }}
        />
      ) : null}
    </section>
  );
};
