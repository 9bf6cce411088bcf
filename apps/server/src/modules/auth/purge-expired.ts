import type { Database } from '../../db/database';
import { purgeStaleAttempts } from '../attempts/attempts.service';
import { minute } from './auth-limits';
import { deleteExpiredCaptchas, deleteExpiredVerificationCodes } from './expired-rows.repository';
import { purgeExpiredPasswordResetTokens } from './password-reset.repository';

/** The job that deletes what sign-in leaves behind (auth.module.ts schedules it hourly). */
export const authPurgeJobName = 'auth.purge-expired';

/**
 * How long each kind of row outlives its expiry. Codes are kept a day, longer than the hourly limits on
 * sending that count them; attempt counters a day past their window and lock, longer than any rule's window
 * (the longest is an hour), so a purge never resets a count that still holds.
 */
export const authRetention = {
  captchaMs: 60 * minute,
  codeMs: 24 * 60 * minute,
  resetLinkMs: 24 * 60 * minute,
  attemptMs: 24 * 60 * minute,
} as const;

/**
 * Deletes expired captchas, one-time codes and reset links, and attempt counters whose window and lock have
 * passed, each once its retention is over. Auth events stay: they are the record of who signed in.
 */
export const purgeExpiredAuthRows = async ({ db }: { db: Database }, now: Date = new Date()) => {
  const before = (retentionMs: number) => new Date(now.getTime() - retentionMs);
  const [captchas, codes] = await Promise.all([
    deleteExpiredCaptchas(db, before(authRetention.captchaMs)),
    deleteExpiredVerificationCodes(db, before(authRetention.codeMs)),
    purgeExpiredPasswordResetTokens(db, before(authRetention.resetLinkMs)),
    purgeStaleAttempts(db, before(authRetention.attemptMs)),
  ]);
  return { captchas, codes };
};
