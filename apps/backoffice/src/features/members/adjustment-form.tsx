import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { isAboveAmount, useWalletSettings } from '../wallet/api';
import { useAdjustBalance } from './api';

type Direction = 'credit' | 'debit';
type PendingAdjustment = { direction: Direction; amount: string; reason: string; requestId: string };

const amountPattern = /^\d{1,15}(\.\d{1,8})?$/;

const checkForm = (amount: string, reason: string): string | null => {
  if (!amountPattern.test(amount) || !/[1-9]/.test(amount))
    return 'Enter an amount above zero, such as 25.00.';
  if (reason === '') return 'A reason is required.';
  return null;
};

/** Four eyes: above the brand's second-approval amount the adjustment waits for another staff member. */
const SecondApprovalNote = ({ amount, currency }: { amount: string; currency: string }) => {
  const settings = useWalletSettings();
  const limit = settings.data?.secondApprovalAbove;
  if (limit === undefined || !isAboveAmount(amount, limit)) return null;
  return (
    <p className="notice" role="status" data-testid="adjustment-needs-second-approval">
      Above {limit} {currency}: this adjustment needs a second approval. It is saved as a proposal and posted
      only when another staff member approves it under Approvals.
    </p>
  );
};

/**
 * A manual credit or debit of the member's main wallet, confirmed before it is sent. The request id is made
 * when the operator reviews the adjustment: pressing confirm again after a network failure repeats the same
 * request (the server answers the first result), while every new adjustment gets its own id.
 */
export const AdjustmentForm = ({
  memberId,
  username,
  currency,
}: {
  memberId: string;
  username: string;
  currency: string;
}) => {
  const adjust = useAdjustBalance(memberId);
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAdjustment | null>(null);

  const review = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedAmount = amount.trim();
    const trimmedReason = reason.trim();
    const found = checkForm(trimmedAmount, trimmedReason);
    setProblem(found);
    if (found !== null) return;
    adjust.reset();
    setPending({ direction, amount: trimmedAmount, reason: trimmedReason, requestId: crypto.randomUUID() });
  };

  const confirm = () => {
    if (pending === null) return;
    adjust.mutate(
      {
        username,
        amount: pending.direction === 'debit' ? `-${pending.amount}` : pending.amount,
        reason: pending.reason,
        requestId: pending.requestId,
      },
      {
        onSuccess: () => {
          setPending(null);
          setAmount('');
          setReason('');
        },
      },
    );
  };

  return (
    <form className="card" onSubmit={review} noValidate aria-labelledby="adjustment-title">
      <h2 id="adjustment-title">Manual adjustment</h2>
      <fieldset className="segmented" disabled={pending !== null}>
        <legend>Direction</legend>
        {(['credit', 'debit'] as const).map((value) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="direction"
              value={value}
              checked={direction === value}
              onChange={() => {
                setDirection(value);
              }}
              data-testid={`adjustment-${value}`}
            />
            {value === 'credit' ? 'Credit (add)' : 'Debit (take)'}
          </label>
        ))}
      </fieldset>
      <label>
        Amount ({currency})
        <input
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          disabled={pending !== null}
          onChange={(event) => {
            setAmount(event.target.value);
          }}
          data-testid="adjustment-amount"
        />
      </label>
      <label>
        Reason (required, kept in the audit trail)
        <textarea
          rows={2}
          maxLength={500}
          value={reason}
          disabled={pending !== null}
          onChange={(event) => {
            setReason(event.target.value);
          }}
          data-testid="adjustment-reason"
        />
      </label>
      <SecondApprovalNote amount={pending?.amount ?? amount.trim()} currency={currency} />
      {problem ? (
        <p className="error" role="alert" data-testid="adjustment-problem">
          {problem}
        </p>
      ) : null}
      {pending === null ? (
        <div className="actions">
          <button type="submit" className="button button--primary" data-testid="adjustment-submit">
            Review adjustment
          </button>
        </div>
      ) : (
        <div className="confirm-box" data-testid="adjustment-confirm-box">
          <p>
            {pending.direction === 'credit' ? 'Credit' : 'Debit'}{' '}
            <strong>
              {pending.amount} {currency}
            </strong>{' '}
            {pending.direction === 'credit' ? 'to' : 'from'} <strong>{username}</strong>: “{pending.reason}”
          </p>
          <ErrorMessage error={adjust.error} testId="adjustment-error" />
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setPending(null);
              }}
              data-testid="adjustment-cancel"
            >
              Change
            </button>
            <button
              type="button"
              className={pending.direction === 'credit' ? 'button button--primary' : 'button button--danger'}
              disabled={adjust.isPending}
              onClick={confirm}
              data-testid="adjustment-confirm"
            >
              {adjust.isPending ? 'Saving…' : `Confirm ${pending.direction}`}
            </button>
          </div>
        </div>
      )}
      {adjust.isSuccess && pending === null ? (
        adjust.data.status === 'posted' ? (
          <p className="success" role="status" data-testid="adjustment-result">
            Done: balance {adjust.data.balanceBefore} → {adjust.data.balanceAfter} {currency} (transaction{' '}
            {adjust.data.transactionId}).
          </p>
        ) : (
          <p className="success" role="status" data-testid="adjustment-proposed">
            Proposed: above {adjust.data.secondApprovalAbove} {currency}, so nothing is posted until another
            staff member approves it under Approvals (proposal {adjust.data.proposal.id}).
          </p>
        )
      ) : null}
    </form>
  );
};
