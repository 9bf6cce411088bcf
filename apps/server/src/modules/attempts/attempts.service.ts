import type { Executor } from '../../db/database';
import * as repository from './attempts.repository';

/**
 * A limit on attempts: at most `limit` attempts per key in `windowMs`. With `lockMs`, the attempt past the limit
 * locks the key for that long (an account lockout); without, attempts are refused until the window ends.
 */
export type AttemptRule = { name: string; limit: number; windowMs: number; lockMs?: number };

export type AttemptVerdict =
  { isAllowed: true; count: number; remaining: number } | { isAllowed: false; count: number; retryAt: Date };

/**
 * Takes one attempt before the secret is checked: the count is raised in one statement, so N requests at once
 * are numbered 1..N and only the first `limit` are allowed. Call `clear` after a success where the rule resets
 * on success (a right password), never before the secret is checked.
 */
export const takeAttempt = async (
  db: Executor,
  rule: AttemptRule,
  key: string,
  now: Date = new Date(),
): Promise<AttemptVerdict> => {
  const taken = await repository.takeAttempt(db, {
    rule: rule.name,
    key,
    now,
    windowMs: rule.windowMs,
    limit: rule.limit,
    lockMs: rule.lockMs ?? null,
  });
  if (taken.lockedUntil !== null && taken.lockedUntil > now)
    return { isAllowed: false, count: taken.count, retryAt: taken.lockedUntil };
  if (taken.count > rule.limit)
    return {
      isAllowed: false,
      count: taken.count,
      retryAt: new Date(taken.windowStartedAt.getTime() + rule.windowMs),
    };
  return { isAllowed: true, count: taken.count, remaining: rule.limit - taken.count };
};

/** How many attempts the key has used in the window (for "ask the captcha after N failures"), taking none. */
export const countAttempts = (db: Executor, rule: AttemptRule, key: string, now: Date = new Date()) =>
  repository.readAttempts(db, { rule: rule.name, key, now, windowMs: rule.windowMs });

/** Forgets the key's attempts (after a success, or an operator's unlock). */
export const clearAttempts = async (db: Executor, rule: AttemptRule, key: string): Promise<void> => {
  await repository.clearAttempts(db, rule.name, key);
};

/** Deletes counters that no longer count (run by a purge job). */
export const purgeStaleAttempts = async (db: Executor, olderThan: Date): Promise<void> => {
  await repository.purgeStaleAttempts(db, olderThan);
};
