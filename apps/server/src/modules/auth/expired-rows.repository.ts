import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { captchaChallenges, verificationCodes } from './auth.tables';

/** Captchas that expired before `before`, answered or not. */
export const deleteExpiredCaptchas = async (db: Executor, before: Date): Promise<number> =>
  (
    await db
      .delete(captchaChallenges)
      .where(lt(captchaChallenges.expiresAt, before))
      .returning({ id: captchaChallenges.id })
  ).length;

/** One-time codes that expired before `before`, used or not. */
export const deleteExpiredVerificationCodes = async (db: Executor, before: Date): Promise<number> =>
  (
    await db
      .delete(verificationCodes)
      .where(lt(verificationCodes.expiresAt, before))
      .returning({ id: verificationCodes.id })
  ).length;
