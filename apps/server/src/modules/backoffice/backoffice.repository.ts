import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { staff, staffSessions } from './backoffice.tables';

export const findStaffByUsername = async (db: Executor, username: string) => {
  const [row] = await db.select().from(staff).where(eq(staff.username, username)).limit(1);
  return row;
};

export const insertStaffSession = (
  db: Executor,
  session: { tokenHash: string; staffId: bigint; expiresAt: Date },
) => db.insert(staffSessions).values(session);

/** The live session and its staff member, if the token is known, unrevoked, unexpired and not idle too long. */
export const findLiveSession = async (db: Executor, tokenHash: string, idleSince: Date) => {
  const now = new Date();
  const [row] = await db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
        eq(staff.isActive, true),
      ),
    )
    .limit(1);
  return row;
};

export const touchSession = (db: Executor, tokenHash: string) =>
  db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.tokenHash, tokenHash));

export const revokeSession = (db: Executor, tokenHash: string) =>
  db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));

export const upsertStaff = (
  db: Executor,
  member: { username: string; displayName: string; passwordHash: string; role: string },
) => db.insert(staff).values(member).onConflictDoNothing({ target: staff.username });
