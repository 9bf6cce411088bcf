import type { Game } from '@wps/contracts/games';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useActionGuard } from '../../auth/api/use-action-guard';
import { useFavouriteIds, useToggleFavourite } from '../api/favourites';
import { useStartGame } from '../api/start-game';
import { useImageHost } from '../images';
import { GameCard } from './game-card';
import './game-grid.css';

type GameGridProps = { games: readonly Game[]; testId?: string };

/**
 * A list of game cards, or the no-data message when there is none (spec section 8, empty game list). The
 * session, the action guard, the launcher and the image host are read here once for the whole grid and
 * handed to the (memoised, presentational) cards.
 */
export function GameGrid({ games, testId = 'game-grid' }: GameGridProps) {
  const { t } = useTranslation();
  const favouriteIds = useFavouriteIds();
  const toggleFavourite = useToggleFavourite();
  const { run } = useActionGuard();
  const startGame = useStartGame();
  const imageHost = useImageHost();
  const onToggleFavourite = useCallback(
    (game: Game) => {
      run(() => {
        void toggleFavourite(game);
      });
    },
    [run, toggleFavourite],
  );
  if (games.length === 0) return <EmptyState message={t('games.no_data')} />;
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((game) => (
        <li key={game.nodeId}>
          <GameCard
            game={game}
            isFavourite={favouriteIds.has(game.nodeId)}
            onToggleFavourite={onToggleFavourite}
            onStart={startGame}
            imageHost={imageHost}
          />
        </li>
      ))}
    </ul>
  );
}
