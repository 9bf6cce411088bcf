import { Fragment } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { formatDateTime } from '../../lib/format';
import { AdjustmentForm } from './adjustment-form';
import { useCan } from '../session/api';
import { useMemberWallet, type MemberWallet } from './api';
import { MemberSearch, searchFieldOf } from './member-search';
import './members-page.css';

const Funds = ({ wallet }: { wallet: MemberWallet }) => {
  const { funds } = wallet;
  return (
    <div className="card">
      <h2>
        {wallet.member.account}
        {wallet.member.realName ? <span className="muted"> · {wallet.member.realName}</span> : null}
      </h2>
      <dl className="facts" data-testid="member-funds">
        <dt>Main wallet</dt>
        <dd data-testid="member-main-wallet">
          {funds.mainWallet} {funds.currency}
        </dd>
        <dt>Pending withdrawal (held)</dt>
        <dd data-testid="member-pending-withdrawal">
          {funds.pendingWithdrawal} {funds.currency}
        </dd>
        {funds.gameWallets.map((gameWallet) => (
          <Fragment key={gameWallet.vendor}>
            <dt>Game wallet {gameWallet.vendor}</dt>
            <dd>
              {gameWallet.balance} {funds.currency}
            </dd>
          </Fragment>
        ))}
        <dt>Total</dt>
        <dd data-testid="member-total">
          {funds.total} {funds.currency}
        </dd>
        <dt>Turnover remaining</dt>
        <dd data-testid="member-turnover">
          {wallet.turnoverRemaining} {funds.currency}
        </dd>
      </dl>
    </div>
  );
};

const Records = ({ wallet }: { wallet: MemberWallet }) => (
  <section aria-labelledby="records-title">
    <h2 id="records-title">Latest records</h2>
    <div className="table-scroll">
      <table className="table" data-testid="member-records">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Type</th>
            <th scope="col">Amount</th>
            <th scope="col">Balance after</th>
            <th scope="col">Reference</th>
            <th scope="col">Memo</th>
          </tr>
        </thead>
        <tbody>
          {wallet.records.map((record) => (
            <tr key={record.id} data-testid={`member-record-${record.id}`}>
              <td>{formatDateTime(record.time)}</td>
              <td>
                {record.type}
                <div className="muted">{record.kind}</div>
              </td>
              <td className={record.amount.startsWith('-') ? 'number negative' : 'number'}>
                {record.amount}
              </td>
              <td className="number">{record.balanceAfter}</td>
              <td>{record.reference ?? '—'}</td>
              <td>{record.memo ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    {wallet.records.length === 0 ? <p className="empty">No records yet.</p> : null}
  </section>
);

export const MembersPage = () => {
  const can = useCan();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const field = searchFieldOf(searchParams.get('field'));
  const username = (searchParams.get('username') ?? '').trim();
  // Wallets are money: shown with members.view_balances, the adjustment form with money.adjust.
  const canReadWallet = can('members.view_balances');
  const wallet = useMemberWallet(username, canReadWallet);

  const show = (next: { q: string; field: string; username: string }) => {
    setSearchParams(
      Object.fromEntries(
        Object.entries(next).filter(
          ([name, value]) => value !== '' && !(name === 'field' && value === 'any'),
        ),
      ),
    );
  };

  return (
    <section aria-labelledby="members-title">
      <header className="page-header">
        <h1 id="members-title">Members</h1>
      </header>
      <MemberSearch
        key={`${field}:${q}`}
        q={q}
        field={field}
        selected={username}
        onSearch={(nextQ, nextField) => {
          show({ q: nextQ, field: nextField, username: '' });
        }}
        onOpen={(account) => {
          show({ q, field, username: account });
        }}
      />
      {username !== '' && !canReadWallet ? (
        <p className="muted" data-testid="member-wallet-not-for-role">
          Your role does not include members&apos; wallets.
        </p>
      ) : null}
      {username !== '' && can('promotions.view') ? (
        <p>
          <Link to={`/promotions?member=${encodeURIComponent(username)}`} data-testid="member-bonuses-link">
            Bonuses of {username}
          </Link>
        </p>
      ) : null}
      <ErrorMessage error={wallet.error} testId="member-error" />
      {wallet.isFetching && !wallet.data ? <p className="muted">Loading…</p> : null}
      {wallet.data ? (
        <>
          <div className="columns">
            <Funds wallet={wallet.data} />
            {can('money.adjust') ? (
              <AdjustmentForm
                key={wallet.data.member.id}
                username={wallet.data.member.account}
                currency={wallet.data.funds.currency}
              />
            ) : null}
          </div>
          <Records wallet={wallet.data} />
        </>
      ) : null}
    </section>
  );
};
