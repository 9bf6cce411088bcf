import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ReviewActions, ReviewDialog, type ReviewDecision } from '../../components/review-dialog';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan, useStaffSession } from '../session/api';
import {
  type AdjustmentProposal,
  type StaffWithdrawal,
  useDecideProposal,
  usePendingProposals,
  useReviewWithdrawal,
  useWithdrawalsAwaitingSecondApproval,
} from './api';
import './approvals-page.css';

type OpenReview<Item> = { item: Item; decision: ReviewDecision };

/** Four eyes: the maker of a proposal, or the first approver of a withdrawal, may only reject. */
const NotYours = ({ testId }: { testId: string }) => (
  <span className="muted" data-testid={testId}>
    Yours: another staff member approves
  </span>
);

const proposalColumns = ['#', 'Member', 'Amount', 'Reason', 'Proposed by', 'Actions'];

const AdjustmentProposals = ({ me }: { me: string | undefined }) => {
  const [pageNo, setPageNo] = useState(1);
  const proposals = usePendingProposals(pageNo);
  const decide = useDecideProposal();
  const [review, setReview] = useState<OpenReview<AdjustmentProposal> | null>(null);
  const list = proposals.data?.list ?? [];
  const open = (item: AdjustmentProposal, decision: ReviewDecision) => {
    decide.reset();
    setReview({ item, decision });
  };

  return (
    <section aria-labelledby="proposals-title">
      <h2 id="proposals-title">Manual adjustments</h2>
      <ErrorMessage error={proposals.error} testId="proposals-error" />
      <ListTable
        testId="proposals-table"
        columns={proposalColumns}
        isLoading={proposals.isPending}
        isEmpty={proposals.isSuccess && list.length === 0}
        emptyMessage="No adjustments waiting for a second approval."
        emptyTestId="proposals-empty"
        paging={{
          pageNo,
          totalPages: proposals.data?.totalPages ?? 1,
          onChange: setPageNo,
          testId: 'proposals-pager',
        }}
      >
        {list.map((proposal) => (
          <tr key={proposal.id} data-testid={`proposal-row-${proposal.id}`}>
            <td>{proposal.id}</td>
            <td>{proposal.username}</td>
            <td className={proposal.amount.startsWith('-') ? 'number negative' : 'number'}>
              {formatMoney(proposal.amount, proposal.currency)}
              <div className="muted">{proposal.amount.startsWith('-') ? 'Debit' : 'Credit'}</div>
            </td>
            <td>{proposal.reason}</td>
            <td>
              {proposal.proposedBy}
              <div className="muted">{formatDateTime(proposal.createdAt)}</div>
            </td>
            <td className="row-actions">
              <ReviewActions
                kind="adjustment"
                id={proposal.id}
                canApprove={proposal.proposedBy !== me}
                onReview={(decision) => {
                  open(proposal, decision);
                }}
              />
              {proposal.proposedBy === me ? <NotYours testId={`proposal-yours-${proposal.id}`} /> : null}
            </td>
          </tr>
        ))}
      </ListTable>
      {review ? (
        <ReviewDialog
          decision={review.decision}
          subject={`adjustment #${review.item.id}`}
          summary={
            <dl className="facts">
              <dt>Member</dt>
              <dd>{review.item.username}</dd>
              <dt>Amount</dt>
              <dd>{formatMoney(review.item.amount, review.item.currency)}</dd>
              <dt>Reason</dt>
              <dd>{review.item.reason}</dd>
              <dt>Proposed by</dt>
              <dd>{review.item.proposedBy}</dd>
            </dl>
          }
          isPending={decide.isPending}
          error={decide.error}
          onClose={() => {
            setReview(null);
          }}
          onConfirm={(text) => {
            decide.mutate(
              { id: review.item.id, decision: review.decision, text },
              {
                onSuccess: () => {
                  setReview(null);
                },
              },
            );
          }}
        />
      ) : null}
    </section>
  );
};

const withdrawalColumns = ['#', 'Member', 'Amount', 'Pay to', 'First approval', 'Actions'];

const WithdrawalsAwaiting = ({ me }: { me: string | undefined }) => {
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawalsAwaitingSecondApproval(pageNo);
  const reviewWithdrawal = useReviewWithdrawal();
  const [review, setReview] = useState<OpenReview<StaffWithdrawal> | null>(null);
  const list = withdrawals.data?.list ?? [];

  return (
    <section aria-labelledby="awaiting-title">
      <h2 id="awaiting-title">Withdrawals awaiting a second approval</h2>
      <ErrorMessage error={withdrawals.error} testId="awaiting-error" />
      <ListTable
        testId="awaiting-table"
        columns={withdrawalColumns}
        isLoading={withdrawals.isPending}
        isEmpty={withdrawals.isSuccess && list.length === 0}
        emptyMessage="No withdrawals waiting for a second approval."
        emptyTestId="awaiting-empty"
        paging={{
          pageNo,
          totalPages: withdrawals.data?.totalPages ?? 1,
          onChange: setPageNo,
          testId: 'awaiting-pager',
        }}
      >
        {list.map((withdrawal) => {
          const isMine = withdrawal.firstApproval?.staff === me;
          return (
            <tr key={withdrawal.id} data-testid={`awaiting-row-${withdrawal.id}`}>
              <td>{withdrawal.id}</td>
              <td>{withdrawal.member.account}</td>
              <td className="number">{formatMoney(withdrawal.amount, withdrawal.currency)}</td>
              <td>
                {withdrawal.payoutAccount.providerName}
                <div className="muted">
                  {withdrawal.payoutAccount.accountNumber} · {withdrawal.payoutAccount.holderName}
                </div>
              </td>
              <td>
                {withdrawal.firstApproval?.staff ?? '—'}
                {withdrawal.firstApproval ? (
                  <div className="muted">{formatDateTime(withdrawal.firstApproval.at)}</div>
                ) : null}
              </td>
              <td className="row-actions">
                <ReviewActions
                  kind="withdrawal"
                  id={withdrawal.id}
                  canApprove={!isMine}
                  onReview={(decision) => {
                    reviewWithdrawal.reset();
                    setReview({ item: withdrawal, decision });
                  }}
                />
                {isMine ? <NotYours testId={`awaiting-yours-${withdrawal.id}`} /> : null}
              </td>
            </tr>
          );
        })}
      </ListTable>
      {review ? (
        <ReviewDialog
          decision={review.decision}
          subject={`withdrawal #${review.item.id}`}
          summary={
            <dl className="facts">
              <dt>Member</dt>
              <dd>{review.item.member.account}</dd>
              <dt>Amount</dt>
              <dd>{formatMoney(review.item.amount, review.item.currency)}</dd>
              <dt>First approval</dt>
              <dd>{review.item.firstApproval?.staff ?? '—'}</dd>
              <dt>Turnover remaining</dt>
              <dd>{review.item.turnoverRemaining}</dd>
            </dl>
          }
          isPending={reviewWithdrawal.isPending}
          error={reviewWithdrawal.error}
          onClose={() => {
            setReview(null);
          }}
          onConfirm={(text) => {
            reviewWithdrawal.mutate(
              { id: review.item.id, decision: review.decision, text },
              {
                onSuccess: () => {
                  setReview(null);
                },
              },
            );
          }}
        />
      ) : null}
    </section>
  );
};

/**
 * Four eyes on money: adjustments proposed above the brand's second-approval amount and withdrawals approved
 * once above it, each waiting for a staff member other than the one who proposed or approved first. The
 * screen is for money.approve (adjustments); the withdrawals show to those who also approve withdrawals.
 */
export const ApprovalsPage = () => {
  const { staff } = useStaffSession();
  const can = useCan();
  return (
    <section aria-labelledby="approvals-title" className="approvals">
      <header className="page-header">
        <h1 id="approvals-title">Approvals</h1>
      </header>
      <p className="muted">
        Money above the brand’s second-approval amount (Settings) moves only when two staff members agree: the
        one who proposed an adjustment or approved a withdrawal first may reject it, never approve it.
      </p>
      <AdjustmentProposals me={staff?.username} />
      {can('withdrawals.approve') ? <WithdrawalsAwaiting me={staff?.username} /> : null}
    </section>
  );
};
