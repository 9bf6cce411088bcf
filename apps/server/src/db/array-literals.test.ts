import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import { numberArray, textArray } from './array-literals';
import { type DatabaseHandle, selectRows } from './database';

describe('array literals', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('reads back every text exactly, quotes, backslashes, commas, braces and nulls included', async () => {
    const texts = ['plain', 'say "hi"', 'back\\slash', 'a,b', '{x}', '', 'NULL', null, 'ü €'];
    const [row] = await selectRows<{ texts: Array<string | null> }>(
      database.db,
      sql`select ${textArray(texts)}::text[] as texts`,
    );
    expect(row?.texts).toEqual(texts);
  });

  it('reads back integers beyond the safe range', async () => {
    const [row] = await selectRows<{ total: bigint; count: bigint }>(
      database.db,
      sql`select sum(value)::int8 as total, count(*)::int8 as count
          from unnest(${numberArray([9_007_199_254_740_993n, -3, 0])}::int8[]) as value`,
    );
    expect(row).toEqual({ total: 9_007_199_254_740_990n, count: 3n });
  });
});
