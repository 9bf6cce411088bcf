import type { Game, VendorCard } from '@wps/contracts/games';
import { gamePageSizes } from '@wps/contracts/games-rules';
import { useId, useRef, useState, type RefObject } from 'react';
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
import { LazyImage } from '../../../components/lazy-image';
import { QueryState } from '../../../components/query-state';
import { useDeferredQueryData } from '../../../lib/use-deferred-query-data';
import { useNearViewport } from '../../../lib/use-near-viewport';
import './game-category-section.css';

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
  const content = (
    <>
      <LazyImage
        sources={[imageUrlOf(listVendorImagePath(category, card.vassalage), imageHost)]}
        alt=""
        imageClassName="vendor-tile__logo"
        fallback={null}
      />
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

/** While a section's games load: empty cards of the real cards' size, so nothing below moves when they come. */
function GameGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="game-grid" aria-hidden="true" data-testid="home-games-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="game-card game-card--skeleton">
            <div className="game-card__media" />
            <div className="game-card__skeleton-body" />
          </div>
        </li>
      ))}
    </ul>
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
  /** How many cards to hold the place of while the games load; 0 while the row is far off screen. */
  expectedGames?: number;
  /** Told when show-more opens or closes (a category fetches its longer list only when opened). */
  onExpandedChange?: (isExpanded: boolean) => void;
  sectionRef?: RefObject<HTMLElement | null>;
};

/**
 * One home section: 12 games and 6 vendors, and a show-more control when there are more than 10 games or
 * 6 vendors (spec section 9), with a see-all link to the lobby.
 */
export function HomeSection({
  gameType,
  games,
  vendors,
  isPending,
  error,
  onRetry,
  expectedGames = homeLimits.games,
  onExpandedChange,
  sectionRef,
}: HomeSectionProps) {
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
      ref={sectionRef}
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
        {isPending && !error ? (
          expectedGames > 0 ? (
            <GameGridSkeleton count={expectedGames} />
          ) : (
            // Far down the page: one light block until the visitor nears it, then the cards' skeleton.
            <div className="game-section__deferred" aria-hidden="true" data-testid="home-games-deferred" />
          )
        ) : error ? (
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
            setExpanded(!isExpanded);
            onExpandedChange?.(!isExpanded);
          }}
        >
          {t(isExpanded ? 'games.home.show_less' : 'games.home.show_more')}
        </button>
      )}
    </section>
  );
}

type GameCategorySectionProps = { gameType: CategoryGameType; vendors: readonly VendorCard[] };

/**
 * A category row of the home page: its vendors (from the game menus) and its first games. It asks for the
 * 12 games it shows (5 when capped); show-more fetches the lobby's first page (40), keeping the 12 on screen.
 */
export function GameCategorySection({ gameType, vendors }: GameCategorySectionProps) {
  const language = useGameLanguage();
  const isCapped = cappedCategories.includes(gameType);
  const [isExpanded, setExpanded] = useState(false);
  const pageSize = isCapped ? homeLimits.capped : isExpanded ? gamePageSizes.classify : homeLimits.games;
  // A row far down the page asks for its games (and builds its cards) only when the visitor nears it.
  const sectionRef = useRef<HTMLElement>(null);
  const isNear = useNearViewport(sectionRef);
  const list = useGameList({ gameType, pageNo: 1, pageSize }, language, { enabled: isNear });
  const shown = useDeferredQueryData(list);
  const games = shown.data?.games ?? [];
  return (
    <HomeSection
      gameType={gameType}
      games={isCapped ? games.slice(0, homeLimits.capped) : games}
      vendors={{ category: gameType, cards: isCapped ? vendors.slice(0, homeLimits.capped) : vendors }}
      isPending={shown.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      expectedGames={isNear ? (isCapped ? homeLimits.capped : homeLimits.games) : 0}
      onExpandedChange={setExpanded}
      sectionRef={sectionRef}
    />
  );
}

/** The hot games of every category. */
export function HotGamesSection() {
  const hot = useHotGames({}, useGameLanguage());
  const shown = useDeferredQueryData(hot);
  return (
    <HomeSection
      gameType="HOT"
      games={shown.data ?? []}
      isPending={shown.isPending}
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
