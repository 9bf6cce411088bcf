/** Game types of the lobby (spec section 4, Lobby); HOME is the default. */
export const gameTypes = [
  'HOME',
  'HOT',
  'FAV',
  'RECENT',
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'PVP',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'SEARCH',
] as const;
export type GameType = (typeof gameTypes)[number];

export type CategoryGameType = Extract<
  GameType,
  'SPORTS' | 'ESPORTS' | 'LIVE' | 'LOTT' | 'ELOTT' | 'FISH' | 'PVP' | 'RNG' | 'COCKFIGHT'
>;

/** Category lobby routes: the path segment sets the current game type (spec section 2). */
export const lobbyRoutes = {
  sports: 'SPORTS',
  esports: 'ESPORTS',
  cockfight: 'COCKFIGHT',
  lott: 'LOTT',
  elott: 'ELOTT',
  live: 'LIVE',
  fish: 'FISH',
  rng: 'RNG',
  pvp: 'PVP',
} as const satisfies Record<string, CategoryGameType>;

export const lobbyPathOf = (gameType: CategoryGameType): string => `/${gameType.toLowerCase()}`;

/** Side-menu order (spec section 2, Side menu). */
export const sideMenuCategories: readonly CategoryGameType[] = [
  'SPORTS',
  'ESPORTS',
  'LIVE',
  'LOTT',
  'ELOTT',
  'FISH',
  'PVP',
  'RNG',
  'COCKFIGHT',
];

/** Home section order (spec section 2, Home). */
export const homeCategories: readonly CategoryGameType[] = [
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'PVP',
  'ELOTT',
  'ESPORTS',
  'COCKFIGHT',
];
