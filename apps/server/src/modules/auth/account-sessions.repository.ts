import { and, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { memberSessions } from './auth.tables';

/**
 * What makes an unrevoked session live, as the per-request lookup (`findLiveSession` in auth.repository.ts) reads
 * it: unexpired, and remembered or used after `idleSince`. A session idle past that never comes back (only a live
 * one has its idle timer moved), so it is neither shown nor counted as signed in.
 */
const isUnexpiredAndInUse = (now: Date, idleSince: Date): SQL =>
  sql`(${memberSessions.expiresAt} > ${now.toISOString()}::timestamptz and (${memberSessions.isRemembered} or ${memberSessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz))`;

/** More sessions than a member could use at once; logins are rate-limited well below it. */
const listedSessionsAtMost = 100;

/** The member's live sessions, newest first (member_sessions_member_idx). */
export const listLiveMemberSessions = (executor: Executor, memberId: bigint, idleSince: Date) =>
  executor
    .select({
      tokenHash: memberSessions.tokenHash,
      ip: memberSessions.ip,
      userAgent: memberSessions.userAgent,
      createdAt: memberSessions.createdAt,
      lastSeenAt: memberSessions.lastSeenAt,
    })
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        isUnexpiredAndInUse(new Date(), idleSince),
      ),
    )
    .orderBy(desc(memberSessions.createdAt), desc(memberSessions.tokenHash))
    .limit(listedSessionsAtMost);

/**
 * Revokes every unrevoked session of the member but `keepTokenHash`, live or idle past return (nothing of them is
 * left to use); answers, for each, whether it was live until now.
 */
export const revokeOtherMemberSessions = (
  executor: Executor,
  memberId: bigint,
  keepTokenHash: string,
  idleSince: Date,
) => {
  const now = new Date();
  return executor
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        ne(memberSessions.tokenHash, keepTokenHash),
        isNull(memberSessions.revokedAt),
      ),
    )
    .returning({
      // Every row returned was unrevoked before this update (RETURNING sees the new revoked_at).
      wasLive: sql<boolean>`${isUnexpiredAndInUse(now, idleSince)}`,
    });
};
