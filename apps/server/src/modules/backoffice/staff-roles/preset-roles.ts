import { presetRoleKeys, presetRoles, type PresetRoleKey } from '@wps/contracts/staff-permissions';
import type { Executor } from '../../../db/database';
import * as repository from '../backoffice.repository';

/**
 * Gives a brand the preset roles it lacks (admin, finance, risk, support, content, marketing), as the
 * contracts define them; presets it has are left as its admins edited them. Idempotent: seeding calls it at
 * every start, and a new brand calls it when it is created.
 */
export const installPresetRoles = async (db: Executor, brandId: bigint): Promise<void> => {
  await repository.insertRolesIfMissing(
    db,
    presetRoleKeys.map((presetKey) => ({
      brandId,
      presetKey,
      name: presetRoles[presetKey].name,
      permissions: [...presetRoles[presetKey].permissions],
    })),
  );
};

/**
 * Gives a staff member a brand's preset role (installing the presets first). `onlyIfNone` leaves a role they
 * already hold there alone (the seeded operator keeps what an admin gave them).
 */
export const assignPresetRole = async (
  db: Executor,
  { staffId, brandId, presetKey }: { staffId: bigint; brandId: bigint; presetKey: PresetRoleKey },
  { onlyIfNone = false }: { onlyIfNone?: boolean } = {},
): Promise<void> => {
  await installPresetRoles(db, brandId);
  const role = await repository.findPresetRole(db, brandId, presetKey);
  if (!role) throw new Error(`brand ${brandId.toString()} has no ${presetKey} role`);
  const assignment = { staffId, brandId, roleId: role.id };
  await (onlyIfNone ? repository.assignRoleIfNone(db, assignment) : repository.assignRole(db, assignment));
};
