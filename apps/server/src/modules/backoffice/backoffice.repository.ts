import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  staff,
  staffLoginChallenges,
  staffRecoveryCodes,
  staffRoleAssignments,
  staffRoles,
  staffSessions,
} from './backoffice.tables';

export type StaffRow = typeof staff.$inferSelect;
export type StaffRoleRow = typeof staffRoles.$inferSelect;

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

/**
 * The live session and its staff member, if the token is known, unrevoked, unexpired and not idle too long,
 * with the staff member's role in each brand: one row per brand they hold a role in (one row with no role when
 * they hold none). One query, so the guard needs nothing more per request.
 */
export const findLiveSession = async (db: Executor, tokenHash: string, idleSince: Date) => {
  const now = new Date();
  const rows = await db
    .select({ staff, role: staffRoles })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .leftJoin(staffRoleAssignments, eq(staffRoleAssignments.staffId, staff.id))
    .leftJoin(
      staffRoles,
      and(
        eq(staffRoles.id, staffRoleAssignments.roleId),
        eq(staffRoles.brandId, staffRoleAssignments.brandId),
      ),
    )
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
        eq(staff.isActive, true),
      ),
    );
  const [first] = rows;
  return first && { staff: first.staff, roles: rows.flatMap((row) => (row.role ? [row.role] : [])) };
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
  member: { username: string; displayName: string; passwordHash: string },
) =>
  db.insert(staff).values(member).onConflictDoNothing({ target: staff.username }).returning({ id: staff.id });

// Roles and who holds them.

/** A staff member's role in one brand, if they hold one there. */
export const findRoleOfStaff = async (db: Executor, staffId: bigint, brandId: bigint) => {
  const [row] = await db
    .select({ role: staffRoles })
    .from(staffRoleAssignments)
    .innerJoin(
      staffRoles,
      and(
        eq(staffRoles.id, staffRoleAssignments.roleId),
        eq(staffRoles.brandId, staffRoleAssignments.brandId),
      ),
    )
    .where(and(eq(staffRoleAssignments.staffId, staffId), eq(staffRoleAssignments.brandId, brandId)))
    .limit(1);
  return row?.role;
};

/** Every staff member, each with their role in the brand (null when they hold none there). */
export const listStaffWithRoles = (db: Executor, brandId: bigint) =>
  db
    .select({ staff, role: staffRoles })
    .from(staff)
    .leftJoin(
      staffRoleAssignments,
      and(eq(staffRoleAssignments.staffId, staff.id), eq(staffRoleAssignments.brandId, brandId)),
    )
    .leftJoin(
      staffRoles,
      and(
        eq(staffRoles.id, staffRoleAssignments.roleId),
        eq(staffRoles.brandId, staffRoleAssignments.brandId),
      ),
    )
    .orderBy(asc(staff.id));

/** A brand's roles, oldest first, with how many staff members hold each. */
export const listRoles = (db: Executor, brandId: bigint) =>
  db
    .select({
      role: staffRoles,
      staffCount: sql<number>`(select count(*)::int from ${staffRoleAssignments} where ${staffRoleAssignments.roleId} = ${staffRoles.id})`,
    })
    .from(staffRoles)
    .where(eq(staffRoles.brandId, brandId))
    .orderBy(asc(staffRoles.id));

export const findRole = async (db: Executor, brandId: bigint, roleId: bigint) => {
  const [row] = await db
    .select()
    .from(staffRoles)
    .where(and(eq(staffRoles.brandId, brandId), eq(staffRoles.id, roleId)))
    .limit(1);
  return row;
};

export const countRoleHolders = async (db: Executor, roleId: bigint): Promise<number> => {
  const [row] = await db
    .select({ holders: count() })
    .from(staffRoleAssignments)
    .where(eq(staffRoleAssignments.roleId, roleId));
  return row?.holders ?? 0;
};

export const insertRole = async (
  db: Executor,
  role: { brandId: bigint; name: string; presetKey: string | null; permissions: string[] },
) => {
  const [row] = await db.insert(staffRoles).values(role).returning();
  if (!row) throw new Error('role insert returned no row');
  return row;
};

/** Adds the roles the brand lacks (by preset key or name); roles that exist are left as their admins made them. */
export const insertRolesIfMissing = (
  db: Executor,
  roles: readonly { brandId: bigint; name: string; presetKey: string; permissions: string[] }[],
) =>
  db
    .insert(staffRoles)
    .values([...roles])
    .onConflictDoNothing();

export const findPresetRole = async (db: Executor, brandId: bigint, presetKey: string) => {
  const [row] = await db
    .select()
    .from(staffRoles)
    .where(and(eq(staffRoles.brandId, brandId), eq(staffRoles.presetKey, presetKey)))
    .limit(1);
  return row;
};

export const updateRole = async (
  db: Executor,
  roleId: bigint,
  changes: Partial<Pick<StaffRoleRow, 'name' | 'permissions'>>,
) => {
  const [row] = await db
    .update(staffRoles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(staffRoles.id, roleId))
    .returning();
  return row;
};

export const deleteRole = (db: Executor, roleId: bigint) =>
  db.delete(staffRoles).where(eq(staffRoles.id, roleId));

/** Gives a staff member their role in a brand, replacing the one they held there. */
export const assignRole = (db: Executor, assignment: { staffId: bigint; brandId: bigint; roleId: bigint }) =>
  db
    .insert(staffRoleAssignments)
    .values(assignment)
    .onConflictDoUpdate({
      target: [staffRoleAssignments.staffId, staffRoleAssignments.brandId],
      set: { roleId: assignment.roleId, assignedAt: new Date() },
    });

/** Gives a staff member a role in a brand only if they hold none there yet. */
export const assignRoleIfNone = (
  db: Executor,
  assignment: { staffId: bigint; brandId: bigint; roleId: bigint },
) => db.insert(staffRoleAssignments).values(assignment).onConflictDoNothing();

export const removeRole = (db: Executor, staffId: bigint, brandId: bigint) =>
  db
    .delete(staffRoleAssignments)
    .where(and(eq(staffRoleAssignments.staffId, staffId), eq(staffRoleAssignments.brandId, brandId)));

/** The brands a staff member holds a role in. */
export const listBrandsOfStaff = async (db: Executor, staffId: bigint): Promise<bigint[]> =>
  (
    await db
      .select({ brandId: staffRoleAssignments.brandId })
      .from(staffRoleAssignments)
      .where(eq(staffRoleAssignments.staffId, staffId))
  ).map((row) => row.brandId);

/**
 * Locks the brands' roles until the transaction ends, so changes to who may manage staff in a brand happen one
 * at a time: two admins taking staff.manage from each other at once cannot both pass the check.
 */
export const lockRolesOfBrands = async (db: Executor, brandIds: readonly bigint[]): Promise<void> => {
  if (brandIds.length === 0) return;
  await db
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(inArray(staffRoles.brandId, [...brandIds]))
    .orderBy(asc(staffRoles.id))
    .for('update');
};

/** How many active staff members hold, in the brand, a role with the permission. */
export const countActiveHoldersOf = async (
  db: Executor,
  brandId: bigint,
  permission: string,
): Promise<number> => {
  const [row] = await db
    .select({ holders: count() })
    .from(staffRoleAssignments)
    .innerJoin(staff, eq(staff.id, staffRoleAssignments.staffId))
    .innerJoin(
      staffRoles,
      and(
        eq(staffRoles.id, staffRoleAssignments.roleId),
        eq(staffRoles.brandId, staffRoleAssignments.brandId),
      ),
    )
    .where(
      and(
        eq(staffRoleAssignments.brandId, brandId),
        eq(staff.isActive, true),
        sql`${permission} = any(${staffRoles.permissions})`,
      ),
    );
  return row?.holders ?? 0;
};
