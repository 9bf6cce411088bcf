import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';

describe('PGlite guard against a root call inside an open transaction', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  });
  afterAll(() => database.close());

  it('refuses a read made without the transaction instead of waiting forever', async () => {
    const { db } = database;
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 2`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // Drizzle wraps the driver's error as the cause of its "Failed query".
    expect(failure).toHaveProperty('cause.message', expect.stringMatching(/inside an open transaction/));
  });

  it('lets the transaction and, once it has ended, the root connection work', async () => {
    const { db } = database;
    const inside = await db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
    expect(inside).toMatchObject({ rows: [{ one: 1 }] });
    // A task started inside the transaction that runs after it has committed is not refused.
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      later = new Promise((resolve) => setImmediate(resolve)).then(() => db.execute(sql`select 3 as three`));
    });
    await expect(later).resolves.toMatchObject({ rows: [{ three: 3 }] });
  });
});
