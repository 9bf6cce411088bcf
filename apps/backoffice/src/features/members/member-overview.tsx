import { Fragment } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../session/api';
import { AdjustmentForm } from './adjustment-form';
import { useMemberFunds, type MemberFunds, type MemberProfile } from './api';

const Funds = ({ funds }: { funds: MemberFunds }) => {
  const { currency, withdrawal } = funds;
  const money = (amount: string) => `${amount} ${currency}`;
  return (
    <section className="card" aria-labelledby="member-funds-title">
      <h3 id="member-funds-title">Balances</h3>
      <dl className="facts" data-testid="member-funds">
        <dt>Main wallet</dt>
        <dd data-testid="member-main-wallet">{money(funds.mainWallet)}</dd>
        <dt>Held for withdrawals</dt>
        <dd data-testid="member-pending-withdrawal">{money(funds.pendingWithdrawal)}</dd>
        <dt>Bonus balance</dt>
        <dd data-testid="member-bonus-balance">{money(funds.bonusBalance)}</dd>
        {funds.gameWallets.map((gameWallet) => (
          <Fragment key={gameWallet.vendor}>
            <dt>Game wallet {gameWallet.vendor}</dt>
            <dd>{money(gameWallet.balance)}</dd>
          </Fragment>
        ))}
        <dt>Total</dt>
        <dd data-testid="member-total">{money(funds.total)}</dd>
        <dt>Turnover remaining</dt>
        <dd data-testid="member-turnover">{money(withdrawal.turnoverRemaining)}</dd>
        {withdrawal.activeBonus ? (
          <>
            <dt>Active bonus</dt>
            <dd>
              {withdrawal.activeBonus.title} ({money(withdrawal.activeBonus.balance)})
            </dd>
          </>
        ) : null}
      </dl>
      <h3>Withdrawal limits</h3>
      <p className="muted">As the member&apos;s withdrawal page applies them (brand and VIP level).</p>
      <dl className="facts" data-testid="member-limits">
        <dt>Per withdrawal</dt>
        <dd>
          {money(withdrawal.minAmount)} – {money(withdrawal.maxAmount)}
        </dd>
        <dt>Daily amount</dt>
        <dd data-testid="member-limit-daily-amount">
          {money(withdrawal.usedTodayAmount)} used of {money(withdrawal.dailyMaxAmount)}
        </dd>
        <dt>Daily count</dt>
        <dd>
          {withdrawal.usedTodayCount} used of {withdrawal.dailyMaxCount}
        </dd>
      </dl>
    </section>
  );
};

const Details = ({
  profile,
  onOpenMember,
}: {
  profile: MemberProfile;
  onOpenMember: (memberId: string) => void;
}) => {
  const { member, identity } = profile;
  const { uplineId } = member;
  return (
    <section className="card" aria-labelledby="member-details-title">
      <h3 id="member-details-title">Account</h3>
      <dl className="facts" data-testid="member-details">
        <dt>Nickname</dt>
        <dd>{member.nickname}</dd>
        <dt>Agent</dt>
        <dd>
          {member.upline && uplineId !== null ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onOpenMember(uplineId);
              }}
              data-testid="member-upline"
            >
              {member.upline}
            </button>
          ) : (
            '—'
          )}
        </dd>
        <dt>Phone</dt>
        <dd>{member.phone ?? '—'}</dd>
        <dt>Email</dt>
        <dd>{member.email ?? '—'}</dd>
        <dt>Language</dt>
        <dd>{member.language ?? '—'}</dd>
        <dt>Registered</dt>
        <dd>
          {formatDateTime(member.createdAt)}
          <div className="muted">
            {member.registerIp ?? 'address unknown'}
            {member.registerDomain ? ` · ${member.registerDomain}` : ''}
          </div>
        </dd>
        <dt>Last login</dt>
        <dd data-testid="member-last-login">
          {formatDateTime(member.lastLoginAt)}
          {member.lastLoginIp ? <div className="muted">{member.lastLoginIp}</div> : null}
        </dd>
        <dt>Login password</dt>
        <dd>
          changed {formatDateTime(member.passwordChangedAt)}
          {member.mustChangePassword ? <div className="muted">must change it at the next login</div> : null}
        </dd>
        <dt>Payment password</dt>
        <dd data-testid="member-payment-password">{member.hasPaymentPassword ? 'set' : 'not set'}</dd>
      </dl>
      <h3>Identity</h3>
      <dl className="facts" data-testid="member-identity">
        <dt>Real name</dt>
        <dd>{identity.realName ?? '—'}</dd>
        <dt>ID number</dt>
        <dd>{identity.idNumber ?? '—'}</dd>
        <dt>Birthday</dt>
        <dd>{identity.birthday ?? '—'}</dd>
      </dl>
      <p className="muted" data-testid="member-kyc-note">
        The platform keeps no KYC verification or risk flags: only the details the member entered. Use tags
        and notes to flag a risk.
      </p>
    </section>
  );
};

/** The overview: the account and identity, and with the role's permission the balances and the adjustment form. */
export const MemberOverview = ({
  profile,
  onOpenMember,
}: {
  profile: MemberProfile;
  onOpenMember: (memberId: string) => void;
}) => {
  const can = useCan();
  // Money is shown with members.view_balances, the adjustment form with money.adjust.
  const canReadFunds = can('members.view_balances');
  const funds = useMemberFunds(profile.member.id, canReadFunds);
  return (
    <div className="columns">
      <Details profile={profile} onOpenMember={onOpenMember} />
      <div>
        {canReadFunds ? null : (
          <p className="muted" data-testid="member-wallet-not-for-role">
            Your role does not include members&apos; wallets.
          </p>
        )}
        <ErrorMessage error={funds.error} testId="member-funds-error" />
        {funds.data ? <Funds funds={funds.data} /> : null}
        {funds.data && can('money.adjust') ? (
          <AdjustmentForm
            memberId={profile.member.id}
            username={profile.member.account}
            currency={funds.data.currency}
          />
        ) : null}
      </div>
    </div>
  );
};
