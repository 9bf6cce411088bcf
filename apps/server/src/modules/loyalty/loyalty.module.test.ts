import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.runIf(process.env.DATABASE_URL)('the loyalty fold on a busy PostgreSQL', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('folds while every pooled connection of the API is taken (it has connections of its own)', async () => {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = 0;
    const allHeld = new Promise<void>((resolve) => {
      const hold = async () => {
        await testApp.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding += 1;
          if (holding === 20) resolve();
          await released;
        });
      };
      // The API's pool has 20 connections: all of them held in open transactions.
      for (let index = 0; index < 20; index += 1) void hold();
    });
    await allHeld;
    const folded = await Promise.race([
      testApp.app.loyalty.fold.fold().then(() => 'folded'),
      new Promise<string>((resolve) => {
        setTimeout(() => {
          resolve('still waiting for a connection');
        }, 10_000);
      }),
    ]);
    release();
    expect(folded).toBe('folded');
  });
});
