import { useState, type ReactNode } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { PagedListTable } from '../../components/list-table';
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

/** Approve or reject one request waiting for a second staff member. */
type DecideMutation = {
  mutate: (
    review: { id: string; decision: ReviewDecision; text: string },
    options: { onSuccess: () => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

/**
 * One list of requests waiting for a second staff member, paged, each approved or rejected in the review
 * dialog. Four eyes: the staff member who proposed or approved first (`isMine`) may only reject.
 */
const WaitingList = <Item extends { id: string }>({
  name,
  rowName,
  title,
  kind,
  columns,
  emptyMessage,
  list,
  pageNo,
  onPage,
  mutation,
  isMine,
  cells,
  subject,
  summary,
}: {
  /** Names the section's test ids: `<name>-table`, `<name>-error`, `<name>-empty`, `<name>-pager`. */
  name: string;
  /** Names the rows' test ids: `<rowName>-row-<id>`, `<rowName>-yours-<id>`. */
  rowName: string;
  title: string;
  kind: 'adjustment' | 'withdrawal';
  columns: readonly string[];
  emptyMessage: string;
  list: {
    error: unknown;
    isPending: boolean;
    isSuccess: boolean;
    data?: { list: Item[]; totalPages: number } | undefined;
  };
  pageNo: number;
  onPage: (pageNo: number) => void;
  mutation: DecideMutation;
  isMine: (item: Item) => boolean;
  /** The row's cells before its actions. */
  cells: (item: Item) => ReactNode;
  subject: (item: Item) => string;
  summary: (item: Item) => ReactNode;
}) => {
  const [review, setReview] = useState<OpenReview<Item> | null>(null);
  const close = () => {
    setReview(null);
  };
  return (
    <section aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>{title}</h2>
      <ErrorMessage error={list.error} testId={`${name}-error`} />
      <PagedListTable
        testId={`${name}-table`}
        columns={columns}
        answer={list}
        emptyMessage={emptyMessage}
        emptyTestId={`${name}-empty`}
        paging={{ pageNo, onChange: onPage, testId: `${name}-pager` }}
      >
        {(list.data?.list ?? []).map((item) => (
          <tr key={item.id} data-testid={`${rowName}-row-${item.id}`}>
            {cells(item)}
            <td className="row-actions">
              <ReviewActions
                kind={kind}
                id={item.id}
                canApprove={!isMine(item)}
                onReview={(decision) => {
                  mutation.reset();
                  setReview({ item, decision });
                }}
              />
              {isMine(item) ? (
                <span className="muted" data-testid={`${rowName}-yours-${item.id}`}>
                  Yours: another staff member approves
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </PagedListTable>
      {review ? (
        <ReviewDialog
          decision={review.decision}
          subject={subject(review.item)}
          summary={summary(review.item)}
          isPending={mutation.isPending}
          error={mutation.error}
          onClose={close}
          onConfirm={(text) => {
            mutation.mutate({ id: review.item.id, decision: review.decision, text }, { onSuccess: close });
          }}
        />
      ) : null}
    </section>
  );
};

const AdjustmentProposals = ({ me }: { me: string | undefined }) => {
  const [pageNo, setPageNo] = useState(1);
  const proposals = usePendingProposals(pageNo);
  const decide = useDecideProposal();
  return (
    <WaitingList<AdjustmentProposal>
      name="proposals"
      rowName="proposal"
      title="Manual adjustments"
      kind="adjustment"
      columns={['#', 'Member', 'Amount', 'Reason', 'Proposed by', 'Actions']}
      emptyMessage="No adjustments waiting for a second approval."
      list={proposals}
      pageNo={pageNo}
      onPage={setPageNo}
      mutation={decide}
      isMine={(proposal) => proposal.proposedBy === me}
      cells={(proposal) => (
        <>
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
        </>
      )}
      subject={(proposal) => `adjustment #${proposal.id}`}
      summary={(proposal) => (
        <dl className="facts">
          <dt>Member</dt>
          <dd>{proposal.username}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(proposal.amount, proposal.currency)}</dd>
          <dt>Reason</dt>
          <dd>{proposal.reason}</dd>
          <dt>Proposed by</dt>
          <dd>{proposal.proposedBy}</dd>
        </dl>
      )}
    />
  );
};

const WithdrawalsAwaiting = ({ me }: { me: string | undefined }) => {
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawalsAwaitingSecondApproval(pageNo);
  const reviewWithdrawal = useReviewWithdrawal();
  return (
    <WaitingList<StaffWithdrawal>
      name="awaiting"
      rowName="awaiting"
      title="Withdrawals awaiting a second approval"
      kind="withdrawal"
      columns={['#', 'Member', 'Amount', 'Pay to', 'First approval', 'Actions']}
      emptyMessage="No withdrawals waiting for a second approval."
      list={withdrawals}
      pageNo={pageNo}
      onPage={setPageNo}
      mutation={reviewWithdrawal}
      isMine={(withdrawal) => withdrawal.firstApproval?.staff === me}
      cells={(withdrawal) => (
        <>
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
        </>
      )}
      subject={(withdrawal) => `withdrawal #${withdrawal.id}`}
      summary={(withdrawal) => (
        <dl className="facts">
          <dt>Member</dt>
          <dd>{withdrawal.member.account}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(withdrawal.amount, withdrawal.currency)}</dd>
          <dt>First approval</dt>
          <dd>{withdrawal.firstApproval?.staff ?? '—'}</dd>
          <dt>Turnover remaining</dt>
          <dd>{withdrawal.turnoverRemaining}</dd>
        </dl>
      )}
    />
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
