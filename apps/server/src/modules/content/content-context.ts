import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database';

export type ContentServiceDependencies = { db: Database; now?: () => Date };

/**
 * Players' answers are kept this long: the home page asks on every visit, and content changes rarely.
 * An operator's change drops them at once (on this instance; other instances catch up within the TTL).
 */
const publicCacheTtlMs = 30_000;

/** Players' answers by request, one cache per service instance. */
export type PublicContentCache = LRUCache<string, object>;

/** What every content use case works with: the dependencies with their defaults and the instance's cache. */
export type ContentContext = Required<ContentServiceDependencies> & { cache: PublicContentCache };

export const createPublicContentCache = (): PublicContentCache =>
  new LRUCache<string, object>({ max: 2_000, ttl: publicCacheTtlMs });

/** The answer kept under `key`, else `load`'s, kept for the next player. */
export const cachedAnswer = async <T extends object>(
  { cache }: Pick<ContentContext, 'cache'>,
  key: string,
  load: () => Promise<T>,
): Promise<T> => {
  const hit = cache.get(key);
  if (hit) return hit as T;
  const value = await load();
  cache.set(key, value);
  return value;
};
