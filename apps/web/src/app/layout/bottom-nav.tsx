import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '../../components/icon';
import { lobbyPathOf } from '../../features/games/game-types';
import { memberSectionPath } from '../../features/members/member-sections';
import { isMenuLinkCurrent } from './menu-link-match';

type Entry = { to: string; icon: IconName; label: string };

/**
 * The phone's bottom navigation, as casino apps have it: home, the games, promotions, deposit and the account.
 * Shown on narrow screens only (site-shell.css) and never on a game page, which takes the whole screen; guests
 * who open deposit or the account are asked to log in there.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const entries: Entry[] = [
    { to: '/', icon: 'home', label: t('nav.home') },
    { to: lobbyPathOf('RNG'), icon: 'grid', label: t('nav.games') },
    { to: '/promotions', icon: 'gift', label: t('nav.promotions') },
    { to: memberSectionPath('depositv2'), icon: 'wallet', label: t('member_menu.deposit') },
    { to: memberSectionPath('securityCenter'), icon: 'user', label: t('member_menu.account') },
  ];
  return (
    <nav className="bottom-nav" aria-label={t('nav.bottom_label')} data-testid="bottom-nav">
      {entries.map((entry) => (
        <Link
          key={entry.to}
          to={entry.to}
          className="bottom-nav__item"
          aria-current={isMenuLinkCurrent(entry.to, location, { end: true }) ? 'page' : undefined}
        >
          <Icon name={entry.icon} />
          <span className="bottom-nav__label">{entry.label}</span>
        </Link>
      ))}
    </nav>
  );
}
