import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../features/auth/api/use-session';
import {
  FavouriteGamesSection,
  GameCategorySection,
  HotGamesSection,
  RecentGamesSection,
} from '../../features/games/components/game-category-section';
import { WinnersBoard } from '../../features/games/components/winners-board';
import { categoriesWithVendors, useGameMenus, vendorCardsOf } from '../../features/games/api/get-game-menus';
import { homeCategories, lobbyPathOf } from '../../features/games/game-types';
import { usePermission } from '../../features/site/api/get-permission';

export function HomePage() {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  const session = useSession();
  const menus = useGameMenus();
  // Spec section 2, Home: only categories that have vendors get a tab and a section.
  const categories = categoriesWithVendors(menus.data, homeCategories);
  const hasMemberSections = session.isLogin && !session.isTrial;
  return (
    <div className="page home" data-testid="home-page">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('home.welcome', { siteName })}</h1>
        <p>{t('home.intro')}</p>
      </section>
      {categories.length > 0 && (
        <nav className="category-tabs" aria-label={t('home.categories')}>
          <ul>
            {categories.map((gameType) => (
              <li key={gameType}>
                <NavLink to={lobbyPathOf(gameType)} className="category-tabs__tab">
                  {t(`game_types.${gameType}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <HotGamesSection />
      {hasMemberSections && (
        <>
          <FavouriteGamesSection />
          <RecentGamesSection />
        </>
      )}
      {categories.map((gameType) => (
        <GameCategorySection
          key={gameType}
          gameType={gameType}
          vendors={vendorCardsOf(menus.data, gameType)}
        />
      ))}
      <WinnersBoard />
    </div>
  );
}
