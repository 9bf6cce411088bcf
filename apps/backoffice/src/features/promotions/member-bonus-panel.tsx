import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { formatDateTime } from '../../lib/format';
import { useForfeitBonus, useGrantBonus, useMemberBonuses, type MemberBonuses, type Promotion } from './api';
import { TableScroll } from '../../components/table-scroll';

type Bonus = NonNullable<MemberBonuses['active']>;

const BonusRow = ({ bonus }: { bonus: Bonus }) => (
  <tr data-testid={`bonus-row-${bonus.id}`}>
    <td>{bonus.title}</td>
    <td>
      <span className="badge">{bonus.status}</span>
    </td>
    <td className="number">{bonus.amount}</td>
    <td className="number">{bonus.status === 'active' ? bonus.balance : '—'}</td>
    <td className="number">
      {bonus.wageringDone} / {bonus.wageringRequired}
    </td>
    <td>{formatDateTime(bonus.grantedAt)}</td>
    <td>{bonus.status === 'active' ? formatDateTime(bonus.expiresAt) : formatDateTime(bonus.endedAt)}</td>
    <td className="number">{bonus.settledAmount ?? '—'}</td>
  </tr>
);

const GrantForm = ({ username, granted }: { username: string; granted: readonly Promotion[] }) => {
  const grant = useGrantBonus();
  const [chosenId, setChosenId] = useState('');
  // The list may arrive after the panel: until the operator picks one, the first granted promotion.
  const promotionId = granted.some((promotion) => promotion.id === chosenId)
    ? chosenId
    : (granted[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One id per submission: a retry of the same submission grants once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    grant.mutate(
      { username, request: { promotionId, amount: amount.trim(), reason: reason.trim(), requestId } },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
          setRequestId(crypto.randomUUID());
        },
      },
    );
  };
  if (granted.length === 0) {
    return (
      <p className="muted">Create a granted-bonus promotion first: its wagering rules apply to grants.</p>
    );
  }
  return (
    <form onSubmit={submit} data-testid="grant-bonus-form">
      <label>
        Promotion
        <select
          value={promotionId}
          onChange={(event) => {
            setChosenId(event.target.value);
          }}
          data-testid="grant-bonus-promotion"
        >
          {granted.map((promotion) => (
            <option key={promotion.id} value={promotion.id}>
              {promotion.content.en.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Amount
        <input
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
          }}
          data-testid="grant-bonus-amount"
        />
      </label>
      <label>
        Reason
        <input
          value={reason}
          maxLength={500}
          onChange={(event) => {
            setReason(event.target.value);
          }}
          data-testid="grant-bonus-reason"
        />
      </label>
      <button
        type="submit"
        className="button button--primary"
        disabled={grant.isPending || amount.trim() === '' || reason.trim() === ''}
        data-testid="grant-bonus-submit"
      >
        Grant bonus
      </button>
      <ErrorMessage error={grant.error} testId="grant-bonus-error" />
    </form>
  );
};

const ForfeitForm = ({ username }: { username: string }) => {
  const forfeit = useForfeitBonus();
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        forfeit.mutate(
          { username, request: { reason: reason.trim() } },
          {
            onSuccess: () => {
              setReason('');
            },
          },
        );
      }}
      data-testid="forfeit-bonus-form"
    >
      <label>
        Reason
        <input
          value={reason}
          maxLength={500}
          onChange={(event) => {
            setReason(event.target.value);
          }}
          data-testid="forfeit-bonus-reason"
        />
      </label>
      <button
        type="submit"
        className="button button--danger"
        disabled={forfeit.isPending || reason.trim() === ''}
        data-testid="forfeit-bonus-submit"
      >
        Forfeit the active bonus
      </button>
      <span className="muted">What is left of it returns to the house.</span>
      <ErrorMessage error={forfeit.error} testId="forfeit-bonus-error" />
    </form>
  );
};

/** A member's bonuses: the active one (with forfeit) and history, and a grant (with bonuses.manage). */
export const MemberBonusPanel = ({
  username,
  granted,
  movesMoney,
}: {
  username: string;
  granted: readonly Promotion[];
  movesMoney: boolean;
}) => {
  const bonuses = useMemberBonuses(username);
  const data = bonuses.data;
  return (
    <div data-testid="member-bonus-panel">
      <ErrorMessage error={bonuses.error} testId="member-bonuses-error" />
      {bonuses.isLoading ? <p className="muted">Loading…</p> : null}
      {data ? (
        <>
          <h3>{data.member.username}</h3>
          <TableScroll label="The member’s bonuses">
            <table className="table" data-testid="member-bonuses">
              <thead>
                <tr>
                  {[
                    'Bonus',
                    'Status',
                    'Amount',
                    'Left',
                    'Wagered / required',
                    'Granted',
                    'Expires / ended',
                    'Settled',
                  ].map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.active ? <BonusRow bonus={data.active} /> : null}
                {data.history.map((bonus) => (
                  <BonusRow key={bonus.id} bonus={bonus} />
                ))}
              </tbody>
            </table>
          </TableScroll>
          {data.active === null && data.history.length === 0 ? (
            <p className="empty">No bonuses yet.</p>
          ) : null}
          {movesMoney ? (
            data.active ? (
              <ForfeitForm username={data.member.username} />
            ) : (
              <GrantForm username={data.member.username} granted={granted} />
            )
          ) : null}
        </>
      ) : null}
    </div>
  );
};
