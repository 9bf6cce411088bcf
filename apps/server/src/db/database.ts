import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { repositoryRoot } from '../config';

/**
 * The one database module: PGlite (PostgreSQL in WASM, same SQL) when no DATABASE_URL is set, a real
 * PostgreSQL otherwise. Callers see one Drizzle type and int8 always comes back as bigint.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction, explicitly. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  /**
   * For background work that must not queue behind requests for a pooled connection (the loyalty fold): a small
   * pool of its own on PostgreSQL; the same connection on PGlite, which has only one.
   */
  background: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations; safe to call from several instances at once. */
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true };

const migrationsFolder = path.join(repositoryRoot, 'apps/server/drizzle');
const int8Oid = 20;
/** Serialises migrations across instances that start together. */
const migrationLockKey = 7_245_001;

export const openDatabase = async (location: DatabaseLocation): Promise<DatabaseHandle> =>
  'url' in location ? openPostgres(location.url) : openPglite(location);

/** The `application_name` of the background pool's connections (`DatabaseHandle.background`). */
export const backgroundApplicationName = 'wps-background';

const openPostgres = async (url: string): Promise<DatabaseHandle> => {
  // Drizzle passes its own per-query parsers that fall back to pg's global table, so int8 is set there.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));
  // Named, so pg_stat_activity (and the benches' CPU readings) tell the API's connections from the folds'.
  const pool = new pg.Pool({ connectionString: url, max: 20, application_name: 'wps' });
  const backgroundPool = new pg.Pool({
    connectionString: url,
    max: 2,
    application_name: backgroundApplicationName,
  });
  // An idle connection dropped by the server (a restart, a terminated backend) must not crash the process;
  // the pool replaces it and the next query reports any real outage.
  for (const each of [pool, backgroundPool]) {
    each.on('error', (error) => {
      process.stderr.write(`database connection lost: ${error.message}\n`);
    });
  }
  const db: Database = drizzlePg({ client: pool });
  return {
    db,
    background: drizzlePg({ client: backgroundPool }),
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([pool.end(), backgroundPool.end()]);
    },
  };
};

const openPglite = async (location: { dataDir: string } | { memory: true }): Promise<DatabaseHandle> => {
  let dataDir: string | undefined;
  if ('dataDir' in location) {
    dataDir = path.join(location.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const created = await PGlite.create(dataDir, {
    parsers: { [int8Oid]: (value: string) => BigInt(value) },
    extensions: { pg_trgm },
  });
  const client = process.env.NODE_ENV === 'test' ? refusingRootCallsInTransactions(created) : created;
  const db: Database = drizzlePglite({ client });
  return {
    db,
    background: db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
};

/**
 * PGlite has one connection: a statement sent to the root client from inside an open transaction's own flow
 * queues behind that transaction, which waits for it, forever (a read made without its `tx`; the restart hang
 * of the loyalty fold was one). In tests (NODE_ENV=test) the client refuses such a call at once, with a stack that
 * names the caller, so tests on PGlite catch the whole class instead of hanging now and then.
 */
export const refusingRootCallsInTransactions = (client: PGlite): PGlite => {
  const inside = new AsyncLocalStorage<{ open: boolean }>();
  const refuse = (method: string) => {
    if (inside.getStore()?.open) {
      throw new Error(
        `PGlite: ${method}() on the root connection inside an open transaction would wait for it forever; pass the transaction`,
      );
    }
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'transaction') {
        return async <T>(
          callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>,
        ) => {
          refuse(property);
          const state = { open: true };
          try {
            return await target.transaction((tx) => inside.run(state, () => callback(tx)));
          } finally {
            state.open = false;
          }
        };
      }
      if (
        (property === 'query' || property === 'exec' || property === 'sql') &&
        typeof value === 'function'
      ) {
        const method = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          refuse(property);
          return method.apply(target, args);
        };
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
};

/** The rows of a raw statement's result: node-postgres answers `{ rows }`, PGlite's Drizzle driver the array. */
export const rowsOfResult = <Row>(result: unknown): Row[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];

/** Rows of a raw query, the same shape on both drivers. */
export const selectRows = async <Row extends Record<string, unknown>>(
  executor: Executor,
  query: ReturnType<typeof sql>,
): Promise<Row[]> => rowsOfResult<Row>(await executor.execute(query));
