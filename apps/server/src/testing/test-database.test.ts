import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed';
import { openTestDatabase } from './test-database';

describe('test databases', () => {
  it('refuse to close quietly over a broken ledger', async () => {
    const database = await openTestDatabase();
    await seedDemoData(database.db);
    await database.db.execute(sql`alter table ledger_balances disable trigger user`);
    await database.db.execute(sql`alter table ledger_balances drop constraint ledger_balances_no_overdraft`);
    await database.db.execute(sql`update ledger_balances set balance = balance + 1`);
    await expect(database.close()).rejects.toThrow(/balance_differs_from_entries/);
  });

  it('close quietly over a sound one', async () => {
    const database = await openTestDatabase();
    await seedDemoData(database.db);
    await expect(database.close()).resolves.toBeUndefined();
  });
});
