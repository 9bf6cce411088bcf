import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, selectRows } from '../db/database';

const invariantsSql = readFileSync(
  new URL('../modules/wallet/ledger-invariants.sql', import.meta.url),
  'utf8',
);

export type InvariantViolation = { violation: string; subject: string; detail: string };

/** Every row is a broken ledger rule; an empty answer means the ledger holds. */
export const findInvariantViolations = (database: DatabaseHandle): Promise<InvariantViolation[]> =>
  selectRows<InvariantViolation>(database.db, sql.raw(invariantsSql));

/**
 * Closing a test database first runs the ledger's invariants over everything the test did, so every test
 * run that moves money proves the books still balance; a test that breaks the ledger on purpose opts out.
 */
const checkedOnClose = (database: DatabaseHandle, checkLedger: boolean): DatabaseHandle => ({
  ...database,
  close: async () => {
    const violations = checkLedger ? await findInvariantViolations(database) : [];
    await database.close();
    if (violations.length > 0) {
      throw new Error(`ledger-invariants.sql found violations:\n${JSON.stringify(violations, null, 2)}`);
    }
  },
});

/**
 * A database of the test's own: in-memory PGlite by default (or when `embedded`), or, when DATABASE_URL is set, a fresh
 * PostgreSQL database created beside it and dropped afterwards, so parallel runs never collide.
 */
export const openTestDatabase = async ({
  checkLedger = true,
  embedded = false,
} = {}): Promise<DatabaseHandle> => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || embedded) {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return checkedOnClose(database, checkLedger);
  }
  const scratch = await createScratchDatabase(baseUrl);
  const database = checkedOnClose(await openDatabase({ url: scratch.url }), checkLedger);
  await database.migrate();
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        await scratch.drop();
      }
    },
  };
};

/**
 * An empty PostgreSQL database beside `baseUrl`'s, for one test's use (the sportsbook's own store, say), and how
 * to drop it once every connection to it has closed.
 */
export const createScratchDatabase = async (
  baseUrl: string,
  prefix = 'wps_test',
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const url = new URL(baseUrl);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create database ${name}`));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(new URL(baseUrl), async (client) => {
        // pg-pool's end() resolves before its connections have closed; dropping "with (force)" while one is
        // still open kills it with a FATAL error that surfaces as an uncaught exception in the test run.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const open = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
          if (open.rowCount === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
};

const withAdminClient = async <T>(url: URL, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};
