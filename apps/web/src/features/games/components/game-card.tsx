import type { Game } from '@wps/contracts/games';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartGameOptions } from '../api/start-game';
import { GameImage } from './game-image';
import './game-card.css';

/** Spec section 2: the card's colour style is nodeId modulo 5 plus 1 (styles 1 to 5). */
export const gameCardStyleOf = (nodeId: number): number => (((nodeId % 5) + 5) % 5) + 1;

/** Free trial when the game supports it (supportPlay 0) or its vendor's tile offers free play. */
export const hasFreeTrial = (game: Pick<Game, 'supportPlay' | 'freeplay'>): boolean =>
  game.supportPlay === 0 || game.freeplay === 1;

type GameCardProps = {
  game: Game;
  isFavourite: boolean;
  /** Behind the action guard already (the grid wraps it): a guest gets the login modal. */
  onToggleFavourite: (game: Game) => void;
  onStart: (game: Game, options?: StartGameOptions) => void;
  /** The brand's image host ('' = the platform), read once by the grid. */
  imageHost: string;
};

/**
 * Spec section 2, Game card: hot badge, image, Play, Free trial, name, vendor and the favourite toggle.
 * Presentational: the grid reads the session, the guard and the image host once and hands them down, so a
 * page of cards does not hold a dozen subscriptions each, and a memoised card re-renders only when its own
 * props change (a favourite toggled re-renders one card, not the page).
 */
export const GameCard = memo(function GameCard({
  game,
  isFavourite,
  onToggleFavourite,
  onStart,
  imageHost,
}: GameCardProps) {
  const { t } = useTranslation();
  const nameId = `game-${game.nodeId}-name`;
  const imagePath = game.iconUrl || game.lagerIcon;
  return (
    <article
      className={`game-card game-card--style-${gameCardStyleOf(game.nodeId)}`}
      aria-labelledby={nameId}
      data-testid="game-card"
      data-node-id={game.nodeId}
    >
      <div className="game-card__media">
        <GameImage
          key={imagePath}
          path={imagePath}
          alt={game.gameName}
          imageHost={imageHost}
          className="game-card__image"
        />
        {game.isHot === 1 && (
          <span className="game-card__badge" data-testid="game-card-hot">
            {t('games.card.hot')}
          </span>
        )}
        <button
          type="button"
          className="game-card__favourite"
          aria-pressed={isFavourite}
          aria-label={t('games.card.favourite', { name: game.gameName })}
          data-testid="game-card-favourite"
          onClick={() => {
            onToggleFavourite(game);
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 20.5l-1.4-1.3C5.4 14.5 2 11.4 2 7.6 2 4.5 4.4 2 7.5 2c1.7 0 3.4.8 4.5 2.1C13.1 2.8 14.8 2 16.5 2 19.6 2 22 4.5 22 7.6c0 3.8-3.4 6.9-8.6 11.6L12 20.5z" />
          </svg>
        </button>
      </div>
      <div className="game-card__body">
        <h3 id={nameId} className="game-card__name" title={game.gameName}>
          {game.gameName}
        </h3>
        <p className="game-card__vendor">{game.displayName}</p>
        <div className="game-card__actions">
          <button
            type="button"
            className="button button--primary game-card__play"
            aria-label={t('games.card.play_game', { name: game.gameName })}
            data-testid="game-card-play"
            onClick={() => {
              onStart(game);
            }}
          >
            {t('games.card.play')}
          </button>
          {hasFreeTrial(game) && (
            <button
              type="button"
              className="button button--ghost game-card__trial"
              aria-label={t('games.card.trial_game', { name: game.gameName })}
              data-testid="game-card-trial"
              onClick={() => {
                onStart(game, { demo: true });
              }}
            >
              {t('games.card.trial')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
});
