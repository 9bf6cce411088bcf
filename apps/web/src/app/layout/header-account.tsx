import type { MemberInfo } from '@wps/contracts/auth';
import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '../../features/site/api/get-permission';
import { useDialogs } from '../../components/dialog-provider';
import { Icon } from '../../components/icon';
import { LazyImage } from '../../components/lazy-image';
import { useActionGuard } from '../../features/auth/api/use-action-guard';
import { useSession } from '../../features/auth/api/use-session';
import { useSignOut } from '../../features/auth/api/use-sign-out';
import { vipLevelNameIn } from '../../features/loyalty/api/vip-player-rank';
import { useMemberIcon } from '../../features/members/api/get-member-info';
import { memberSectionPath } from '../../features/members/member-sections';
import { UnreadMessageBadge } from '../../features/messages/components/unread-badge';
import { UnreadMissionBadge } from '../../features/loyalty/components/unread-mission-badge';
import { UnreadRewardBadge } from '../../features/promotions/components/unread-reward-badge';
import { SessionNetPosition } from '../../features/protection/components/session-net-position';
import { HeaderBalance } from '../../features/wallet/components/header-balance';

/** The member's picture, or the default one when there is none or it fails to load (spec section 8). */
function Avatar({ url }: { url: string | null }) {
  return (
    <LazyImage
      sources={url === null ? [] : [url]}
      alt=""
      imageClassName="avatar"
      imageTestId="header-avatar"
      fallback={
        <span className="avatar avatar--default" data-testid="header-avatar-default">
          <Icon name="user" />
        </span>
      }
    />
  );
}

function MemberMenu({ isAgent }: { isAgent: boolean }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const menuId = useId();
  const [isOpen, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
    };
  }, [isOpen]);

  const close = () => {
    setOpen(false);
  };
  const links = [
    {
      to: memberSectionPath('securityCenter'),
      label: t('member_menu.my_account'),
      testId: 'menu-my-account',
    },
    ...(isAgent ? [{ to: '/agentHome', label: t('member_menu.agent'), testId: 'menu-agent' }] : []),
    {
      to: memberSectionPath('personalHistoryCopy'),
      label: t('member_menu.betting_record'),
      testId: 'menu-betting-record',
    },
    {
      to: isAgent ? '/agentHome?page=agentRevenueReport' : memberSectionPath('personalProfit'),
      label: t('member_menu.my_income'),
      testId: 'menu-my-income',
    },
    {
      to: memberSectionPath('messageV2'),
      label: t('member_menu.messages'),
      testId: 'menu-messages',
      badge: <UnreadMessageBadge testId="menu-messages-unread" />,
    },
    { to: '/pointMall', label: t('loyalty.points.menu'), testId: 'menu-points-mall' },
    // Spec section 2: unread badges for missions, messages and rewards.
    {
      to: memberSectionPath('missionLeaderboard'),
      label: t('loyalty.missions.menu'),
      testId: 'menu-missions',
      badge: <UnreadMissionBadge testId="menu-missions-unread" />,
    },
    // Spec section 2: unread badges for rewards too.
    {
      to: memberSectionPath('rewardCenter'),
      label: t('member_menu.rewards'),
      testId: 'menu-rewards',
      badge: <UnreadRewardBadge testId="menu-rewards-unread" />,
    },
  ];

  return (
    <div
      className="member-menu"
      ref={containerRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        type="button"
        className="member-menu__toggle"
        aria-expanded={isOpen}
        aria-controls={menuId}
        data-testid="header-menu-button"
        onClick={() => {
          setOpen((open) => !open);
        }}
      >
        <span className="visually-hidden">{t('member_menu.label')}</span>
        <Icon name="chevron-down" size={16} />
        <UnreadMessageBadge testId="header-unread" />
      </button>
      <ul id={menuId} className="member-menu__list" hidden={!isOpen} data-testid="header-menu">
        {/* The session's net result (reality checks), read again each time the menu opens. */}
        {isOpen && <SessionNetPosition />}
        {links.map((link) => (
          <li key={link.testId}>
            <Link to={link.to} className="member-menu__item" data-testid={link.testId} onClick={close}>
              {link.label}
              {'badge' in link && link.badge}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="member-menu__item"
            data-testid="logout-button"
            onClick={() => {
              close();
              void signOut();
            }}
          >
            {t('auth.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}

function LoggedInAccount({
  member,
  token,
  isAgent,
}: {
  member: MemberInfo;
  token: string;
  isAgent: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const { run } = useActionGuard();
  const iconUrl = useMemberIcon(token);

  const copyMemberId = async () => {
    try {
      await navigator.clipboard.writeText(member.id);
      dialogs.toast(t('copy_success'));
    } catch {
      // Clipboard access refused: the ID stays visible to copy by hand.
    }
  };

  return (
    <div className="site-header__account site-header__account--member" data-testid="header-member">
      <HeaderBalance />
      <button
        type="button"
        className="button button--primary"
        data-testid="header-deposit"
        onClick={() => run(() => void navigate(memberSectionPath('depositv2')))}
      >
        {t('member_menu.deposit')}
      </button>
      <button
        type="button"
        className="button button--ghost site-header__withdraw"
        data-testid="header-withdraw"
        onClick={() => run(() => void navigate(memberSectionPath('withdraw')))}
      >
        {t('member_menu.withdraw')}
      </button>
      <Avatar url={iconUrl ?? member.avatarUrl} />
      <div className="member-badge">
        <span className="member-badge__name" data-testid="header-account" dir="auto">
          {member.account}
        </span>
        <VipLabel member={member} />
        <button
          type="button"
          className="member-badge__id"
          data-testid="header-member-id"
          aria-label={t('member_menu.copy_id', { id: member.id })}
          onClick={() => void copyMemberId()}
        >
          {t('member_menu.id', { id: member.id })}
          <Icon name="copy" size={14} />
        </button>
      </div>
      <MemberMenu isAgent={isAgent} />
    </div>
  );
}

/** The member's VIP level beside their name, where the brand runs VIP (its VIP3 flag). */
function VipLabel({ member }: { member: MemberInfo }) {
  const { i18n } = useTranslation();
  const { info } = usePermission();
  if (member.vip === null || !isWhitelabelEnabled(info.whitelabel, 'VIP3')) return null;
  return (
    <Link className="member-badge__vip" to={memberSectionPath('playerRank')} data-testid="header-vip">
      {vipLevelNameIn(member.vip.name, i18n.language)}
    </Link>
  );
}

/** The header's account area: login and register for guests, the member's badge and menu once logged in. */
export function HeaderAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, member, isAgent, isResolving } = useSession();
  // No login buttons flash while a stored token is still being turned into member info.
  if (isResolving) return <div className="site-header__account" aria-busy="true" />;
  if (member === null || token === null) {
    return (
      <div className="site-header__account">
        <button
          type="button"
          className="button button--ghost"
          data-testid="header-login"
          onClick={() => void navigate('/login')}
        >
          {t('header.login')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="header-register"
          onClick={() => void navigate('/register')}
        >
          {t('header.register')}
        </button>
      </div>
    );
  }
  return <LoggedInAccount member={member} token={token} isAgent={isAgent} />;
}
