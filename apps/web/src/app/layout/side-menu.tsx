import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { categoriesWithVendors, useGameMenus } from '../../features/games/api/get-game-menus';
import { lobbyPathOf, sideMenuCategories } from '../../features/games/game-types';
import { usePermission } from '../../features/site/api/get-permission';
import { openExternalLink } from '../../lib/open-external-link';

type SideMenuProps = { id: string; isOpen: boolean; onClose: () => void };

const menuLinkClass = ({ isActive }: { isActive: boolean }): string =>
  isActive ? 'side-menu__link side-menu__link--active' : 'side-menu__link';

export function SideMenu({ id, isOpen, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const { customerService } = usePermission().info;
  const menus = useGameMenus();
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
      <ul className="side-menu__list side-menu__list--separated">
        <li>
          <NavLink to="/promotions" className={menuLinkClass} onClick={onClose}>
            {t('nav.promotions')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/help" className={menuLinkClass} onClick={onClose}>
            {t('nav.help')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/down" className={menuLinkClass} onClick={onClose}>
            {t('nav.download')}
          </NavLink>
        </li>
      </ul>
      {customerService.length > 0 && (
        <>
          <h2 className="side-menu__heading">{t('nav.customer_service')}</h2>
          <ul className="side-menu__list">
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
        </>
      )}
    </nav>
  );
}
