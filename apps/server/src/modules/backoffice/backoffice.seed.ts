import type { Database } from '../../db/database';
import { hashPassword } from '../../lib/password-hashing';
import * as repository from './backoffice.repository';

export const demoStaff = { username: 'operator', password: 'Operator#2025', displayName: 'Demo operator' };

/** The demo operator (role admin), created once; its password is never reset by a later start. */
export const seedBackofficeDemo = async (db: Database): Promise<void> => {
  if (await repository.findStaffByUsername(db, demoStaff.username)) return;
  await repository.upsertStaff(db, {
    username: demoStaff.username,
    displayName: demoStaff.displayName,
    role: 'admin',
    passwordHash: await hashPassword(demoStaff.password),
  });
};
