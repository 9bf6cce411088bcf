import { isCommonPassword } from '@wps/contracts/common-passwords';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { hashPassword, verifyPassword } from '../../../lib/password-hashing';
import { recordAuditEvent } from '../../audit/audit.service';
import type { StaffIdentity } from '../staff-profile';
import * as repository from '../backoffice.repository';
import { accountKey, passedFirstStep, takeSignInAttempt } from '../sign-in/sign-in-limits';

/**
 * A staff member changes their own password: the old one is checked after an attempt is taken (a stolen
 * session cannot guess it past the account's lockout), the new one must differ and not be a common password
 * (the shipped list), the must-change flag clears and every other session of theirs ends.
 */
export const changeOwnPassword = async (
  { db }: { db: Database },
  identity: StaffIdentity,
  input: { oldPassword: string; newPassword: string; ip: string },
): Promise<void> => {
  const attempt = { accountKey: accountKey(identity.username), address: input.ip };
  await takeSignInAttempt(db, attempt);
  const member = await repository.findStaffById(db, BigInt(identity.id));
  if (!member || !(await verifyPassword(member.passwordHash, input.oldPassword))) {
    throw new AppError('OLD_PASSWORD_WRONG');
  }
  await passedFirstStep(db, attempt);
  const problem =
    input.newPassword === input.oldPassword
      ? 'The new password must differ from the old one.'
      : isCommonPassword(input.newPassword)
        ? 'This password is too common; choose another.'
        : undefined;
  if (problem)
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'newPassword', message: problem }] });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await repository.updateStaff(tx, member.id, { passwordHash, mustChangePassword: false });
    await repository.revokeStaffSessions(tx, member.id, identity.tokenHash);
    await recordAuditEvent(tx, {
      actor: { type: 'staff', id: identity.id, ip: input.ip },
      action: 'staff.password.change',
      entityType: 'staff',
      entityId: member.username,
    });
  });
};
