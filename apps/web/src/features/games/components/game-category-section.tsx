import { gamePageSizes, type Game, type VendorCard } from '@wps/contracts/games';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFavouriteGames } from '../api/favourites';
import { useGameLanguage } from '../api/game-language';
import { useGameList } from '../api/get-game-list';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import { openVendorGames } from '../api/start-game';
import { lobbyPathOf, type CategoryGameType, type GameType } from '../game-types';
import { imageUrlOf, listVendorImagePath, useImageHost } from '../images';
import { GameGrid } from './game-grid';
import { QueryState } from '../../../components/query-state';

/** Spec section 9, home limits. */
export const homeLimits = {
  /** Shown before show-more. */
  games: 12,
  vendors: 6,
  /** Show-more appears above these counts. */
  moreAboveGames: 10,
  moreAboveVendors: 6,
  /** ELOTT and COCKFIGHT lists on home. */
  capped: 5,
} as const;
const cappedCategories: readonly CategoryGameType[] = ['ELOTT', 'COCKFIGHT'];

/** Where a section's see-all goes (the member lists have their own pages; HOT has none of its own). */
const seeAllPathOf = (gameType: GameType): string | null =>
  gameType === 'FAV'
    ? '/favorite'
    : gameType === 'RECENT'
      ? '/recent'
      : gameType === 'HOT' || gameType === 'HOME' || gameType === 'SEARCH'
        ? null
        : lobbyPathOf(gameType);

function VendorTile({ card, category }: { card: VendorCard; category: CategoryGameType }) {
  const imageHost = useImageHost();
  const [hasImage, setHasImage] = useState(true);
  const content = (
    <>
      {hasImage && (
        <img
          className="vendor-tile__logo"
          src={imageUrlOf(listVendorImagePath(category, card.vassalage), imageHost)}
          alt=""
          loading="lazy"
          onError={() => {
            setHasImage(false);
          }}
        />
      )}
      <span className="vendor-tile__name">{card.displayName}</span>
    </>
  );
  // Spec section 4: a vendor with isGame VASSALAGE lists its games in a popup; the others open the lobby on it.
  if (card.isGame === 'VASSALAGE') {
    return (
      <button
        type="button"
        className="vendor-tile"
        data-testid="home-vendor"
        onClick={() => {
          openVendorGames({
            vassalage: card.vassalage,
            displayName: card.displayName,
            gameType: card.gameType,
          });
        }}
      >
        {content}
      </button>
    );
  }
  return (
    <Link
      to={{ pathname: lobbyPathOf(category), search: `?vendor=${encodeURIComponent(card.vassalage)}` }}
      className="vendor-tile"
      data-testid="home-vendor"
    >
      {content}
    </Link>
  );
}

type HomeSectionProps = {
  gameType: GameType;
  games: readonly Game[];
  /** A category's vendor tiles. */
  vendors?: { category: CategoryGameType; cards: readonly VendorCard[] };
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
};

/**
 * One home section: 12 games and 6 vendors, and a show-more control when there are more than 10 games or
 * 6 vendors (spec section 9), with a see-all link to the lobby.
 */
export function HomeSection({ gameType, games, vendors, isPending, error, onRetry }: HomeSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const [isExpanded, setExpanded] = useState(false);
  const seeAll = seeAllPathOf(gameType);
  const cards = vendors?.cards ?? [];
  const hasMore = games.length > homeLimits.moreAboveGames || cards.length > homeLimits.moreAboveVendors;
  const shownGames = isExpanded ? games : games.slice(0, homeLimits.games);
  const shownCards = isExpanded ? cards : cards.slice(0, homeLimits.vendors);
  return (
    <section
      className="game-section"
      id={`home-${gameType.toLowerCase()}`}
      aria-labelledby={headingId}
      data-testid="home-section"
      data-game-type={gameType}
    >
      <header className="game-section__header">
        <h2 id={headingId}>{t(`game_types.${gameType}`)}</h2>
        {seeAll !== null && (
          <Link to={seeAll} className="text-link" data-testid="home-section-see-all">
            {t('common.see_all')}
          </Link>
        )}
      </header>
      <div id={listId} className="game-section__content">
        {vendors !== undefined && shownCards.length > 0 && (
          <ul className="vendor-tiles" data-testid="home-vendors">
            {shownCards.map((card) => (
              <li key={card.vassalage}>
                <VendorTile card={card} category={vendors.category} />
              </li>
            ))}
          </ul>
        )}
        {isPending || error ? (
          <QueryState error={error} onRetry={onRetry} />
        ) : (
          (games.length > 0 || cards.length === 0) && <GameGrid games={shownGames} testId="home-games" />
        )}
      </div>
      {hasMore && (
        <button
          type="button"
          className="button button--ghost game-section__more"
          aria-expanded={isExpanded}
          aria-controls={listId}
          data-testid="home-section-more"
          onClick={() => {
            setExpanded((current) => !current);
          }}
        >
          {t(isExpanded ? 'games.home.show_less' : 'games.home.show_more')}
        </button>
      )}
    </section>
  );
}

type GameCategorySectionProps = { gameType: CategoryGameType; vendors: readonly VendorCard[] };

/** A category row of the home page: its vendors (from the game menus) and its first games. */
export function GameCategorySection({ gameType, vendors }: GameCategorySectionProps) {
  const language = useGameLanguage();
  const isCapped = cappedCategories.includes(gameType);
  const list = useGameList(
    { gameType, pageNo: 1, pageSize: isCapped ? homeLimits.capped : gamePageSizes.classify },
    language,
  );
  const games = list.data?.games ?? [];
  return (
    <HomeSection
      gameType={gameType}
      games={isCapped ? games.slice(0, homeLimits.capped) : games}
      vendors={{ category: gameType, cards: isCapped ? vendors.slice(0, homeLimits.capped) : vendors }}
      isPending={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
    />
  );
}

/** The hot games of every category. */
export function HotGamesSection() {
  const hot = useHotGames({}, useGameLanguage());
  return (
    <HomeSection
      gameType="HOT"
      games={hot.data ?? []}
      isPending={hot.isPending}
      error={hot.error}
      onRetry={() => void hot.refetch()}
    />
  );
}

/** The member's favourites (spec section 9: page size 999 on home). */
export function FavouriteGamesSection() {
  const favourites = useFavouriteGames({ page: 1, pageSize: gamePageSizes.favourites }, useGameLanguage());
  return (
    <HomeSection
      gameType="FAV"
      games={favourites.data?.content ?? []}
      isPending={favourites.isPending}
      error={favourites.error}
      onRetry={() => void favourites.refetch()}
    />
  );
}

/** The member's recent games (spec section 9: 20 on home). */
export function RecentGamesSection() {
  const recent = useRecentGames({ page: 1, pageSize: gamePageSizes.recentHome }, useGameLanguage());
  return (
    <HomeSection
      gameType="RECENT"
      games={recent.data?.list ?? []}
      isPending={recent.isPending}
      error={recent.error}
      onRetry={() => void recent.refetch()}
    />
  );
}
