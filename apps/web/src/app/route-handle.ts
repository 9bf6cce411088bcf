import { useMatches } from 'react-router';
import { z } from 'zod';

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

const routeHandleSchema = z.object({
  meta: z.enum(pageMetaKeys).optional(),
  /** Game pages take the whole width (spec section 2). */
  hideSideMenu: z.boolean().optional(),
});
export type RouteHandle = z.infer<typeof routeHandleSchema>;

/** The handles of the matched routes merged, the deepest route winning. */
export const useRouteHandle = (): RouteHandle => {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    const parsed = routeHandleSchema.safeParse(match.handle ?? {});
    if (parsed.success) Object.assign(merged, parsed.data);
  }
  return merged;
};
