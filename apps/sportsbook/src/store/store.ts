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

export type Executor = {
  query: <T extends Row = Row>(text: string, params?: readonly unknown[]) => Promise<T[]>;
};

export type Store = Executor & {
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export type StoreLocation = { url: string } | { dataDir: string } | { memory: true };

const openPostgres = (url: string): Store => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const queryWith =
    (client: pg.Pool | pg.PoolClient) =>
    async <T extends Row>(text: string, params: readonly unknown[] = []): Promise<T[]> =>
      (await client.query<T>(text, [...params])).rows;
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
