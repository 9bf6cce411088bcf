import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore, type Store, type StoreLocation } from '../store/store';

/** Scratch stores for tests: a fresh PostgreSQL database beside DATABASE_URL's when it is set, else PGlite. */

const baseUrl = process.env.DATABASE_URL;

const withAdmin = async (work: (client: pg.Client) => Promise<unknown>): Promise<void> => {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
};

/** A store location of its own (a new database, or a PGlite folder); `drop` removes it once its pools are closed. */
export const scratchStoreLocation = async (
  prefix: string,
): Promise<{ location: StoreLocation; drop: () => Promise<void> }> => {
  if (!baseUrl) {
    const folder = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
    return { location: { dataDir: folder }, drop: () => rm(folder, { recursive: true, force: true }) };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdmin(async (client) => {
      // A pool's end() resolves before its connections have closed.
      for (let tries = 0; tries < 100; tries += 1) {
        const open = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
    });
  return { location: { url: url.toString() }, drop };
};

/** An open store on a scratch database (in memory without DATABASE_URL); `close` closes it and drops the database. */
export const openTestStore = async (
  prefix: string,
): Promise<{ store: Store; close: () => Promise<void> }> => {
  if (!baseUrl) {
    const store = await openStore({ memory: true });
    return { store, close: () => store.close() };
  }
  const { location, drop } = await scratchStoreLocation(prefix);
  const store = await openStore(location);
  return {
    store,
    close: async () => {
      await store.close();
      await drop();
    },
  };
};
