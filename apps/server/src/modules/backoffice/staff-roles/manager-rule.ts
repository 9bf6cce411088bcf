import { staffManagePermission } from '@wps/contracts/staff-permissions';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import * as repository from '../backoffice.repository';

/**
 * The lockout rule: a brand where an active staff member holds staff.manage (through their role there) keeps
 * at least one. `change` runs with the brands' roles locked (so two such changes in a brand happen one after
 * the other); a change that leaves one of these brands with nobody active holding staff.manage is refused and,
 * thrown inside the caller's transaction, rolled back. Brands that had nobody (a brand without roles yet) are
 * not held to it.
 */
export const keepingStaffManagers = async <T>(
  tx: Executor,
  brandIds: readonly bigint[],
  change: () => Promise<T>,
): Promise<T> => {
  const brands = [...new Set(brandIds)].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  await repository.lockRolesOfBrands(tx, brands);
  const managedBefore: bigint[] = [];
  for (const brandId of brands) {
    if ((await repository.countActiveHoldersOf(tx, brandId, staffManagePermission)) > 0)
      managedBefore.push(brandId);
  }
  const result = await change();
  for (const brandId of managedBefore) {
    if ((await repository.countActiveHoldersOf(tx, brandId, staffManagePermission)) === 0) {
      throw new AppError('FORBIDDEN', {
        message: 'This would leave nobody active who may manage staff: give another staff member that first.',
      });
    }
  }
  return result;
};

/** Nobody takes staff.manage from themselves (by their own role's edit or their own reassignment). */
export const refuseOwnLockout = (): AppError =>
  new AppError('FORBIDDEN', { message: 'You cannot take staff management away from yourself.' });
