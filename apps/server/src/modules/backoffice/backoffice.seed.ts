import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { hashPassword } from '../../lib/password-hashing';
import * as repository from './backoffice.repository';

/** The demo operator (role admin). Its password is never in the repository: see `seedBackofficeDemo`. */
export const demoStaff = { username: 'operator', displayName: 'Demo operator' };

/**
 * Creates the demo operator once, with `initialPassword` (OPERATOR_INITIAL_PASSWORD) or else a random one, stored
 * hashed; answers the password only when this call created the operator, so the start prints it once. A later
 * start never resets it. The operator enrols two-factor at first sign-in.
 */
export const seedBackofficeDemo = async (
  db: Database,
  { initialPassword }: { initialPassword?: string | undefined } = {},
): Promise<string | undefined> => {
  if (await repository.findStaffByUsername(db, demoStaff.username)) return undefined;
  const password = initialPassword ?? randomBytes(15).toString('base64url');
  const created = await repository.upsertStaff(db, {
    username: demoStaff.username,
    displayName: demoStaff.displayName,
    role: 'admin',
    passwordHash: await hashPassword(password),
  });
  return created.length === 1 ? password : undefined;
};
