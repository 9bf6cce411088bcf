import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GameCategorySection } from '../../features/games/components/game-category-section';
import { homeCategories, lobbyPathOf } from '../../features/games/game-types';
import { usePermission } from '../../features/site/api/get-permission';

export function HomePage() {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  return (
    <div className="page home" data-testid="home-page">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('home.welcome', { siteName })}</h1>
        <p>{t('home.intro')}</p>
      </section>
      <nav className="category-tabs" aria-label={t('home.categories')}>
        <ul>
          {homeCategories.map((gameType) => (
            <li key={gameType}>
              <NavLink to={lobbyPathOf(gameType)} className="category-tabs__tab">
                {t(`game_types.${gameType}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {homeCategories.map((gameType) => (
        <GameCategorySection key={gameType} gameType={gameType} />
      ))}
    </div>
  );
}
