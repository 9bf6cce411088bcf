import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { attemptCounters } from './attempts.tables';

export type TakenAttempt = { count: number; windowStartedAt: Date; lockedUntil: Date | null };

/**
 * Counts one attempt of `key` under `rule` in one statement (an upsert: concurrent takers queue on the row and
 * each sees its own count). A window older than `windowMs` starts again at 1; a lock that has passed is lifted.
 * A key still locked keeps its count: the attempt is refused without moving anything.
 */
export const takeAttempt = async (
  db: Executor,
  input: { rule: string; key: string; now: Date; windowMs: number },
): Promise<TakenAttempt> => {
  const windowStart = new Date(input.now.getTime() - input.windowMs);
  const isLocked = sql`(${attemptCounters.lockedUntil} is not null and ${attemptCounters.lockedUntil} > ${input.now})`;
  const isFresh = sql`(${attemptCounters.windowStartedAt} <= ${windowStart} or (${attemptCounters.lockedUntil} is not null and ${attemptCounters.lockedUntil} <= ${input.now}))`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ rule: input.rule, key: input.key, count: 1, windowStartedAt: input.now, lockedUntil: null })
    .onConflictDoUpdate({
      target: [attemptCounters.rule, attemptCounters.key],
      set: {
        count: sql`case when ${isLocked} then ${attemptCounters.count} when ${isFresh} then 1 else ${attemptCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${isLocked} then ${attemptCounters.windowStartedAt} when ${isFresh} then ${input.now} else ${attemptCounters.windowStartedAt} end`,
        lockedUntil: sql`case when ${isLocked} then ${attemptCounters.lockedUntil} when ${isFresh} then null else ${attemptCounters.lockedUntil} end`,
      },
    })
    .returning({
      count: attemptCounters.count,
      windowStartedAt: attemptCounters.windowStartedAt,
      lockedUntil: attemptCounters.lockedUntil,
    });
  if (!row) throw new Error('attempt counter upsert returned no row');
  return row;
};

/** Locks the key until `until` when its kept attempts have reached `limit` and it is not locked already. */
export const lockWhenSpent = (
  db: Executor,
  input: { rule: string; key: string; now: Date; limit: number; until: Date },
) =>
  db
    .update(attemptCounters)
    .set({ lockedUntil: input.until })
    .where(
      and(
        eq(attemptCounters.rule, input.rule),
        eq(attemptCounters.key, input.key),
        sql`${attemptCounters.count} >= ${input.limit}`,
        or(sql`${attemptCounters.lockedUntil} is null`, lt(attemptCounters.lockedUntil, input.now)),
      ),
    );

/** The current count of a key, without taking an attempt (0 when none in the window). */
export const readAttempts = async (
  db: Executor,
  input: { rule: string; key: string; now: Date; windowMs: number },
): Promise<{ count: number; lockedUntil: Date | null }> => {
  const [row] = await db
    .select()
    .from(attemptCounters)
    .where(and(eq(attemptCounters.rule, input.rule), eq(attemptCounters.key, input.key)))
    .limit(1);
  if (!row) return { count: 0, lockedUntil: null };
  const isLocked = row.lockedUntil !== null && row.lockedUntil > input.now;
  const isCurrent = row.windowStartedAt.getTime() > input.now.getTime() - input.windowMs;
  return { count: isLocked || isCurrent ? row.count : 0, lockedUntil: isLocked ? row.lockedUntil : null };
};

/** Takes one attempt back (never below zero); a lock stays where it is. */
export const returnAttempt = (db: Executor, rule: string, key: string) =>
  db
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(and(eq(attemptCounters.rule, rule), eq(attemptCounters.key, key)));

export const clearAttempts = (db: Executor, rule: string, key: string) =>
  db.delete(attemptCounters).where(and(eq(attemptCounters.rule, rule), eq(attemptCounters.key, key)));

/** Rows whose window and lock have both passed: they count for nothing any more. */
export const purgeStaleAttempts = (db: Executor, olderThan: Date) =>
  db
    .delete(attemptCounters)
    .where(
      and(
        lt(attemptCounters.windowStartedAt, olderThan),
        or(sql`${attemptCounters.lockedUntil} is null`, lt(attemptCounters.lockedUntil, olderThan)),
      ),
    );
