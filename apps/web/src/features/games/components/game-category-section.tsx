import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { lobbyPathOf, type CategoryGameType } from '../game-types';

type GameCategorySectionProps = { gameType: CategoryGameType };

/** One category row of the home page, with its see-all link to the lobby. */
export function GameCategorySection({ gameType }: GameCategorySectionProps) {
  const { t } = useTranslation();
  const headingId = `home-section-${gameType}`;
  return (
    <section className="game-section" aria-labelledby={headingId}>
      <header className="game-section__header">
        <h2 id={headingId}>{t(`game_types.${gameType}`)}</h2>
        <Link to={lobbyPathOf(gameType)} className="text-link">
          {t('common.see_all')}
        </Link>
      </header>
      <EmptyState message={t('common.no_games')} />
    </section>
  );
}
