import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database';

/**
 * A database of the test's own: in-memory PGlite by default, or, when DATABASE_URL is set, a fresh
 * PostgreSQL database created beside it and dropped afterwards, so parallel runs never collide.
 */
export const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return database;
  }
  const url = new URL(baseUrl);
  const name = `wps_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create database ${name}`));
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(new URL(baseUrl), async (client) => {
        // pg-pool's end() resolves before its connections have closed; dropping "with (force)" while one is
        // still open kills it with a FATAL error that surfaces as an uncaught exception in the test run.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const open = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
          if (open.rowCount === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
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
