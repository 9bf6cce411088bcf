import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../modules/audit/audit.tables';
import { openTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';
import { selectRows } from './database';

describe('database module', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers int8 as bigint, beyond the safe integer range, on either driver', async () => {
    const [row] = await selectRows<{ big: unknown }>(database.db, sql`select 9007199254740993::int8 as big`);
    expect(row?.big).toBe(9_007_199_254_740_993n);
  });

  it('applies migrations again without harm', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it('keeps the audit trail insert-only', async () => {
    await database.db.insert(auditEvents).values({
      actorType: 'system',
      actorId: 'test',
      action: 'test.event',
      entityType: 'test',
      entityId: '1',
    });
    await expect(database.db.update(auditEvents).set({ action: 'rewritten' })).rejects.toThrow();
    await expect(database.db.delete(auditEvents)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const rows = await database.db.select().from(auditEvents);
    expect(rows.map((row) => row.action)).toEqual(['test.event']);
  });
});
