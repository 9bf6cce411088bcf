import type { Game } from '@wps/contracts/games';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useFavouriteIds, useToggleFavourite } from '../api/favourites';
import { GameCard } from './game-card';

type GameGridProps = { games: readonly Game[]; testId?: string };

/** A list of game cards, or the no-data message when there is none (spec section 8, empty game list). */
export function GameGrid({ games, testId = 'game-grid' }: GameGridProps) {
  const { t } = useTranslation();
  const favouriteIds = useFavouriteIds();
  const toggleFavourite = useToggleFavourite();
  if (games.length === 0) return <EmptyState message={t('games.no_data')} />;
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((game) => (
        <li key={game.nodeId}>
          <GameCard
            game={game}
            isFavourite={favouriteIds.has(game.nodeId)}
            onToggleFavourite={(entry) => {
              void toggleFavourite(entry);
            }}
          />
        </li>
      ))}
    </ul>
  );
}
