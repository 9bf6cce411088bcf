import { LRUCache } from 'lru-cache';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { GameCountRow } from '../catalogue.repository';
import type { CatalogueStructure } from './catalogue-structure';
import type { GameListRequest } from './game-list-request';
import type { GamePage } from './list-games';
import type { RankList, RankListQuery } from './rank-list';

/** How long brand-independent answers are served from memory; changes on this instance clear them at once. */
const cacheTtlMs = 5_000;
const rankListTtlMs = 5_000;

type CacheOptions<V extends object, C> = {
  max: number;
  ttl: number;
  load: (context: C) => Promise<V>;
};

/**
 * A read-through cache that serves a stale value while it refreshes it in the background (a refresh that fails
 * keeps the stale value), so a busy lobby never waits on an expiry; concurrent misses share one load.
 */
const readThroughCache = <V extends object, C = undefined>({ max, ttl, load }: CacheOptions<V, C>) =>
  new LRUCache<string, V, C>({
    max,
    ttl,
    allowStale: true,
    fetchMethod: async (_key, stale, { context }) => {
      try {
        return await load(context);
      } catch (error) {
        if (stale !== undefined) return stale;
        throw error;
      }
    },
  });

/** The catalogue's answers kept in memory, one set per service instance. */
export type CatalogueCaches = {
  structure: LRUCache<string, CatalogueStructure, undefined>;
  /** The rows in an object: a cache holds objects only. */
  counts: LRUCache<string, { rows: GameCountRow[] }, undefined>;
  pages: LRUCache<string, GamePage, GameListRequest>;
  rankLists: LRUCache<string, RankList, RankListQuery>;
};

/** What the use cases work with: the database and the service's caches. */
export type CatalogueContext = { db: Database; caches: CatalogueCaches };

export const createCatalogueCaches = (loaders: {
  loadStructure: () => Promise<CatalogueStructure>;
  loadCounts: () => Promise<GameCountRow[]>;
  loadPage: (request: GameListRequest) => Promise<GamePage>;
  loadRankList: (query: RankListQuery) => Promise<RankList>;
}): CatalogueCaches => ({
  structure: readThroughCache<CatalogueStructure>({ max: 1, ttl: cacheTtlMs, load: loaders.loadStructure }),
  counts: readThroughCache<{ rows: GameCountRow[] }>({
    max: 1,
    ttl: cacheTtlMs,
    load: async () => ({ rows: await loaders.loadCounts() }),
  }),
  pages: readThroughCache<GamePage, GameListRequest>({ max: 5_000, ttl: cacheTtlMs, load: loaders.loadPage }),
  rankLists: readThroughCache<RankList, RankListQuery>({
    max: 1_000,
    ttl: rankListTtlMs,
    load: loaders.loadRankList,
  }),
});

export const readStructure = async ({
  caches,
}: Pick<CatalogueContext, 'caches'>): Promise<CatalogueStructure> => {
  const value = await caches.structure.fetch('structure');
  if (!value) throw new AppError('INTERNAL_ERROR');
  return value;
};

export const readCounts = async ({ caches }: Pick<CatalogueContext, 'caches'>): Promise<GameCountRow[]> => {
  const value = await caches.counts.fetch('counts');
  if (!value) throw new AppError('INTERNAL_ERROR');
  return value.rows;
};

/**
 * Forget every cached answer of the catalogue (after an operator's change to vendors or games on this
 * instance). The rank lists are not among them: they lapse on their own within 5 s.
 */
export const clearCatalogueCaches = ({ caches }: Pick<CatalogueContext, 'caches'>): void => {
  caches.structure.clear();
  caches.counts.clear();
  caches.pages.clear();
};
