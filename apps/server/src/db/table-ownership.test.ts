import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from './database';

const modulesRoot = path.join(import.meta.dirname, '../modules');
const migrationsRoot = path.join(import.meta.dirname, '../../drizzle');

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
  );

const moduleOf = (file: string): string => path.relative(modulesRoot, file).split(path.sep)[0] ?? '';

/**
 * The views a module publishes for other modules' SQL (created by hand in a migration: drizzle-kit does not know
 * views), each with its owner and the columns its readers rely on, in order. Any module may read them; only the
 * owner's tables stand behind them, so the owner may change its tables as long as the columns stay.
 */
const publishedReadModels: Record<string, { owner: string; columns: readonly string[] }> = {
  members_directory: {
    owner: 'members',
    columns: [
      'id',
      'brand_id',
      'username',
      'nickname',
      'type',
      'status',
      'upline_id',
      'created_at',
      'last_login_at',
    ],
  },
  members_birthdays: { owner: 'members', columns: ['id', 'brand_id', 'birthday'] },
  site_brands: { owner: 'site', columns: ['id', 'currency', 'time_zone'] },
  members_addresses: { owner: 'members', columns: ['id', 'brand_id', 'register_ip', 'last_login_ip'] },
  members_referrals: {
    owner: 'members',
    columns: ['id', 'brand_id', 'username', 'referral_code', 'created_at'],
  },
  payments_payout_account_numbers: {
    owner: 'payments',
    columns: ['member_id', 'brand_id', 'method', 'account_number'],
  },
  wallet_transactions: { owner: 'wallet', columns: ['id', 'xact_id', 'brand_id', 'kind', 'created_at'] },
  wallet_member_postings: { owner: 'wallet', columns: ['transaction_id', 'member_id', 'currency', 'amount'] },
  wallet_member_cash_balances: { owner: 'wallet', columns: ['member_id', 'currency', 'balance'] },
  wallet_currencies: { owner: 'wallet', columns: ['code', 'exponent'] },
  wallet_member_cash_accounts: {
    owner: 'wallet',
    columns: ['account_id', 'brand_id', 'member_id', 'currency'],
  },
  wallet_transaction_details: {
    owner: 'wallet',
    columns: ['id', 'xact_id', 'brand_id', 'kind', 'reference', 'product_line', 'created_at'],
  },
  games_rounds: {
    owner: 'games',
    columns: [
      'id',
      'brand_id',
      'member_id',
      'game_id',
      'product_line',
      'currency',
      'status',
      'bet_amount',
      'win_amount',
      'refunded_amount',
    ],
  },
  auth_logins: { owner: 'auth', columns: ['id', 'brand_id', 'member_id', 'created_at'] },
  games_settled_rounds: {
    owner: 'games',
    columns: [
      'id',
      'brand_id',
      'member_id',
      'product_line',
      'currency',
      'bet_amount',
      'win_amount',
      'refunded_amount',
      'valid_bet',
      'opened_at',
      'settled_at',
    ],
  },
  games_round_postings: {
    owner: 'games',
    columns: ['ledger_transaction_id', 'member_id', 'round_id', 'game_id', 'vendor_id', 'product_line'],
  },
  games_titles: {
    owner: 'games',
    columns: ['game_id', 'vendor_id', 'game_code', 'game_name', 'vendor_code', 'vendor_name'],
  },
  payments_deposit_channels: { owner: 'payments', columns: ['deposit_id', 'brand_id', 'channel'] },
  payments_withdrawal_channels: { owner: 'payments', columns: ['hold_id', 'brand_id', 'channel'] },
};

/** Each table's owner: the module whose `*.tables.ts` defines it. */
const loadOwners = async (): Promise<Map<string, string>> => {
  const owners = new Map<string, string>();
  for (const file of filesUnder(modulesRoot).filter((name) => name.endsWith('.tables.ts'))) {
    const exported: unknown = await import(file);
    for (const value of Object.values(exported as Record<string, unknown>)) {
      if (value instanceof PgTable) owners.set(getTableConfig(value).name, moduleOf(file));
    }
  }
  return owners;
};

/** The views the migrations leave behind (created, and not dropped by a later one). */
const viewsOfMigrations = (): Set<string> => {
  const views = new Set<string>();
  for (const file of filesUnder(migrationsRoot)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /\b(create|drop)\s+(?:or\s+replace\s+)?view\s+(?:if\s+exists\s+)?(\w+)/gi,
    )) {
      const [, verb = '', name = ''] = match;
      if (verb.toLowerCase() === 'create') views.add(name);
      else views.delete(name);
    }
  }
  return views;
};

/** The relations a file's SQL names after from/join (reads) or into/update (writes). */
const relationsInSql = (text: string): Array<{ name: string; isWrite: boolean }> =>
  [...text.matchAll(/\b(from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi)].map((match) => ({
    name: match[2] ?? '',
    isWrite: /^(into|update)$/i.test(match[1] ?? ''),
  }));

/** The application's files of the modules: neither tests, their helpers, seeds nor table definitions. */
const applicationFiles = (): string[] =>
  filesUnder(modulesRoot).filter(
    (file) => file.endsWith('.ts') && !/\.test(-helpers)?\.ts$|\.seed\.ts$|\.tables\.ts$/.test(file),
  );

describe('table ownership', () => {
  it("no module reads or writes another module's tables by SQL", async () => {
    const owners = await loadOwners();
    const crossings: string[] = [];
    for (const file of applicationFiles()) {
      const module = moduleOf(file);
      for (const { name, isWrite } of relationsInSql(readFileSync(file, 'utf8'))) {
        const published = publishedReadModels[name];
        const owner = owners.get(name) ?? (published && isWrite ? published.owner : undefined);
        if (owner && owner !== module)
          crossings.push(`${path.relative(modulesRoot, file)} -> ${name} (${owner})`);
      }
    }
    expect([...new Set(crossings)]).toEqual([]);
  });

  it("no module's code imports another module's table definitions (foreign keys between table files aside)", () => {
    const crossings: string[] = [];
    for (const file of applicationFiles()) {
      for (const match of readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']*\.tables)'/g)) {
        const imported = path.resolve(path.dirname(file), match[1] ?? '');
        if (moduleOf(imported) !== moduleOf(file)) {
          crossings.push(`${path.relative(modulesRoot, file)} -> ${path.relative(modulesRoot, imported)}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('every view of the migrations is a published read model of a module that owns tables', async () => {
    const owners = new Set((await loadOwners()).values());
    expect([...viewsOfMigrations()].sort()).toEqual(Object.keys(publishedReadModels).sort());
    for (const [name, { owner }] of Object.entries(publishedReadModels))
      expect([name, owners.has(owner)]).toEqual([name, true]);
  });

  describe('on a migrated database', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await openDatabase({ memory: true });
      await database.migrate();
    });
    afterAll(async () => {
      await database.close();
    });

    it('each published read model has the columns its readers rely on', async () => {
      const rows = await selectRows<{ table_name: string; column_name: string }>(
        database.db,
        sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and table_name in (${sql.join(
            Object.keys(publishedReadModels).map((name) => sql`${name}`),
            sql`, `,
          )})
          order by table_name, ordinal_position`,
      );
      const columnsOf = (name: string) =>
        rows.filter((row) => row.table_name === name).map((row) => row.column_name);
      for (const [name, { columns }] of Object.entries(publishedReadModels)) {
        expect([name, columnsOf(name)]).toEqual([name, columns]);
      }
    });
  });
});
