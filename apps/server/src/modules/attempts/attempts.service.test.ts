import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import {
  clearAttempts,
  countAttempts,
  recordFailure,
  returnAttempt,
  type AttemptRule,
  takeAttempt,
  takeAttempts,
} from './attempts.service';

const minute = 60_000;
const guesses: AttemptRule = { name: 'test.guesses', limit: 5, windowMs: 15 * minute };
const lockout: AttemptRule = { name: 'test.lockout', limit: 3, windowMs: 15 * minute, lockMs: 30 * minute };

describe('attempt counters', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(() => database.close());

  it('let exactly the limit through when a burst arrives at once', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, () => takeAttempt(database.db, guesses, 'burst')),
    );
    expect(verdicts.filter((verdict) => verdict.isAllowed)).toHaveLength(5);
    // The refused were given back: what is left is the five that were allowed.
    expect((await countAttempts(database.db, guesses, 'burst')).count).toBe(5);
  });

  it('start a new window once the old one has passed, and forget a key that is cleared', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    for (let index = 0; index < 6; index += 1) await takeAttempt(database.db, guesses, 'window', start);
    const later = new Date(start.getTime() + 15 * minute + 1);
    expect(await takeAttempt(database.db, guesses, 'window', later)).toMatchObject({
      isAllowed: true,
      count: 1,
    });
    await clearAttempts(database.db, guesses, 'window');
    expect(await countAttempts(database.db, guesses, 'window', later)).toEqual({
      count: 0,
      lockedUntil: null,
    });
  });

  it('lock a key from the failure that uses up its limit until the lock ends, whatever comes meanwhile', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const verdicts = [];
    for (let index = 0; index < 4; index += 1) {
      const verdict = await takeAttempt(database.db, lockout, 'account', start);
      verdicts.push(verdict);
      if (verdict.isAllowed) await recordFailure(database.db, lockout, 'account', start);
    }
    expect(verdicts.map((verdict) => verdict.isAllowed)).toEqual([true, true, true, false]);
    const lockedUntil = new Date(start.getTime() + 30 * minute);
    expect(verdicts[3]).toMatchObject({ retryAt: lockedUntil });
    // Past the window but inside the lock: still refused, and the lock does not move.
    const inLock = new Date(start.getTime() + 20 * minute);
    expect(await takeAttempt(database.db, lockout, 'account', inLock)).toMatchObject({
      isAllowed: false,
      retryAt: lockedUntil,
    });
    const afterLock = new Date(lockedUntil.getTime() + 1);
    expect(await takeAttempt(database.db, lockout, 'account', afterLock)).toMatchObject({
      isAllowed: true,
      count: 1,
    });
  });

  it('never lock out a burst of right secrets: past the limit they are refused, not locked', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const verdict = await takeAttempt(database.db, lockout, 'right-burst');
        if (verdict.isAllowed) await returnAttempt(database.db, lockout, 'right-burst');
        return verdict;
      }),
    );
    expect(verdicts.filter((verdict) => verdict.isAllowed).length).toBeGreaterThanOrEqual(3);
    expect(await countAttempts(database.db, lockout, 'right-burst')).toEqual({ count: 0, lockedUntil: null });
    expect(await takeAttempt(database.db, lockout, 'right-burst')).toMatchObject({
      isAllowed: true,
      count: 1,
    });
  });

  it('give an attempt back, and take several limits all or nothing', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    await takeAttempt(database.db, guesses, 'given-back', start);
    await takeAttempt(database.db, guesses, 'given-back', start);
    await returnAttempt(database.db, guesses, 'given-back');
    expect((await countAttempts(database.db, guesses, 'given-back', start)).count).toBe(1);

    const once: AttemptRule = { name: 'test.once', limit: 1, windowMs: 15 * minute };
    const both = [
      { rule: guesses, key: 'all-or-nothing' },
      { rule: once, key: 'all-or-nothing' },
    ];
    expect(await takeAttempts(database.db, both, start)).toMatchObject({ isAllowed: true });
    expect(await takeAttempts(database.db, both, start)).toMatchObject({ isAllowed: false });
    // The refused request did not use up the first limit.
    expect((await countAttempts(database.db, guesses, 'all-or-nothing', start)).count).toBe(1);
  });
});
