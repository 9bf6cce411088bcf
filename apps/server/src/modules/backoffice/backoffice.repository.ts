import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { staff, staffLoginChallenges, staffRecoveryCodes, staffSessions } from './backoffice.tables';

export type StaffRow = typeof staff.$inferSelect;

export const findStaffByUsername = async (db: Executor, username: string) => {
  const [row] = await db.select().from(staff).where(eq(staff.username, username)).limit(1);
  return row;
};

export const findStaffById = async (db: Executor, id: bigint) => {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
};

export const listStaff = (db: Executor) => db.select().from(staff).orderBy(asc(staff.id));

export const insertStaff = async (
  db: Executor,
  member: {
    username: string;
    displayName: string;
    passwordHash: string;
    role: string;
    mustChangePassword: boolean;
    allowedIps: string[];
  },
) => {
  const [row] = await db.insert(staff).values(member).returning();
  if (!row) throw new Error('staff insert returned no row');
  return row;
};

export const updateStaff = async (
  db: Executor,
  id: bigint,
  changes: Partial<
    Pick<
      StaffRow,
      | 'displayName'
      | 'role'
      | 'isActive'
      | 'allowedIps'
      | 'passwordHash'
      | 'mustChangePassword'
      | 'totpSecret'
      | 'totpLastStep'
      | 'lastLoginAt'
    >
  >,
) => {
  const [row] = await db.update(staff).set(changes).where(eq(staff.id, id)).returning();
  return row;
};

/**
 * Records a TOTP time step as used, only if it is later than the last one: a code already accepted (or an older
 * one) changes nothing, so two requests with one code cannot both pass. True when the step was taken.
 */
export const takeTotpStep = async (db: Executor, id: bigint, step: number): Promise<boolean> => {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return rows.length === 1;
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

/** Ends every live session of a staff member, but the one named (their own, when they change their password). */
export const revokeStaffSessions = (db: Executor, staffId: bigint, exceptTokenHash?: string) =>
  db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        exceptTokenHash === undefined ? undefined : ne(staffSessions.tokenHash, exceptTokenHash),
      ),
    );

export const insertLoginChallenge = (
  db: Executor,
  challenge: {
    tokenHash: string;
    staffId: bigint;
    stage: 'totp' | 'enrol';
    pendingTotpSecret: string | null;
    expiresAt: Date;
  },
) => db.insert(staffLoginChallenges).values(challenge);

/** A challenge still open (unused, unexpired) and its staff member. */
export const findOpenChallenge = async (db: Executor, tokenHash: string) => {
  const [row] = await db
    .select({ challenge: staffLoginChallenges, staff })
    .from(staffLoginChallenges)
    .innerJoin(staff, eq(staff.id, staffLoginChallenges.staffId))
    .where(
      and(
        eq(staffLoginChallenges.tokenHash, tokenHash),
        isNull(staffLoginChallenges.usedAt),
        gt(staffLoginChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
};

/** Uses the challenge up, only if it is still open; true for the one request that did. */
export const consumeChallenge = async (db: Executor, tokenHash: string): Promise<boolean> => {
  const rows = await db
    .update(staffLoginChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffLoginChallenges.tokenHash, tokenHash),
        isNull(staffLoginChallenges.usedAt),
        gt(staffLoginChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: staffLoginChallenges.tokenHash });
  return rows.length === 1;
};

/** Forgets a staff member's challenges, open or used: a new password step, a reset or a disabling. */
export const deleteChallenges = (db: Executor, staffId: bigint) =>
  db.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, staffId));

export const replaceRecoveryCodes = async (db: Executor, staffId: bigint, codeHashes: readonly string[]) => {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (codeHashes.length > 0)
    await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
};

export const deleteRecoveryCodes = (db: Executor, staffId: bigint) =>
  db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));

/** Uses a recovery code up, only if it is the staff member's and unused; true for the one request that did. */
export const useRecoveryCode = async (db: Executor, staffId: bigint, codeHash: string): Promise<boolean> => {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
};

/** Creates a staff member unless the username is taken; answers the row created (none when it was taken). */
export const upsertStaff = (
  db: Executor,
  member: { username: string; displayName: string; passwordHash: string; role: string },
) =>
  db.insert(staff).values(member).onConflictDoNothing({ target: staff.username }).returning({ id: staff.id });
