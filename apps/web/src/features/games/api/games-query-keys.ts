/** Every query of the games feature starts with this. */
export const gamesQueryKeyPrefix = ['games'] as const;

export const gamesQueryKeys = {
  /** The catalogue (menus, lists, hot games, winners), the same for every visitor. */
  catalogue: [...gamesQueryKeyPrefix, 'catalogue'],
  /** A member's own lists; the token is part of the key so one member never sees another's. */
  member: (token: string) => [...gamesQueryKeyPrefix, 'member', token] as const,
  favouriteIds: (token: string) => [...gamesQueryKeyPrefix, 'member', token, 'favourite-ids'] as const,
  favouriteLists: (token: string) => [...gamesQueryKeyPrefix, 'member', token, 'favourites'] as const,
  recentLists: (token: string) => [...gamesQueryKeyPrefix, 'member', token, 'recent'] as const,
  /** The betting record: refetched when money moves (a round was played), like the wallet's own records. */
  bettingRecords: [...gamesQueryKeyPrefix, 'betting-records'],
} as const;
