import { searchableName } from '@wps/contracts/games';

/** What a list shows besides its category and vendor: a classify filter, a subcategory or a member's list. */
export type ClassifyChoice =
  | { kind: 'all' }
  | { kind: 'hot' }
  | { kind: 'new' }
  | { kind: 'subcategory'; code: string }
  | { kind: 'favourites' }
  | { kind: 'recent' };

export type GameListRequest = {
  /** A category (RNG … COCKFIGHT); undefined lists every category (searches, the HOT, FAV and RECENT lobbies). */
  category: string | undefined;
  vassalage: string | undefined;
  choice: ClassifyChoice;
  /** Searchable form of the name searched for; undefined when no search. */
  search: string | undefined;
  language: string;
  pageNo: number;
  pageSize: number;
};

/** The site's own lobby names that are not categories: they list every category. */
const allCategoryNames = new Set(['', 'ALL', 'HOME', 'SEARCH']);
const classifyLobbies: Readonly<Record<string, ClassifyChoice>> = {
  HOT: { kind: 'hot' },
  FAV: { kind: 'favourites' },
  RECENT: { kind: 'recent' },
};

const isTruthyFlag = (value: string | undefined): boolean =>
  value !== undefined && ['1', 'TRUE', 'Y', 'YES'].includes(value.trim().toUpperCase());

/**
 * The query fields of the list calls as one request: `gameType` may be a category or one of the site's
 * lobby names (HOT, FAV, RECENT list every category with that filter; HOME, SEARCH and none list every
 * category); `gameClassify` is ALL, HOT, NEW, FAV, RECENT, SEARCH or a subcategory code; `isNew=1` is NEW.
 */
export const toGameListRequest = (query: {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  isNew?: string | undefined;
  gameName?: string | undefined;
  language: string;
  pageNo: number;
  pageSize: number;
}): GameListRequest => {
  const gameType = (query.gameType ?? '').trim().toUpperCase();
  const lobbyChoice = classifyLobbies[gameType];
  const category = allCategoryNames.has(gameType) || lobbyChoice ? undefined : gameType;
  const classify = (query.gameClassify ?? '').trim().toUpperCase();
  let choice: ClassifyChoice;
  if (classify === '' || classify === 'ALL' || classify === 'SEARCH') {
    choice = isTruthyFlag(query.isNew) ? { kind: 'new' } : (lobbyChoice ?? { kind: 'all' });
  } else if (classify === 'NEW') choice = { kind: 'new' };
  else choice = classifyLobbies[classify] ?? { kind: 'subcategory', code: classify };
  const search = searchTermOf(query.gameName);
  const vassalage = (query.vassalage ?? '').trim().toUpperCase();
  return {
    category,
    vassalage: vassalage === '' || vassalage === 'ALL' ? undefined : vassalage,
    choice,
    search,
    language: query.language.toUpperCase(),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
};

/** The searchable form of a typed name, or undefined when nothing is left after trimming. */
export const searchTermOf = (gameName: string | undefined): string | undefined => {
  if (gameName === undefined) return undefined;
  const term = searchableName(gameName);
  return term === '' ? undefined : term;
};

export const needsMember = (choice: ClassifyChoice): boolean =>
  choice.kind === 'favourites' || choice.kind === 'recent';
