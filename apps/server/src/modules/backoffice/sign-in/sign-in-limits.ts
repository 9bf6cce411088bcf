import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import {
  type AttemptRule,
  clearAttempts,
  countAttempts,
  recordFailure,
  returnAttempt,
  takeAttempt,
} from '../../attempts/attempts.service';

const minute = 60_000;

/**
 * Staff sign-in limits: an account is locked for 15 minutes once 5 attempts (wrong passwords, wrong codes)
 * have failed; an address may fail 20 times in 15 minutes. Both count whether the username exists or not, so
 * the answers never tell.
 */
export const staffSignInRules = {
  account: { name: 'staff.sign-in.account', limit: 5, windowMs: 15 * minute, lockMs: 15 * minute },
  address: { name: 'staff.sign-in.address', limit: 20, windowMs: 15 * minute },
} satisfies Record<string, AttemptRule>;

/** The account counter's key: usernames compare without case, so a changed case is the same account. */
export const accountKey = (username: string): string => username.trim().toLowerCase();

export type SignInAttempt = { accountKey: string; address: string };

/**
 * Takes one attempt of the address, then of the account, BEFORE the secret is checked (a burst is numbered
 * and only the rules' number of attempts gets through). Refuses with RATE_LIMITED (the address) or
 * ACCOUNT_LOCKED (the account); an attempt refused by the account gives the address's back.
 */
export const takeSignInAttempt = async (db: Executor, attempt: SignInAttempt): Promise<void> => {
  const byAddress = await takeAttempt(db, staffSignInRules.address, attempt.address);
  if (!byAddress.isAllowed) throw new AppError('RATE_LIMITED');
  const byAccount = await takeAttempt(db, staffSignInRules.account, attempt.accountKey);
  if (!byAccount.isAllowed) {
    await returnAttempt(db, staffSignInRules.address, attempt.address);
    throw new AppError('ACCOUNT_LOCKED');
  }
};

/**
 * A right password: both attempts are given back, so only failures count (an attacker who knows the password
 * still has only the account's attempts left for the code).
 */
export const passedFirstStep = async (db: Executor, attempt: SignInAttempt): Promise<void> => {
  await returnAttempt(db, staffSignInRules.address, attempt.address);
  await returnAttempt(db, staffSignInRules.account, attempt.accountKey);
};

/** A wrong password or code keeps its attempts; the one that uses up the account's five locks it. */
export const failedSignIn = async (db: Executor, attempt: SignInAttempt): Promise<void> => {
  await recordFailure(db, staffSignInRules.account, attempt.accountKey);
};

/** A completed sign-in: the account's failures are forgotten, and the address gets its attempt back. */
export const signedIn = async (db: Executor, attempt: SignInAttempt): Promise<void> => {
  await returnAttempt(db, staffSignInRules.address, attempt.address);
  await clearAttempts(db, staffSignInRules.account, attempt.accountKey);
};

/** When the account's lock ends, if it is locked now. */
export const accountLockedUntil = async (db: Executor, username: string): Promise<Date | null> =>
  (await countAttempts(db, staffSignInRules.account, accountKey(username))).lockedUntil;

/** An admin's reset lifts the lock. */
export const unlockAccount = (db: Executor, username: string): Promise<void> =>
  clearAttempts(db, staffSignInRules.account, accountKey(username));
