import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { passwordResetTokens } from './password-reset.tables';

export const insertPasswordResetToken = (db: Executor, row: typeof passwordResetTokens.$inferInsert) =>
  db.insert(passwordResetTokens).values(row);

/**
 * Spends a live token of the brand in one statement (two requests with the same link: one wins) and answers
 * the member it resets, or undefined for a token unknown, used or expired.
 */
export const spendPasswordResetToken = async (
  db: Executor,
  brandId: bigint,
  tokenHash: string,
  now: Date,
): Promise<bigint | undefined> => {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.brandId, brandId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ memberId: passwordResetTokens.memberId });
  return row?.memberId;
};

/** The member's other links stop working once one of them has set the password. */
export const spendMemberPasswordResetTokens = (db: Executor, memberId: bigint, now: Date) =>
  db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.memberId, memberId), isNull(passwordResetTokens.usedAt)));

/** Links that expired before `before` (used or not): they can do nothing any more. */
export const purgeExpiredPasswordResetTokens = (db: Executor, before: Date) =>
  db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, before));
