import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import type { CategoryGameType } from '../game-types';

type LobbyPageProps = { gameType: CategoryGameType };

export function LobbyPage({ gameType }: LobbyPageProps) {
  const { t } = useTranslation();
  const category = t(`game_types.${gameType}`);
  return (
    <article className="page" data-testid="lobby-page" data-game-type={gameType}>
      <h1 className="page__title">{category}</h1>
      <p className="page__intro">{t('lobby.intro', { category })}</p>
      <EmptyState message={t('common.no_games')} />
    </article>
  );
}
