import type { ConfirmationState } from '@wps/contracts/payments';
import { ProofImage, uploadPath } from '../../components/proof-image';
import { ReviewActionsCell, ReviewStatusCell, useReviewQueue } from '../../components/review-queue';
import { ReviewQueueScreen } from '../../components/shared-review-queue-screen';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan, useStaffSession } from '../session/api';
import { useReviewWithdrawal, useWithdrawals, type StaffWithdrawal } from './api';
import './payments.css';

const columns = [
  '#',
  'Member',
  'Amount',
  'Payout account',
  'Turnover remaining',
  'Created',
  'Status',
  'Confirmation',
  'Actions',
];

const confirmationLabels: Record<ConfirmationState, string> = {
  not_applicable: '—',
  awaiting: 'Awaiting the member',
  received: 'Received',
  not_received: 'Dispute: not received',
  fully_paid: 'Fully paid',
  auto_received: 'Received (no answer)',
};

const Confirmation = ({
  withdrawal,
  canViewProof,
}: {
  withdrawal: StaffWithdrawal;
  canViewProof: boolean;
}) => {
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
      {confirmation.proofUploadId && canViewProof ? (
        <ProofImage
          path={uploadPath(confirmation.proofUploadId)}
          label={`Member's proof for withdrawal #${withdrawal.id}`}
          testId={`withdrawal-proof-${withdrawal.id}`}
        />
      ) : null}
    </div>
  );
};

/**
 * Four eyes: a withdrawal above the brand's second-approval amount needs two staff members; after the first
 * approval it waits for another one, and the row says who approved first.
 */
const SecondApproval = ({ withdrawal }: { withdrawal: StaffWithdrawal }) => {
  const { firstApproval, status, id } = withdrawal;
  if (firstApproval !== null) {
    return (
      <div data-testid={`withdrawal-four-eyes-${id}`}>
        {status === 'pending' ? (
          <span className="badge badge--awaiting">Awaiting second approval by another staff member</span>
        ) : null}
        <div className="muted">
          First approved by {firstApproval.staff} · {formatDateTime(firstApproval.at)}
          {firstApproval.note ? ` · “${firstApproval.note}”` : ''}
        </div>
      </div>
    );
  }
  if (status === 'pending' && withdrawal.approvalsRequired > 1) {
    return (
      <div className="muted" data-testid={`withdrawal-four-eyes-${id}`}>
        Needs two approvals by different staff members
      </div>
    );
  }
  return null;
};

/**
 * Where the money goes. Finance staff and admins (who pay withdrawals out) get the whole account number from
 * the server; others get the last four characters, and the console says why.
 */
const PayoutAccountNumber = ({ withdrawal }: { withdrawal: StaffWithdrawal }) => (
  <span
    className="payout-number"
    data-testid={`withdrawal-account-${withdrawal.id}`}
    title={
      withdrawal.payoutAccountRevealed
        ? undefined
        : 'Masked: only finance staff and admins see the whole account number'
    }
  >
    {withdrawal.payoutAccount.accountNumber}
  </span>
);

/**
 * KYC: above the brand's thresholds a withdrawal waits (its money held) until the member reaches the tier; it
 * cannot be approved before, and approving their document (Identity, KYC) releases it into the queue.
 */
const AwaitingVerification = ({ withdrawal }: { withdrawal: StaffWithdrawal }) =>
  withdrawal.awaitingKycTier === null ? null : (
    <div data-testid={`withdrawal-awaiting-kyc-${withdrawal.id}`}>
      <span className="badge badge--awaiting">
        Waiting for the member’s verification ({withdrawal.awaitingKycTier})
      </span>
    </div>
  );

/** Who approved first may not give the second approval; the server refuses it too. */
const isFirstApprover = (withdrawal: StaffWithdrawal, username: string | undefined): boolean =>
  withdrawal.firstApproval !== null && withdrawal.firstApproval.staff === username;

export const WithdrawalsPage = () => {
  const { staff } = useStaffSession();
  const can = useCan();
  const queue = useReviewQueue<StaffWithdrawal>(useReviewWithdrawal());
  const withdrawals = useWithdrawals(queue.status, queue.pageNo);
  const list = withdrawals.data?.list ?? [];

  return (
    <ReviewQueueScreen
      queue={queue}
      name="withdrawals"
      title="Withdrawals"
      // The server's pending list also holds approved payouts the member disputes (not received).
      pendingLabel="Pending and disputes"
      answer={withdrawals}
      columns={columns}
      emptyMessages={{
        pending: 'No withdrawals waiting for review and no disputes.',
        all: 'No withdrawals yet.',
      }}
      subject={(withdrawal) => `withdrawal #${withdrawal.id}`}
      summary={(withdrawal) => (
        <dl className="facts">
          <dt>Member</dt>
          <dd>{withdrawal.member.account}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(withdrawal.amount, withdrawal.currency)}</dd>
          <dt>Pay to</dt>
          <dd data-testid="withdrawal-pay-to">
            {withdrawal.payoutAccount.providerName} ({withdrawal.payoutAccount.method})
            <div className="payout-number" data-testid="withdrawal-pay-to-account">
              {withdrawal.payoutAccount.accountNumber}
            </div>
            <div>{withdrawal.payoutAccount.holderName}</div>
            {withdrawal.payoutAccountRevealed ? null : (
              <div className="muted" data-testid="withdrawal-pay-to-masked">
                Masked: only finance staff and admins see the whole account number.
              </div>
            )}
          </dd>
          <dt>Turnover remaining</dt>
          <dd>{withdrawal.turnoverRemaining}</dd>
          {withdrawal.approvalsRequired > 1 ? (
            <>
              <dt>Approvals</dt>
              <dd data-testid="withdrawal-approval-step">
                {withdrawal.firstApproval === null
                  ? 'First of two: nothing is paid until another staff member approves too.'
                  : `Second of two (first: ${withdrawal.firstApproval.staff}): approving pays it out.`}
              </dd>
            </>
          ) : null}
        </dl>
      )}
    >
      {list.map((withdrawal) => (
        <tr
          key={withdrawal.id}
          className={withdrawal.confirmation.state === 'not_received' ? 'row--attention' : undefined}
          data-testid={`withdrawal-row-${withdrawal.id}`}
        >
          <td>{withdrawal.id}</td>
          <td>
            {withdrawal.member.account}
            {withdrawal.member.realName ? <div className="muted">{withdrawal.member.realName}</div> : null}
          </td>
          <td className="number">{formatMoney(withdrawal.amount, withdrawal.currency)}</td>
          <td>
            {withdrawal.payoutAccount.providerName} ({withdrawal.payoutAccount.method})
            <div className="muted">
              <PayoutAccountNumber withdrawal={withdrawal} /> · {withdrawal.payoutAccount.holderName}
            </div>
          </td>
          <td className="number" data-testid={`withdrawal-turnover-${withdrawal.id}`}>
            {withdrawal.turnoverRemaining}
          </td>
          <td>{formatDateTime(withdrawal.createdAt)}</td>
          <ReviewStatusCell item={withdrawal}>
            <AwaitingVerification withdrawal={withdrawal} />
            <SecondApproval withdrawal={withdrawal} />
          </ReviewStatusCell>
          <td>
            <Confirmation withdrawal={withdrawal} canViewProof={can('uploads.view')} />
          </td>
          <ReviewActionsCell
            queue={queue}
            item={withdrawal}
            kind="withdrawal"
            canApprove={!isFirstApprover(withdrawal, staff?.username) && withdrawal.awaitingKycTier === null}
            canDecide={can('withdrawals.approve')}
          />
        </tr>
      ))}
    </ReviewQueueScreen>
  );
};
