import type { Permission } from '@wps/contracts/staff-permissions';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { useCan } from '../session/api';
import { useMemberProfile, type MemberProfile } from './api';
import { LinkedMembers, SignIns } from './member-activity';
import { MemberActions, TagEditor, Timeline } from './member-actions';
import { StatusBadge, typeLabel } from './member-labels';
import { MemberOverview } from './member-overview';
import { MemberProtectionPanel } from './member-protection';
import { BetRecords, DepositRecords, TransactionRecords, WithdrawalRecords } from './member-records';

export const profileTabs = [
  'overview',
  'transactions',
  'bets',
  'deposits',
  'withdrawals',
  'sign-ins',
  'linked',
  'protection',
  'timeline',
] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** The tab named in the address, else the overview. */
export const profileTabOf = (value: string | null): ProfileTab =>
  profileTabs.find((tab) => tab === value) ?? 'overview';

const tabs: Record<ProfileTab, { label: string; permission: Permission }> = {
  overview: { label: 'Overview', permission: 'members.view' },
  transactions: { label: 'Transactions', permission: 'members.view_balances' },
  bets: { label: 'Bets', permission: 'members.view' },
  deposits: { label: 'Deposits', permission: 'deposits.view' },
  withdrawals: { label: 'Withdrawals', permission: 'withdrawals.view' },
  'sign-ins': { label: 'Sign-ins', permission: 'members.view' },
  linked: { label: 'Linked accounts', permission: 'members.view' },
  protection: { label: 'Responsible gaming', permission: 'members.view' },
  timeline: { label: 'Notes and history', permission: 'members.view' },
};

const ProfileHeader = ({ profile }: { profile: MemberProfile }) => {
  const can = useCan();
  const { member } = profile;
  return (
    <header className="card member-header">
      <div className="member-header__who">
        <h2 id="member-profile-title" data-testid="member-profile-title">
          {member.account}
          {member.realName ? <span className="muted"> · {member.realName}</span> : null}
        </h2>
        <p className="member-header__facts">
          <span data-testid="member-status">
            <StatusBadge status={member.status} />
          </span>
          <span className="badge">{typeLabel(member.type)}</span>
          <span className="muted">ID {member.id}</span>
          {can('promotions.view') ? (
            <Link
              to={`/promotions?member=${encodeURIComponent(member.account)}`}
              data-testid="member-bonuses-link"
            >
              Bonuses of {member.account}
            </Link>
          ) : null}
        </p>
        <TagEditor memberId={member.id} tags={profile.tags} canEdit={can('members.manage')} />
      </div>
      {can('members.manage') ? <MemberActions profile={profile} /> : null}
    </header>
  );
};

type TabsProps = { shown: readonly ProfileTab[]; current: ProfileTab; onTab: (tab: ProfileTab) => void };

/** The profile's tabs: arrow keys, Home and End move between them (one tab stop), as screen readers expect. */
const ProfileTabs = ({ shown, current, onTab }: TabsProps) => {
  const buttons = useRef(new Map<ProfileTab, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = shown.indexOf(current);
    const target =
      event.key === 'ArrowRight'
        ? shown[(index + 1) % shown.length]
        : event.key === 'ArrowLeft'
          ? shown[(index - 1 + shown.length) % shown.length]
          : event.key === 'Home'
            ? shown[0]
            : event.key === 'End'
              ? shown.at(-1)
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    onTab(target);
    buttons.current.get(target)?.focus();
  };
  return (
    <div className="member-tabs" role="tablist" aria-label="Member" onKeyDown={move}>
      {shown.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) buttons.current.set(tab, element);
            else buttons.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={`member-tab-${tab}`}
          aria-selected={tab === current}
          aria-controls="member-tab-panel"
          tabIndex={tab === current ? 0 : -1}
          className="member-tabs__tab"
          onClick={() => {
            onTab(tab);
          }}
          data-testid={`member-tab-${tab}`}
        >
          {tabs[tab].label}
        </button>
      ))}
    </div>
  );
};

type ProfileViewProps = {
  memberId: string;
  tab: ProfileTab;
  onTab: (tab: ProfileTab) => void;
  /** Back to the search's results; absent when the member was opened by address. */
  onBack: (() => void) | undefined;
  onOpenMember: (memberId: string) => void;
};

/**
 * One member for the operations team: who they are, their state and tags, what staff may do to the account,
 * and tabs for their money, records (as the member sees them), sign-ins, linked accounts and the staff timeline.
 * Tabs of records the staff member's role may not read are not shown.
 */
export const MemberProfileView = ({ memberId, tab, onTab, onBack, onOpenMember }: ProfileViewProps) => {
  const can = useCan();
  const profile = useMemberProfile(memberId);
  const shown = profileTabs.filter((candidate) => can(tabs[candidate].permission));
  const current = shown.includes(tab) ? tab : 'overview';
  const [pages, setPages] = useState<Partial<Record<ProfileTab, number>>>({});
  const pageOf = (of: ProfileTab) => pages[of] ?? 1;
  const onPage = (of: ProfileTab) => (pageNo: number) => {
    setPages((before) => ({ ...before, [of]: pageNo }));
  };

  return (
    <section className="member-profile" aria-labelledby="member-profile-title" data-testid="member-profile">
      {onBack ? (
        <p>
          <button type="button" className="button" onClick={onBack} data-testid="member-back">
            ← Back to results
          </button>
        </p>
      ) : null}
      <ErrorMessage error={profile.error} testId="member-error" />
      {profile.isPending ? <p className="muted">Loading…</p> : null}
      {profile.data ? (
        <>
          <ProfileHeader profile={profile.data} />
          <ProfileTabs shown={shown} current={current} onTab={onTab} />
          <div
            className="member-tab-panel"
            role="tabpanel"
            id="member-tab-panel"
            aria-labelledby={`member-tab-${current}`}
          >
            {current === 'overview' ? (
              <MemberOverview profile={profile.data} onOpenMember={onOpenMember} />
            ) : current === 'transactions' ? (
              <TransactionRecords memberId={memberId} pageNo={pageOf(current)} onPage={onPage(current)} />
            ) : current === 'bets' ? (
              <BetRecords memberId={memberId} pageNo={pageOf(current)} onPage={onPage(current)} />
            ) : current === 'deposits' ? (
              <DepositRecords memberId={memberId} pageNo={pageOf(current)} onPage={onPage(current)} />
            ) : current === 'withdrawals' ? (
              <WithdrawalRecords memberId={memberId} pageNo={pageOf(current)} onPage={onPage(current)} />
            ) : current === 'sign-ins' ? (
              <SignIns memberId={memberId} pageNo={pageOf(current)} onPage={onPage(current)} />
            ) : current === 'linked' ? (
              <LinkedMembers memberId={memberId} onOpenMember={onOpenMember} />
            ) : current === 'protection' ? (
              <MemberProtectionPanel
                memberId={memberId}
                account={profile.data.member.account}
                canManage={can('members.manage')}
              />
            ) : (
              <Timeline
                memberId={memberId}
                timeline={profile.data.timeline}
                canWrite={can('members.manage')}
              />
            )}
          </div>
        </>
      ) : null}
    </section>
  );
};
