import { useMatches } from 'react-router';

/** Routes whose title and description are set per page (spec section 1). */
export const pageMetaKeys = [
  'home',
  'sports',
  'live',
  'rng',
  'fish',
  'pvp',
  'cockfight',
  'promotions',
] as const;
export type PageMetaKey = (typeof pageMetaKeys)[number];
export const isPageMetaKey = (value: string): value is PageMetaKey =>
  pageMetaKeys.some((key) => key === value);

export type RouteHandle = {
  meta?: PageMetaKey;
  /** Game pages take the whole width (spec section 2). */
  hideSideMenu?: boolean;
  /**
   * The page opens a modal the visitor came for (sign-up, login, password reset): announcement popups wait
   * until it closes, so they never cover the form.
   */
  holdsPopups?: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** What a route's `handle` says, read with plain checks (zod stays out of the first load). */
const readRouteHandle = (handle: unknown): RouteHandle => {
  if (!isRecord(handle)) return {};
  const read: RouteHandle = {};
  if (typeof handle.meta === 'string' && isPageMetaKey(handle.meta)) read.meta = handle.meta;
  if (typeof handle.hideSideMenu === 'boolean') read.hideSideMenu = handle.hideSideMenu;
  if (typeof handle.holdsPopups === 'boolean') read.holdsPopups = handle.holdsPopups;
  return read;
};

/** The handles of the matched routes merged, the deepest route winning. */
export const useRouteHandle = (): RouteHandle => {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    Object.assign(merged, readRouteHandle(match.handle));
  }
  return merged;
};
