import type { Game } from '@wps/contracts/games';
import {
  classifyFiltersOf,
  gamePageSizes,
  gameSubcategories,
  type ClassifyFilter,
} from '@wps/contracts/games-rules';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useActionGuard } from '../../auth/api/use-action-guard';
import { useFavouriteGames } from '../api/favourites';
import { useGameLanguage } from '../api/game-language';
import { menuOf, useGameMenus } from '../api/get-game-menus';
import { useGameList } from '../api/get-game-list';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import type { CategoryGameType } from '../game-types';
import { pageOf, totalPagesOf } from '../../../lib/page-items';
import { GameGrid } from './game-grid';
import { GamePagination } from './game-pagination';
import { QueryState } from '../../../components/query-state';
import { LoginRequired } from './login-required';
import { VendorIcon } from './vendor-icon';
import './lobby-page.css';

/** The search waits this long after the last keystroke. */
export const lobbySearchDelayMs = 300;

type Subcategory = (typeof gameSubcategories)[number];
type Classify = ClassifyFilter | Subcategory;
const isSubcategory = (code: string): code is Subcategory =>
  gameSubcategories.some((entry) => entry === code);
const memberFilters: readonly Classify[] = ['FAV', 'RECENT'];

/** What the lobby shows: a classify tab, a subcategory, or the search (spec: filter states). */
type LobbyMode = Classify | 'SEARCH';

const pageSizeOf = (mode: LobbyMode): number =>
  mode === 'SEARCH'
    ? gamePageSizes.search
    : mode === 'HOT' || mode === 'FAV' || mode === 'RECENT'
      ? gamePageSizes.list
      : gamePageSizes.classify;

const readPage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

type LobbyGames = {
  games: Game[];
  totalPages: number;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
};

/** The games of the current mode, whichever endpoint serves it. */
const useLobbyGames = (
  gameType: CategoryGameType,
  vendor: string,
  mode: LobbyMode,
  search: string,
  page: number,
  isMemberAllowed: boolean,
): LobbyGames => {
  const language = useGameLanguage();
  const pageSize = pageSizeOf(mode);
  const scope = { gameType, vassalage: vendor };
  const isListMode = mode !== 'HOT' && mode !== 'FAV' && mode !== 'RECENT';
  const list = useGameList(
    {
      ...scope,
      pageNo: page,
      pageSize,
      isNew: mode === 'NEW',
      gameClassify: isSubcategory(mode) ? mode : undefined,
      gameName: mode === 'SEARCH' ? search : undefined,
    },
    language,
    { enabled: isListMode },
  );
  const hot = useHotGames(scope, language, { enabled: mode === 'HOT' });
  const memberFilter = { ...scope, page, pageSize };
  const favourites = useFavouriteGames(memberFilter, language, {
    enabled: mode === 'FAV' && isMemberAllowed,
  });
  const recent = useRecentGames(memberFilter, language, { enabled: mode === 'RECENT' && isMemberAllowed });

  if (mode === 'HOT') {
    const all = hot.data ?? [];
    return {
      games: pageOf(all, page, pageSize),
      totalPages: totalPagesOf(all.length, pageSize),
      isPending: hot.isPending,
      error: hot.error,
      refetch: () => void hot.refetch(),
    };
  }
  if (mode === 'FAV') {
    return {
      games: favourites.data?.content ?? [],
      totalPages: favourites.data?.totalPages ?? 0,
      isPending: favourites.isPending,
      error: favourites.error,
      refetch: () => void favourites.refetch(),
    };
  }
  if (mode === 'RECENT') {
    return {
      games: recent.data?.list ?? [],
      totalPages: recent.data?.totalPages ?? 0,
      isPending: recent.isPending,
      error: recent.error,
      refetch: () => void recent.refetch(),
    };
  }
  return {
    games: list.data?.games ?? [],
    totalPages: list.data?.totalPages ?? 0,
    isPending: list.isPending,
    error: list.error,
    refetch: () => void list.refetch(),
  };
};

/**
 * A category lobby (spec sections 2 and 4): vendor menu, classify tabs (and subcategories the menu lists),
 * name search and pages. The vendor, tab, search and page live in the address, so back and forward work.
 */
export function LobbyPage({ gameType }: { gameType: CategoryGameType }) {
  const { t } = useTranslation();
  const guard = useActionGuard();
  const [params, setParams] = useSearchParams();
  const menus = useGameMenus();
  const menu = menuOf(menus.data, gameType);
  const searchId = useId();

  const vendor = params.get('vendor') ?? '';
  const search = (params.get('q') ?? '').trim();
  const page = readPage(params.get('page'));
  const filters = classifyFiltersOf(gameType);
  const subcategories = gameSubcategories.filter((code) =>
    menu?.gameClassify.some(
      (entry) => entry.code === code && (vendor === '' || (entry.vendors[vendor] ?? 0) > 0),
    ),
  );
  const classifyParam = params.get('classify') ?? 'ALL';
  const classify: Classify =
    filters.find((code) => code === classifyParam) ??
    gameSubcategories.find((code) => code === classifyParam) ??
    'ALL';
  const mode: LobbyMode = search === '' ? classify : 'SEARCH';
  const isMemberMode = mode === 'FAV' || mode === 'RECENT';
  const games = useLobbyGames(gameType, vendor, mode, search, page, guard.status === 'allowed');

  const [draft, setDraft] = useState(search);
  // Back and forward change the search in the address; the field follows.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }

  /** One change of the address: every change but the page's starts again at page 1. */
  const update = (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: options.replace ?? false },
    );
  };

  const applySearch = (text: string) => {
    const trimmed = text.trim();
    if (trimmed !== search) update({ q: trimmed }, { replace: search !== '' && trimmed !== '' });
  };

  const onSearchPause = useEffectEvent((text: string) => {
    applySearch(text);
  });
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = window.setTimeout(() => {
      onSearchPause(draft);
    }, lobbySearchDelayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [draft, search]);

  const chooseVendor = (code: string) => {
    if (code === vendor && classify === 'ALL') return;
    update({ vendor: code, classify: null });
  };

  const chooseClassify = (code: Classify) => {
    if (code === mode) return;
    const apply = () => {
      setDraft('');
      update({ classify: code === 'ALL' ? null : code, q: null });
    };
    if (memberFilters.includes(code)) guard.run(apply);
    else apply();
  };

  const category = t(`game_types.${gameType}`);
  const vendorName = menu?.cards.find((card) => card.vassalage === vendor)?.displayName ?? vendor;

  return (
    <article className="page lobby" data-testid="lobby-page" data-game-type={gameType}>
      <header className="lobby__header">
        <h1 className="page__title">{category}</h1>
        <p className="page__intro">{t('lobby.intro', { category })}</p>
      </header>

      {menu !== null && (
        <nav className="vendor-menu" aria-label={t('games.lobby.vendors')}>
          <ul className="vendor-menu__list">
            <li>
              <button
                type="button"
                className="vendor-menu__vendor"
                aria-pressed={vendor === ''}
                data-testid="lobby-vendor"
                data-vendor=""
                onClick={() => {
                  chooseVendor('');
                }}
              >
                <span className="vendor-menu__name">{t('games.lobby.all_vendors')}</span>
              </button>
            </li>
            {menu.cards.map((card) => (
              <li key={card.vassalage}>
                <button
                  type="button"
                  className="vendor-menu__vendor"
                  aria-pressed={vendor === card.vassalage}
                  data-testid="lobby-vendor"
                  data-vendor={card.vassalage}
                  onClick={() => {
                    chooseVendor(card.vassalage);
                  }}
                >
                  <VendorIcon
                    vendor={card.vassalage}
                    name={card.displayName}
                    isActive={vendor === card.vassalage}
                  />
                  <span className="vendor-menu__name">{card.displayName}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="lobby__tools">
        <div className="lobby__tabs" role="group" aria-label={t('games.lobby.filters')}>
          {[...filters, ...subcategories].map((code) => (
            <button
              key={code}
              type="button"
              className="lobby__tab"
              aria-pressed={mode === code}
              data-testid="lobby-classify"
              data-classify={code}
              onClick={() => {
                chooseClassify(code);
              }}
            >
              {isSubcategory(code) ? t(`games.subcategories.${code}`) : t(`games.classify.${code}`)}
            </button>
          ))}
        </div>
        <form
          className="lobby__search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            applySearch(draft);
          }}
        >
          <label htmlFor={searchId} className="visually-hidden">
            {t('games.lobby.search_label')}
          </label>
          <input
            id={searchId}
            type="search"
            className="lobby__search-input"
            value={draft}
            maxLength={100}
            placeholder={t('games.lobby.search_placeholder')}
            enterKeyHint="search"
            data-testid="lobby-search"
            onChange={(event) => {
              setDraft(event.target.value);
            }}
          />
        </form>
      </div>

      <section className="lobby__results" aria-label={vendor ? vendorName : category} aria-live="polite">
        {isMemberMode && guard.status === 'guest' ? (
          <LoginRequired
            message={t(mode === 'FAV' ? 'games.login_for_favourites' : 'games.login_for_recent')}
          />
        ) : isMemberMode && guard.status === 'trial' ? (
          <EmptyState message={t('in_need_true_account')} />
        ) : games.isPending || games.error ? (
          <QueryState error={games.error} onRetry={games.refetch} />
        ) : (
          <>
            <GameGrid games={games.games} testId="lobby-games" />
            <GamePagination
              page={page}
              totalPages={games.totalPages}
              testId="lobby-pagination"
              onPageChange={(next) => {
                update({ page: next === 1 ? null : String(next) });
              }}
            />
          </>
        )}
      </section>
    </article>
  );
}
