import { randomBytes } from 'node:crypto';
import type { StaffCreateRequest, StaffSummary, StaffUpdateRequest } from '@wps/contracts/backoffice';
import type { Database } from '../../../db/database';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { hashPassword } from '../../../lib/password-hashing';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../backoffice.repository';
import { accountLockedUntil, unlockAccount } from '../sign-in/sign-in-limits';
import { toStaffSummary } from '../staff-profile';

type Dependencies = { db: Database };
type Actor = AuditActor & { type: 'staff' };

/** A random temporary password (120 bits), shown once to the admin; its owner must change it at first sign-in. */
const newTemporaryPassword = (): string => randomBytes(15).toString('base64url');

const summaryOf = async (db: Database, row: repository.StaffRow): Promise<StaffSummary> =>
  toStaffSummary(row, await accountLockedUntil(db, row.username));

const findOrRefuse = async (db: Database, id: string): Promise<repository.StaffRow> => {
  const row = await repository.findStaffById(db, BigInt(id));
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such staff member.' });
  return row;
};

/** Every staff member, with their two-factor state and any lock. */
export const listStaff = async ({ db }: Dependencies): Promise<StaffSummary[]> =>
  Promise.all((await repository.listStaff(db)).map((row) => summaryOf(db, row)));

/** A new staff member with a temporary password: at first sign-in they change it and enrol two-factor. */
export const createStaffMember = async (
  { db }: Dependencies,
  actor: Actor,
  input: StaffCreateRequest,
): Promise<{ staff: StaffSummary; temporaryPassword: string }> => {
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const row = await db
    .transaction(async (tx) => {
      const created = await repository.insertStaff(tx, {
        username: input.username,
        displayName: input.displayName,
        role: input.role,
        passwordHash,
        mustChangePassword: true,
        allowedIps: input.allowedIps ?? [],
      });
      await recordAuditEvent(tx, {
        actor,
        action: 'staff.create',
        entityType: 'staff',
        entityId: created.username,
        after: { displayName: created.displayName, role: created.role, allowedIps: created.allowedIps },
      });
      return created;
    })
    .catch((error: unknown) => {
      if (isDatabaseError(error, uniqueViolation)) throw new AppError('USERNAME_TAKEN');
      throw error;
    });
  return { staff: await summaryOf(db, row), temporaryPassword };
};

/**
 * Changes a staff member's name, role, active state or allow-list. An admin cannot disable or demote
 * themselves (so an admin always remains); disabling ends the staff member's sessions and open sign-ins.
 */
export const updateStaffMember = async (
  { db }: Dependencies,
  actor: Actor,
  id: string,
  input: StaffUpdateRequest,
): Promise<StaffSummary> => {
  const before = await findOrRefuse(db, id);
  const isSelf = before.id.toString() === actor.id;
  if (isSelf && (input.isActive === false || (input.role !== undefined && input.role !== 'admin'))) {
    throw new AppError('FORBIDDEN', { message: 'You cannot disable or demote yourself.' });
  }
  const changes = {
    ...(input.displayName === undefined ? {} : { displayName: input.displayName }),
    ...(input.role === undefined ? {} : { role: input.role }),
    ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
    ...(input.allowedIps === undefined ? {} : { allowedIps: input.allowedIps }),
  };
  const after = await db.transaction(async (tx) => {
    const updated = (await repository.updateStaff(tx, before.id, changes)) ?? before;
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
        role: before.role,
        isActive: before.isActive,
        allowedIps: before.allowedIps,
      },
      after: changes,
    });
    return updated;
  });
  return summaryOf(db, after);
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
