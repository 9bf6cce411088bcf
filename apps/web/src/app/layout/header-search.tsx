import { categoryOf, gamePageSizes } from '@wps/contracts/games-rules';
import type { Game } from '@wps/contracts/games';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameLanguage } from '../../features/games/api/game-language';
import { useGameList } from '../../features/games/api/get-game-list';
import { useStartGame } from '../../features/games/api/start-game';
import { VendorLogo } from '../../features/games/components/vendor-logo';
import { gameTypes, type GameType } from '../../features/games/game-types';
import { Icon } from '../../components/icon';
import './header-search.css';

/** The search waits this long after the last keystroke. */
export const headerSearchDelayMs = 300;

const isGameType = (value: string): value is GameType => gameTypes.some((type) => type === value);

/**
 * The site-wide game search in the header: the catalogue's name search (GCSGAME_gameList with `gameName` and
 * no category, so every category), asked once typing pauses; the games found open as a list under the box,
 * each with its category and vendor, and start as a card's Play does.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const language = useGameLanguage();
  const startGame = useStartGame();
  const listId = useId();
  const holder = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    const trimmed = draft.trim();
    if (trimmed === term) return;
    const timer = window.setTimeout(() => {
      setTerm(trimmed);
    }, headerSearchDelayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [draft, term]);

  const results = useGameList({ gameName: term, pageNo: 1, pageSize: gamePageSizes.search }, language, {
    enabled: term !== '',
  });
  const games = term === '' ? [] : (results.data?.games ?? []);
  const isShown = isOpen && term !== '';

  const close = () => {
    setOpen(false);
  };
  const start = (game: Game) => {
    close();
    setDraft('');
    setTerm('');
    startGame(game);
  };
  const categoryLabel = (game: Game): string => {
    const category = categoryOf(game.gameType, game.vassalage);
    return isGameType(category) ? t(`game_types.${category}`) : category;
  };

  return (
    <div
      className="header-search"
      ref={holder}
      onBlur={(event) => {
        if (!holder.current?.contains(event.relatedTarget)) close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <label className="header-search__box">
        <Icon name="search" />
        <span className="visually-hidden">{t('header.search.label')}</span>
        <input
          type="search"
          className="header-search__input"
          placeholder={t('header.search.placeholder')}
          value={draft}
          role="combobox"
          aria-expanded={isShown}
          aria-controls={listId}
          aria-autocomplete="list"
          data-testid="header-search"
          onChange={(event) => {
            setDraft(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
          }}
        />
      </label>
      {isShown && (
        <div className="header-search__results" id={listId} data-testid="header-search-results">
          {results.isPending || (results.isPlaceholderData && results.isFetching) ? (
            <p className="header-search__note">{t('header.search.searching')}</p>
          ) : results.isError ? (
            <p className="header-search__note" role="alert">
              {t('header.search.failed')}
            </p>
          ) : games.length === 0 ? (
            <p className="header-search__note">{t('header.search.none', { term })}</p>
          ) : (
            <ul className="header-search__list" aria-label={t('header.search.results', { term })}>
              {games.map((game) => (
                <li key={game.nodeId}>
                  <button
                    type="button"
                    className="header-search__game"
                    data-testid="header-search-game"
                    data-node-id={game.nodeId}
                    onClick={() => {
                      start(game);
                    }}
                  >
                    <VendorLogo
                      code={game.vassalage}
                      name={game.displayName}
                      className="header-search__logo"
                    />
                    <span className="header-search__name">{game.gameName}</span>
                    <span className="header-search__meta" data-testid="header-search-category">
                      {categoryLabel(game)} · {game.displayName}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
