import { randomBytes } from 'node:crypto';
import type { StaffCreateRequest, StaffSummary, StaffUpdateRequest } from '@wps/contracts/backoffice';
import { staffManagePermission } from '@wps/contracts/staff-permissions';
import type { Database, Executor } from '../../../db/database';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { hashPassword } from '../../../lib/password-hashing';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../backoffice.repository';
import { accountLockedUntil, unlockAccount } from '../sign-in/sign-in-limits';
import { toStaffSummary } from '../staff-profile';
import { keepingStaffManagers, refuseOwnLockout } from '../staff-roles/manager-rule';

type Dependencies = { db: Database };
type Actor = AuditActor & { type: 'staff' };

/** A random temporary password (120 bits), shown once to the admin; its owner must change it at first sign-in. */
const newTemporaryPassword = (): string => randomBytes(15).toString('base64url');

const findOrRefuse = async (db: Database, id: string): Promise<repository.StaffRow> => {
  const row = await repository.findStaffById(db, BigInt(id));
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such staff member.' });
  return row;
};

/** One of the brand's roles, or a validation failure naming the field. */
const findRoleOrRefuse = async (db: Executor, brandId: bigint, roleId: string) => {
  const role = await repository.findRole(db, brandId, BigInt(roleId));
  if (!role) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'roleId', message: 'Not a role of this brand.' }],
    });
  }
  return role;
};

/** Every staff member with their role in the brand, their two-factor state and any lock. */
export const listStaff = async ({ db }: Dependencies, brandId: bigint): Promise<StaffSummary[]> =>
  Promise.all(
    (await repository.listStaffWithRoles(db, brandId)).map(async ({ staff, role }) =>
      toStaffSummary(staff, role, await accountLockedUntil(db, staff.username)),
    ),
  );

/**
 * A new staff member with a temporary password and a role in the brand: at first sign-in they change the
 * password and enrol two-factor.
 */
export const createStaffMember = async (
  { db }: Dependencies,
  actor: Actor,
  brandId: bigint,
  input: StaffCreateRequest,
): Promise<{ staff: StaffSummary; temporaryPassword: string }> => {
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const { row, role } = await db
    .transaction(async (tx) => {
      const chosen = await findRoleOrRefuse(tx, brandId, input.roleId);
      const created = await repository.insertStaff(tx, {
        username: input.username,
        displayName: input.displayName,
        passwordHash,
        mustChangePassword: true,
        allowedIps: input.allowedIps ?? [],
      });
      await repository.assignRole(tx, { staffId: created.id, brandId, roleId: chosen.id });
      await recordAuditEvent(tx, {
        actor,
        action: 'staff.create',
        entityType: 'staff',
        entityId: created.username,
        after: {
          displayName: created.displayName,
          brandId: brandId.toString(),
          role: chosen.name,
          allowedIps: created.allowedIps,
        },
      });
      return { row: created, role: chosen };
    })
    .catch((error: unknown) => {
      if (isDatabaseError(error, uniqueViolation)) throw new AppError('USERNAME_TAKEN');
      throw error;
    });
  return {
    staff: toStaffSummary(row, role, await accountLockedUntil(db, row.username)),
    temporaryPassword,
  };
};

/**
 * Changes a staff member's name, active state, allow-list or role in the brand (null: none, so no access to
 * it). Nobody disables themselves or takes staff.manage from themselves, and no change leaves a brand nobody
 * active who holds staff.manage (manager-rule.ts); disabling ends the member's sessions and open sign-ins.
 */
export const updateStaffMember = async (
  { db }: Dependencies,
  actor: Actor,
  brandId: bigint,
  id: string,
  input: StaffUpdateRequest,
): Promise<StaffSummary> => {
  const before = await findOrRefuse(db, id);
  const isSelf = before.id.toString() === actor.id;
  if (isSelf && input.isActive === false) {
    throw new AppError('FORBIDDEN', { message: 'You cannot disable yourself.' });
  }
  const changes = {
    ...(input.displayName === undefined ? {} : { displayName: input.displayName }),
    ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
    ...(input.allowedIps === undefined ? {} : { allowedIps: input.allowedIps }),
  };
  const { updated, role } = await db.transaction(async (tx) => {
    // Disabling someone touches every brand they hold a role in; a new role, this brand only.
    const affectedBrands = [
      ...(input.roleId === undefined && input.isActive !== false ? [] : [brandId]),
      ...(input.isActive === false ? await repository.listBrandsOfStaff(tx, before.id) : []),
    ];
    return keepingStaffManagers(tx, affectedBrands, async () => {
      const roleBefore = await repository.findRoleOfStaff(tx, before.id, brandId);
      const roleAfter =
        input.roleId === undefined
          ? roleBefore
          : input.roleId === null
            ? undefined
            : await findRoleOrRefuse(tx, brandId, input.roleId);
      if (input.roleId !== undefined) {
        if (isSelf && !roleAfter?.permissions.includes(staffManagePermission)) throw refuseOwnLockout();
        if (roleAfter) await repository.assignRole(tx, { staffId: before.id, brandId, roleId: roleAfter.id });
        else await repository.removeRole(tx, before.id, brandId);
      }
      const row =
        Object.keys(changes).length === 0
          ? before
          : ((await repository.updateStaff(tx, before.id, changes)) ?? before);
      if (input.isActive === false) {
        await repository.revokeStaffSessions(tx, before.id);
        await repository.deleteChallenges(tx, before.id);
      }
      await recordAuditEvent(tx, {
        actor,
        action: 'staff.update',
        entityType: 'staff',
        entityId: before.username,
        before: {
          displayName: before.displayName,
          role: roleBefore?.name ?? null,
          isActive: before.isActive,
          allowedIps: before.allowedIps,
        },
        after: {
          ...changes,
          ...(input.roleId === undefined ? {} : { role: roleAfter?.name ?? null }),
        },
      });
      return { updated: row, role: roleAfter };
    });
  });
  return toStaffSummary(updated, role, await accountLockedUntil(db, updated.username));
};

/**
 * An admin's reset: a new temporary password to change at first sign-in, and a new two-factor enrolment (the
 * TOTP secret and recovery codes are forgotten); sessions and open sign-ins end and any lock is lifted.
 */
export const resetStaffMember = async (
  { db }: Dependencies,
  actor: Actor,
  id: string,
): Promise<{ temporaryPassword: string }> => {
  const member = await findOrRefuse(db, id);
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    await repository.updateStaff(tx, member.id, {
      passwordHash,
      mustChangePassword: true,
      totpSecret: null,
      totpLastStep: null,
    });
    await repository.deleteRecoveryCodes(tx, member.id);
    await repository.deleteChallenges(tx, member.id);
    await repository.revokeStaffSessions(tx, member.id);
    await recordAuditEvent(tx, {
      actor,
      action: 'staff.reset',
      entityType: 'staff',
      entityId: member.username,
    });
  });
  await unlockAccount(db, member.username);
  return { temporaryPassword };
};
