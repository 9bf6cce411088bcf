import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { repositoryRoot } from '../config';
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
  const scratch = await createScratchDatabase(baseUrl, 'wps_test', await migratedTemplate(baseUrl));
  const database = checkedOnClose(await openDatabase({ url: scratch.url }), checkLedger);
  await database.migrate();
  await startFoldsNow(database);
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
 * A copy of the template starts as a fresh migration would: the folds that follow the ledger (every table with a
 * `horizon`) start at the current transaction id, not at the template's, which the cluster has long passed (a
 * fold would walk that gap a batch at a time). The copy's ledger is empty, so no movement is skipped.
 */
const startFoldsNow = async (database: DatabaseHandle): Promise<void> => {
  const tables = await selectRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'horizon'`,
  );
  for (const { table_name: table } of tables) {
    await database.db.execute(
      sql`update ${sql.identifier(table)} set horizon = pg_current_xact_id()::text::bigint + 1`,
    );
  }
};

/**
 * An empty PostgreSQL database beside `baseUrl`'s, for one test's use (the sportsbook's own store, say), and how
 * to drop it once every connection to it has closed.
 */
export const createScratchDatabase = async (
  baseUrl: string,
  prefix = 'wps_test',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const url = new URL(baseUrl);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(new URL(baseUrl), async (client) => {
        await waitForConnectionsToClose(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
};

/** pg-pool's end() resolves before its connections have closed; the server still lists them for a moment. */
const waitForConnectionsToClose = async (client: pg.Client, name: string): Promise<void> => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
    if (open.rowCount === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const migrationsFolder = path.join(repositoryRoot, 'apps/server/drizzle');
/** Serialises building the template across the test run's workers (and across runs on one server). */
const templateLockKey = 7_245_002;
/** How long a template of other migrations is kept for a run that may still be copying it. */
const staleTemplateAgeMs = 6 * 3_600_000;
let templateBuilt: Promise<string> | undefined;

/**
 * A database with every migration applied, named by the migrations' content, that test databases are copied
 * from: copying takes a tenth of the time of migrating afresh, which a run does a few hundred times. One worker
 * builds it (under a lock) and publishes it by renaming, so no one copies a half-built template; a change to
 * any migration names a new template, and the stale ones are dropped then.
 */
const migratedTemplate = (baseUrl: string): Promise<string> => {
  templateBuilt ??= buildTemplate(baseUrl);
  return templateBuilt;
};

const buildTemplate = async (baseUrl: string): Promise<string> => {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      digest.update(file).update(readFileSync(path.join(migrationsFolder, file)));
    }
  }
  const name = `wps_template_${digest.digest('hex').slice(0, 16)}`;
  await withAdminClient(new URL(baseUrl), async (client) => {
    await client.query('select pg_advisory_lock($1)', [templateLockKey]);
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount !== 0) return;
      // Another checkout's run (other migrations) may be copying its own template right now: only templates
      // published more than a few hours ago are dropped (the time is in the database's comment).
      const stale = await client.query<{ datname: string }>(
        `select datname from pg_database
          where datname like 'wps\\_template\\_%'
            and coalesce(substring(shobj_description(oid, 'pg_database') from '^published (\\d+)$')::bigint, 0)
              < $1`,
        [Date.now() - staleTemplateAgeMs],
      );
      for (const { datname } of stale.rows) {
        await client.query(`drop database if exists ${datname}`).catch(() => undefined);
      }
      const building = await createScratchDatabase(baseUrl, 'wps_template_building');
      const database = await openDatabase({ url: building.url });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      const buildingName = new URL(building.url).pathname.slice(1);
      await waitForConnectionsToClose(client, buildingName);
      await client.query(`alter database ${buildingName} rename to ${name}`);
      await client.query(`comment on database ${name} is 'published ${String(Date.now())}'`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [templateLockKey]);
    }
  });
  return name;
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
