import type {
  StaffRoleCreateRequest,
  StaffRoleUpdateRequest,
  StaffRoleView,
} from '@wps/contracts/backoffice';
import { staffManagePermission } from '@wps/contracts/staff-permissions';
import type { Database } from '../../../db/database';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../backoffice.repository';
import { knownPermissions, toRoleView } from '../staff-profile';
import { keepingStaffManagers, refuseOwnLockout } from './manager-rule';

type Dependencies = { db: Database };
type Actor = AuditActor & { type: 'staff' };

const nameTaken = (error: unknown): never => {
  if (isDatabaseError(error, uniqueViolation)) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'name', message: 'Another role of this brand has this name.' }],
    });
  }
  throw error;
};

const noSuchRole = () => new AppError('NOT_FOUND', { message: 'No such role.' });

/** What the audit trail keeps of a role. */
const auditedRole = (role: repository.StaffRoleRow) => ({
  brandId: role.brandId.toString(),
  name: role.name,
  permissions: knownPermissions(role.permissions),
});

/** The brand's roles, presets first (they are created with the brand), with how many staff hold each. */
export const listRoles = async ({ db }: Dependencies, brandId: bigint): Promise<StaffRoleView[]> =>
  (await repository.listRoles(db, brandId)).map(({ role, staffCount }) => toRoleView(role, staffCount));

/** A role of the admin's own making in the brand; audited. */
export const createRole = async (
  { db }: Dependencies,
  actor: Actor,
  brandId: bigint,
  input: StaffRoleCreateRequest,
): Promise<StaffRoleView> => {
  const role = await db
    .transaction(async (tx) => {
      const created = await repository.insertRole(tx, {
        brandId,
        name: input.name,
        presetKey: null,
        permissions: knownPermissions(input.permissions),
      });
      await recordAuditEvent(tx, {
        actor,
        action: 'staff.role.create',
        entityType: 'staff_role',
        entityId: created.id.toString(),
        after: auditedRole(created),
      });
      return created;
    })
    .catch(nameTaken);
  return toRoleView(role, 0);
};

/**
 * Renames a role or replaces its permissions (presets included); audited with before and after. Refused when
 * it takes staff.manage from the role of the admin asking, or leaves the brand nobody active holding it.
 */
export const updateRole = async (
  { db }: Dependencies,
  actor: Actor,
  brandId: bigint,
  roleId: string,
  input: StaffRoleUpdateRequest,
): Promise<StaffRoleView> => {
  const id = BigInt(roleId);
  const updated = await db
    .transaction((tx) =>
      keepingStaffManagers(tx, [brandId], async () => {
        const before = await repository.findRole(tx, brandId, id);
        if (!before) throw noSuchRole();
        const changes = {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.permissions === undefined ? {} : { permissions: knownPermissions(input.permissions) }),
        };
        const after =
          Object.keys(changes).length === 0
            ? before
            : ((await repository.updateRole(tx, id, changes)) ?? before);
        const losesStaffManagement =
          before.permissions.includes(staffManagePermission) &&
          !after.permissions.includes(staffManagePermission);
        if (
          losesStaffManagement &&
          (await repository.findRoleOfStaff(tx, BigInt(actor.id), brandId))?.id === id
        )
          throw refuseOwnLockout();
        await recordAuditEvent(tx, {
          actor,
          action: 'staff.role.update',
          entityType: 'staff_role',
          entityId: roleId,
          before: auditedRole(before),
          after: auditedRole(after),
        });
        return after;
      }),
    )
    .catch(nameTaken);
  return toRoleView(updated, await repository.countRoleHolders(db, id));
};

/** Deletes a role of the admin's own making that nobody holds; presets stay (their permissions may change). */
export const deleteRole = async (
  { db }: Dependencies,
  actor: Actor,
  brandId: bigint,
  roleId: string,
): Promise<void> => {
  const id = BigInt(roleId);
  await db.transaction(async (tx) => {
    await repository.lockRolesOfBrands(tx, [brandId]);
    const role = await repository.findRole(tx, brandId, id);
    if (!role) throw noSuchRole();
    if (role.presetKey !== null) {
      throw new AppError('FORBIDDEN', {
        message: 'A preset role cannot be deleted; change its permissions instead.',
      });
    }
    if ((await repository.countRoleHolders(tx, id)) > 0) {
      throw new AppError('FORBIDDEN', {
        message: 'Staff still hold this role: give them another one first.',
      });
    }
    await repository.deleteRole(tx, id);
    await recordAuditEvent(tx, {
      actor,
      action: 'staff.role.delete',
      entityType: 'staff_role',
      entityId: roleId,
      before: auditedRole(role),
    });
  });
};
