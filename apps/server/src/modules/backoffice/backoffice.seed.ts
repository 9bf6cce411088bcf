import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { hashPassword } from '../../lib/password-hashing';
import * as repository from './backoffice.repository';
import { assignPresetRole, installPresetRoles } from './staff-roles/preset-roles';

/** The demo operator (the brand's admin role). Its password is never in the repository: see `seedBackofficeDemo`. */
export const demoStaff = { username: 'operator', displayName: 'Demo operator' };

/**
 * Gives the brand the preset roles it lacks, and creates the demo operator once, as the brand's admin, with
 * `initialPassword` (OPERATOR_INITIAL_PASSWORD) or else a random one, stored hashed. Answers the password only
 * when this call created the operator, so the start prints it once. A later start never resets the password
 * nor touches the operator's role. The operator enrols two-factor at first sign-in.
 */
export const seedBackofficeDemo = async (
  db: Database,
  brand: { id: bigint },
  { initialPassword }: { initialPassword?: string | undefined } = {},
): Promise<string | undefined> => {
  await installPresetRoles(db, brand.id);
  if (await repository.findStaffByUsername(db, demoStaff.username)) return undefined;
  const password = initialPassword ?? randomBytes(15).toString('base64url');
  const [created] = await repository.upsertStaff(db, {
    username: demoStaff.username,
    displayName: demoStaff.displayName,
    passwordHash: await hashPassword(password),
  });
  if (!created) return undefined;
  await assignPresetRole(db, { staffId: created.id, brandId: brand.id, presetKey: 'admin' });
  return password;
};
