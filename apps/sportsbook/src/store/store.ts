import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { schemaStatements } from './schema';

/**
 * The sportsbook's own database (a vendor keeps its own books): PostgreSQL when given a URL, else embedded
 * PGlite in a folder (npm start) or in memory (tests). One small interface over both: statements with $n
 * parameters, and transactions. int8 columns arrive as strings from node-postgres and as bigints from PGlite;
 * repositories read them with `BigInt(…)`, which takes either.
 */

export type Row = Record<string, unknown>;

/**
 * `isPlannedOnce` (PostgreSQL; the default for statements with parameters): the statement is prepared once per
 * connection, and after a few runs planned once for all (what placing a slip runs, over and over). False: it is
 * planned for its values on each run (a settlement's thousands of slips: a plan made once, for a few slips or a
 * small table, can be slow for them).
 */
export type QueryOptions = { isPlannedOnce?: boolean };

export type Executor = {
  query: <T extends Row = Row>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ) => Promise<T[]>;
};

export type Store = Executor & {
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export type StoreLocation = { url: string } | { dataDir: string } | { memory: true };

const openPostgres = (url: string): Store => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closed (a restart, an administrator) leaves the pool; the next query opens
  // another. Unhandled, the pool's error event would stop the process.
  pool.on('error', () => undefined);
  // Prepared statements are named by their text.
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `sb_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const queryWith =
    (client: pg.Pool | pg.PoolClient) =>
    async <T extends Row>(
      text: string,
      params: readonly unknown[] = [],
      { isPlannedOnce = params.length > 0 }: QueryOptions = {},
    ): Promise<T[]> =>
      (
        await client.query<T>(
          isPlannedOnce ? { name: nameOf(text), text, values: [...params] } : { text, values: [...params] },
        )
      ).rows;
  return {
    query: queryWith(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: queryWith(client) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

const openPglite = async (dataDir: string | undefined): Promise<Store> => {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const queryWith =
    (executor: Pick<PGlite, 'query'>) =>
    async <T extends Row>(text: string, params: readonly unknown[] = []): Promise<T[]> =>
      (await executor.query<T>(text, [...params])).rows;
  return {
    query: queryWith(client),
    transaction: (work) => client.transaction((tx) => work({ query: queryWith(tx) })),
    close: () => client.close(),
  };
};

/** Opens the store and brings its tables up to date (each statement is idempotent). */
export const openStore = async (location: StoreLocation): Promise<Store> => {
  const store =
    'url' in location
      ? openPostgres(location.url)
      : await openPglite('dataDir' in location ? location.dataDir : undefined);
  for (const statement of schemaStatements) await store.query(statement);
  return store;
};
