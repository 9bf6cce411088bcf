import type { Executor } from '../../db/database';
import * as repository from './attempts.repository';

/**
 * A limit on attempts: at most `limit` attempts per key in `windowMs`, refused past it until the window ends.
 * With `lockMs`, the failure that uses up the limit (`recordFailure`) also locks the key for that long from then
 * (an account lockout).
 */
export type AttemptRule = { name: string; limit: number; windowMs: number; lockMs?: number };

export type AttemptVerdict =
  { isAllowed: true; count: number; remaining: number } | { isAllowed: false; count: number; retryAt: Date };

/**
 * Takes one attempt before the secret is checked: the count is raised in one statement, so N requests at once
 * are numbered 1..N and only the first `limit` are allowed. A refused attempt is given back at once, so the count
 * is what was checked (failures kept, checks in flight): a burst of right passwords, each giving its attempt
 * back, never locks anyone out for longer than the burst. Call `clearAttempts` or `returnAttempt` after a
 * success, `recordFailure` after a wrong secret, never before the secret is checked.
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
  });
  if (taken.lockedUntil !== null && taken.lockedUntil > now)
    return { isAllowed: false, count: taken.count, retryAt: taken.lockedUntil };
  if (taken.count > rule.limit) {
    await repository.returnAttempt(db, rule.name, key);
    return {
      isAllowed: false,
      count: taken.count,
      retryAt: new Date(taken.windowStartedAt.getTime() + rule.windowMs),
    };
  }
  return { isAllowed: true, count: taken.count, remaining: rule.limit - taken.count };
};

/**
 * A wrong secret keeps its attempt; under a rule with `lockMs`, the failure that reaches the limit locks the key
 * for `lockMs` from now.
 */
export const recordFailure = async (
  db: Executor,
  rule: AttemptRule,
  key: string,
  now: Date = new Date(),
): Promise<void> => {
  if (rule.lockMs === undefined) return;
  await repository.lockWhenSpent(db, {
    rule: rule.name,
    key,
    now,
    limit: rule.limit,
    until: new Date(now.getTime() + rule.lockMs),
  });
};

/** How many attempts the key has used in the window (for "ask the captcha after N failures"), taking none. */
export const countAttempts = (db: Executor, rule: AttemptRule, key: string, now: Date = new Date()) =>
  repository.readAttempts(db, { rule: rule.name, key, now, windowMs: rule.windowMs });

/**
 * Gives back an attempt taken for something that turned out not to count: a success where the rule counts
 * only failures (a right password against the address's limit), or a request another limit refused. The
 * attempt was still taken first, so a burst is numbered and bounded before any of it is given back.
 */
export const returnAttempt = async (db: Executor, rule: AttemptRule, key: string): Promise<void> => {
  await repository.returnAttempt(db, rule.name, key);
};

/**
 * Takes one attempt under each rule in order, all or nothing: when one refuses, those already taken are given
 * back and its verdict is the answer (a visitor refused by one limit does not use up the others).
 */
export const takeAttempts = async (
  db: Executor,
  takes: readonly { rule: AttemptRule; key: string }[],
  now: Date = new Date(),
): Promise<AttemptVerdict> => {
  const taken: { rule: AttemptRule; key: string }[] = [];
  let verdict: AttemptVerdict = { isAllowed: true, count: 0, remaining: Number.POSITIVE_INFINITY };
  for (const take of takes) {
    verdict = await takeAttempt(db, take.rule, take.key, now);
    if (!verdict.isAllowed) {
      await Promise.all(taken.map((done) => returnAttempt(db, done.rule, done.key)));
      return verdict;
    }
    taken.push(take);
  }
  return verdict;
};

/** Forgets the key's attempts (after a success, or an operator's unlock). */
export const clearAttempts = async (db: Executor, rule: AttemptRule, key: string): Promise<void> => {
  await repository.clearAttempts(db, rule.name, key);
};

/** Deletes counters that no longer count (run by a purge job). */
export const purgeStaleAttempts = async (db: Executor, olderThan: Date): Promise<void> => {
  await repository.purgeStaleAttempts(db, olderThan);
};
