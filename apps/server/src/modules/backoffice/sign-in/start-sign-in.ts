import type { StaffLoginChallenge } from '@wps/contracts/backoffice';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { verifyAgainstDecoy, verifyPassword } from '../../../lib/password-hashing';
import { createSessionToken } from '../../../lib/session-token';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../backoffice.repository';
import { isAddressAllowed } from './address-allow-list';
import { newTotpEnrolment } from './second-factor';
import { accountKey, failedSignIn, passedFirstStep, takeSignInAttempt } from './sign-in-limits';

/** How long the second step may take after the password. */
export const challengeLifetimeMs = 5 * 60 * 1000;

export const wrongCredentials = () =>
  new AppError('UNAUTHORIZED', { message: 'Wrong username or password.' });

/**
 * The first step of a staff sign-in: the password, after an attempt is taken. Answers a single-use challenge
 * for the second factor (with a new TOTP secret when the staff member has none yet); no session opens here. A
 * wrong password, an unknown or disabled account and an address outside the account's allow-list all get the
 * same answer.
 */
export const startSignIn = async (
  { db }: { db: Database },
  input: { username: string; password: string; ip: string },
): Promise<StaffLoginChallenge> => {
  const attempt = { accountKey: accountKey(input.username), address: input.ip };
  await takeSignInAttempt(db, attempt);
  const member = await repository.findStaffByUsername(db, input.username);
  const isPasswordRight = member
    ? await verifyPassword(member.passwordHash, input.password)
    : await verifyAgainstDecoy(input.password);
  const refusal =
    !member || !isPasswordRight
      ? 'password'
      : !member.isActive
        ? 'disabled'
        : !isAddressAllowed(member.allowedIps, input.ip)
          ? 'address'
          : undefined;
  if (!member || refusal) {
    await recordAuditEvent(db, {
      actor: { type: 'staff', id: member?.id.toString() ?? `unknown:${input.username}`, ip: input.ip },
      action: 'staff.login.failure',
      entityType: 'staff',
      entityId: input.username,
      after: { reason: refusal },
    });
    await failedSignIn(db, attempt);
    throw wrongCredentials();
  }
  await passedFirstStep(db, attempt);

  const enrolment = member.totpSecret === null ? await newTotpEnrolment(member.username) : undefined;
  const { token: challenge, tokenHash } = createSessionToken();
  await db.transaction(async (tx) => {
    await repository.deleteChallenges(tx, member.id);
    await repository.insertLoginChallenge(tx, {
      tokenHash,
      staffId: member.id,
      stage: enrolment ? 'enrol' : 'totp',
      pendingTotpSecret: enrolment?.secret ?? null,
      expiresAt: new Date(Date.now() + challengeLifetimeMs),
    });
    await recordAuditEvent(tx, {
      actor: { type: 'staff', id: member.id.toString(), ip: input.ip },
      action: 'staff.login.password',
      entityType: 'staff',
      entityId: member.username,
      after: { stage: enrolment ? 'enrol' : 'totp' },
    });
  });
  return enrolment ? { stage: 'enrol', challenge, ...enrolment } : { stage: 'totp', challenge };
};
