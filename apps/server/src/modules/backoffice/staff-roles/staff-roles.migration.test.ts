import { readFileSync } from 'node:fs';
import { presetRoleKeys, presetRoles } from '@wps/contracts/staff-permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../../../db/database';
import { createScratchDatabase } from '../../../testing/test-database';

const migrationsRoot = new URL('../../../../drizzle/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', migrationsRoot), 'utf8')) as {
  entries: { tag: string }[];
};
const tags = journal.entries.map((entry) => entry.tag);
const rolesMigration = tags.findIndex((tag) => tag.endsWith('_staff_roles'));

const statementsOf = (tag: string): string[] =>
  readFileSync(new URL(`${tag}.sql`, migrationsRoot), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');

/** An empty database of the test's own (PGlite, or PostgreSQL beside DATABASE_URL), not migrated. */
const openEmptyDatabase = async (): Promise<DatabaseHandle> => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ memory: true });
  const scratch = await createScratchDatabase(baseUrl);
  const database = await openDatabase({ url: scratch.url });
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

describe('the migration to roles per brand', () => {
  let database: DatabaseHandle;
  const run = async (tag: string) => {
    for (const statement of statementsOf(tag)) await database.db.execute(sql.raw(statement));
  };

  beforeAll(async () => {
    database = await openEmptyDatabase();
    for (const tag of tags.slice(0, rolesMigration)) await run(tag);
    // Two brands and staff of the fixed roles, as a database had them before roles per brand.
    for (const code of ['OLDONE', 'OLDTWO']) {
      await database.db.execute(sql`
        insert into brands (merchant_code, site_name, main_domain, currency, currency_symbol, supported_languages, default_language)
        values (${code}, ${code}, ${`${code.toLowerCase()}.example`}, 'USD', '$', array['EN'], 'EN')`);
    }
    for (const [username, role] of [
      ['old-admin', 'admin'],
      ['old-finance', 'finance'],
      ['old-support', 'support'],
      ['old-unknown', 'auditor'],
    ]) {
      await database.db.execute(sql`
        insert into staff (username, display_name, password_hash, role)
        values (${username}, ${username}, 'hash', ${role})`);
    }
    // Then it, and every later migration (those that change the presets as the contracts change).
    for (const tag of tags.slice(rolesMigration)) await run(tag);
  });
  afterAll(() => database.close());

  it('is in the journal', () => {
    expect(rolesMigration).toBeGreaterThan(0);
  });

  it('gives every brand the presets exactly as the contracts define them', async () => {
    const rows = await selectRows<{
      merchant_code: string;
      preset_key: string;
      name: string;
      permissions: string[];
    }>(
      database.db,
      sql`select b.merchant_code, r.preset_key, r.name, r.permissions
        from staff_roles r join brands b on b.id = r.brand_id order by b.merchant_code, r.id`,
    );
    const expected = presetRoleKeys.map((presetKey) => ({
      preset_key: presetKey,
      name: presetRoles[presetKey].name,
      permissions: [...presetRoles[presetKey].permissions],
    }));
    for (const code of ['OLDONE', 'OLDTWO']) {
      expect(
        rows.filter((row) => row.merchant_code === code).map(({ merchant_code: _code, ...role }) => role),
      ).toEqual(expected);
    }
  });

  it("keeps every staff member's access: the preset of their fixed role in every brand (unknown: support)", async () => {
    const rows = await selectRows<{ username: string; merchant_code: string; preset_key: string }>(
      database.db,
      sql`select s.username, b.merchant_code, r.preset_key
        from staff_role_assignments a
        join staff s on s.id = a.staff_id
        join staff_roles r on r.id = a.role_id
        join brands b on b.id = a.brand_id
        order by s.username, b.merchant_code`,
    );
    expect(rows.map((row) => `${row.username} ${row.merchant_code} ${row.preset_key}`)).toEqual([
      'old-admin OLDONE admin',
      'old-admin OLDTWO admin',
      'old-finance OLDONE finance',
      'old-finance OLDTWO finance',
      'old-support OLDONE support',
      'old-support OLDTWO support',
      'old-unknown OLDONE support',
      'old-unknown OLDTWO support',
    ]);
    const columns = await selectRows<{ column_name: string }>(
      database.db,
      sql`select column_name from information_schema.columns where table_name = 'staff' and column_name = 'role'`,
    );
    expect(columns).toEqual([]);
  });
});
