import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../features/auth/api/use-session';
import { categoriesWithVendors, useGameMenus } from '../../features/games/api/get-game-menus';
import { lobbyPathOf, sideMenuCategories } from '../../features/games/game-types';
import { memberSectionPath } from '../../features/members/member-sections';
import { UnreadMissionBadge } from '../../features/loyalty/components/unread-mission-badge';
import { UnreadRewardBadge } from '../../features/promotions/components/unread-reward-badge';
import { usePermission } from '../../features/site/api/get-permission';
import { LiveChatButton } from '../../features/site/components/live-chat-button';
import { lazyComponent } from '../../lib/lazy-component';
import { useAfterPageLoad } from '../../lib/use-after-page-load';
import { phoneQuery, useMediaQuery } from '../../lib/use-media-query';
import { openExternalLink } from '../../lib/open-external-link';
import { isMenuLinkCurrent } from './menu-link-match';
import { SiteSettings } from './site-header';

// The w_leftmenu banner's code and its call come once the page has loaded: no visit comes for it.
const GroupBanner = lazyComponent(
  'group-banner',
  () => import('../../features/content/components/group-banner').then((module) => module.GroupBanner),
  null,
);

// The tools' dialogs load when opened.
const SpeedTestDialog = lazyComponent(
  'speed-test',
  () => import('../../features/site/components/speed-test-dialog').then((module) => module.SpeedTestDialog),
  null,
);
const MirrorSitesDialog = lazyComponent(
  'mirror-sites',
  () =>
    import('../../features/site/components/mirror-sites-dialog').then((module) => module.MirrorSitesDialog),
  null,
);

type SideMenuProps = { id: string; isOpen: boolean; onClose: () => void };

const menuLinkClass = ({ isActive }: { isActive: boolean }): string =>
  isActive ? 'side-menu__link side-menu__link--active' : 'side-menu__link';

export function SideMenu({ id, isOpen, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const { customerService, whitelabel } = usePermission().info;
  const { isAgent } = useSession();
  const [openTool, setOpenTool] = useState<'speed-test' | 'mirror-sites' | null>(null);
  const menus = useGameMenus();
  const isPageLoaded = useAfterPageLoad();
  const location = useLocation();
  const isPhone = useMediaQuery(phoneQuery);
  const closeTool = () => {
    setOpenTool(null);
  };
  // Spec section 2, Side menu: the account entries, manual rebate and VIP only when the brand enables them.
  const accountLinks = [
    { to: '/promotions', label: t('nav.promotions') },
    { to: memberSectionPath('personalHistoryCopy'), label: t('nav.betting_record') },
    ...(isWhitelabelEnabled(whitelabel, 'MANPLAYREB3')
      ? [{ to: memberSectionPath('manualRebate'), label: t('nav.manual_rebate') }]
      : []),
    {
      to: memberSectionPath('rewardCenter'),
      label: t('nav.rewards'),
      badge: <UnreadRewardBadge testId="side-menu-rewards-unread" />,
    },
    { to: '/pointMall', label: t('loyalty.points.menu') },
    {
      to: memberSectionPath('missionLeaderboard'),
      label: t('loyalty.missions.menu'),
      badge: <UnreadMissionBadge testId="side-menu-missions-unread" />,
    },
    ...(isWhitelabelEnabled(whitelabel, 'VIP3')
      ? [{ to: memberSectionPath('playerRank'), label: t('nav.vip') }]
      : []),
    ...(isAgent
      ? // An agent's "invite friends" is its affiliate links and QR code in the agent centre.
        [{ to: '/agentHome?page=registerCenter', label: t('nav.agent') }]
      : [{ to: memberSectionPath('referral'), label: t('nav.invite_friends') }]),
  ];
  // Spec section 2, Side menu: HOT, FAV, RECENT, then only the categories that have vendors.
  const categories = categoriesWithVendors(menus.data, sideMenuCategories);
  return (
    <nav
      id={id}
      className="side-menu"
      data-open={isOpen}
      aria-label={t('nav.label')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {/* On a phone the header is one row: its clock, search, language and theme are here. */}
      {isPhone && (
        <div className="side-menu__settings" data-testid="side-menu-settings">
          <SiteSettings />
        </div>
      )}
      <ul className="side-menu__list">
        <li>
          <NavLink to="/" end className={menuLinkClass} onClick={onClose}>
            {t('nav.home')}
          </NavLink>
        </li>
      </ul>
      <h2 className="side-menu__heading">{t('nav.games')}</h2>
      <ul className="side-menu__list" data-testid="side-menu-games">
        <li>
          <Link to="/#home-hot" className="side-menu__link" onClick={onClose}>
            {t('game_types.HOT')}
          </Link>
        </li>
        <li>
          <NavLink to="/favorite" className={menuLinkClass} onClick={onClose}>
            {t('game_types.FAV')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/recent" className={menuLinkClass} onClick={onClose}>
            {t('game_types.RECENT')}
          </NavLink>
        </li>
        {categories.map((gameType) => (
          <li key={gameType}>
            <NavLink to={lobbyPathOf(gameType)} className={menuLinkClass} onClick={onClose}>
              {t(`game_types.${gameType}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <ul className="side-menu__list side-menu__list--separated" data-testid="side-menu-account">
        {accountLinks.map((link) => {
          // These name a centre's page in `?page=`, which NavLink ignores: only the open page's entry is current.
          const isCurrent = isMenuLinkCurrent(link.to, location, { end: true });
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                className={menuLinkClass({ isActive: isCurrent })}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={onClose}
              >
                {link.label}
                {'badge' in link && link.badge}
              </Link>
            </li>
          );
        })}
      </ul>
      <ul className="side-menu__list side-menu__list--separated" data-testid="side-menu-tools">
        <li>
          <button
            type="button"
            className="side-menu__link"
            data-testid="side-menu-speed-test"
            onClick={() => {
              setOpenTool('speed-test');
            }}
          >
            {t('nav.speed_test')}
          </button>
        </li>
        <li>
          <button
            type="button"
            className="side-menu__link"
            data-testid="side-menu-mirror-sites"
            onClick={() => {
              setOpenTool('mirror-sites');
            }}
          >
            {t('nav.mirror_sites')}
          </button>
        </li>
        <li>
          <NavLink to="/down" className={menuLinkClass} onClick={onClose}>
            {t('nav.download')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/help" className={menuLinkClass} onClick={onClose}>
            {t('nav.help')}
          </NavLink>
        </li>
      </ul>
      <h2 className="side-menu__heading">{t('nav.customer_service')}</h2>
      <ul className="side-menu__list" data-testid="side-menu-service">
        <LiveChatButton variant="menu-item" />
        {customerService.map((entry) => (
          <li key={`${entry.csType}-${entry.title}`}>
            <button
              type="button"
              className="side-menu__link"
              onClick={() => {
                openExternalLink(entry.path);
              }}
            >
              {entry.title}
            </button>
          </li>
        ))}
      </ul>
      {/* Spec section 3, Banner: the w_leftmenu group, under the entries so its arrival moves none of them. */}
      {isPageLoaded && <GroupBanner group="w_leftmenu" />}
      {openTool === 'speed-test' && <SpeedTestDialog onClose={closeTool} />}
      {openTool === 'mirror-sites' && <MirrorSitesDialog onClose={closeTool} />}
    </nav>
  );
}
