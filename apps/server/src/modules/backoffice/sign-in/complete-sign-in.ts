import type { StaffSession } from '@wps/contracts/backoffice';
import type { Database, Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { createSessionToken, hashSessionToken } from '../../../lib/session-token';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../backoffice.repository';
import { accessInBrand, type RequestBrand, toBrandAccess, toStaffProfile } from '../staff-profile';
import { isAddressAllowed } from './address-allow-list';
import { hashRecoveryCode, isTotpCodeShape, matchTotpStep, newRecoveryCodes } from './second-factor';
import { accountKey, failedSignIn, signedIn, takeSignInAttempt } from './sign-in-limits';

export const sessionLifetimeMs = 12 * 60 * 60 * 1000;

const expiredChallenge = () =>
  new AppError('UNAUTHORIZED', { message: 'The sign-in has expired; please sign in again.' });
const wrongCode = () => new AppError('VERIFICATION_CODE_INVALID', { message: 'Wrong code.' });

type OpenChallenge = NonNullable<Awaited<ReturnType<typeof repository.findOpenChallenge>>>;

/**
 * Uses the second factor up inside the transaction: a TOTP code's step (later than the last accepted, so a code
 * never passes twice), a recovery code (once), or, for an enrolment, the new secret and new recovery codes.
 * Answers the recovery codes to show, or throws (rolling the transaction back) when the factor was taken first.
 */
const useSecondFactor = async (
  tx: Executor,
  { challenge, staff }: OpenChallenge,
  code: string,
): Promise<string[] | undefined> => {
  if (challenge.stage === 'enrol') {
    const secret = challenge.pendingTotpSecret ?? '';
    const step = await matchTotpStep(secret, code, null);
    if (step === undefined) throw wrongCode();
    const recoveryCodes = newRecoveryCodes();
    await repository.updateStaff(tx, staff.id, { totpSecret: secret, totpLastStep: step });
    await repository.replaceRecoveryCodes(
      tx,
      staff.id,
      recoveryCodes.map((recoveryCode) => hashRecoveryCode(staff.id, recoveryCode)),
    );
    return recoveryCodes;
  }
  if (staff.totpSecret === null) throw expiredChallenge();
  if (isTotpCodeShape(code)) {
    const step = await matchTotpStep(staff.totpSecret, code, staff.totpLastStep);
    if (step === undefined || !(await repository.takeTotpStep(tx, staff.id, step))) throw wrongCode();
    return undefined;
  }
  if (!(await repository.useRecoveryCode(tx, staff.id, hashRecoveryCode(staff.id, code)))) throw wrongCode();
  return undefined;
};

/**
 * The second step: a TOTP code (or a recovery code) for an open challenge, after an attempt of the address and
 * the account is taken. Wrong codes count toward the account's lockout. Opens the session and uses the
 * challenge up in one transaction; an enrolment answers the recovery codes, once. The profile answered is the
 * staff member's in the brand the request names (`brandId`): their role and permissions there.
 */
export const completeSignIn = async (
  { db }: { db: Database },
  input: { challenge: string; code: string; ip: string; brand: RequestBrand },
): Promise<StaffSession> => {
  const challengeHash = hashSessionToken(input.challenge);
  const found = await repository.findOpenChallenge(db, challengeHash);
  if (!found) throw expiredChallenge();
  const { staff } = found;
  const attempt = { accountKey: accountKey(staff.username), address: input.ip };
  await takeSignInAttempt(db, attempt);
  try {
    if (!staff.isActive || !isAddressAllowed(staff.allowedIps, input.ip)) throw expiredChallenge();
    const session = await db.transaction(async (tx) => {
      if (!(await repository.consumeChallenge(tx, challengeHash))) throw expiredChallenge();
      const recoveryCodes = await useSecondFactor(tx, found, input.code.trim());
      const { token, tokenHash } = createSessionToken();
      const expiresAt = new Date(Date.now() + sessionLifetimeMs);
      await repository.insertStaffSession(tx, { tokenHash, staffId: staff.id, expiresAt });
      await repository.updateStaff(tx, staff.id, { lastLoginAt: new Date() });
      await recordAuditEvent(tx, {
        actor: { type: 'staff', id: staff.id.toString(), ip: input.ip },
        action: 'staff.login.success',
        entityType: 'staff',
        entityId: staff.username,
        after: { enrolled: recoveryCodes !== undefined },
      });
      return {
        token,
        expiresAt: expiresAt.toISOString(),
        staff: toStaffProfile(
          staff,
          accessInBrand(
            toBrandAccess(await repository.findRoleOfStaff(tx, staff.id, input.brand.id)),
            input.brand,
          ),
        ),
        ...(recoveryCodes ? { recoveryCodes } : {}),
      };
    });
    await signedIn(db, attempt);
    return session;
  } catch (error) {
    await failedSignIn(db, attempt);
    await recordAuditEvent(db, {
      actor: { type: 'staff', id: staff.id.toString(), ip: input.ip },
      action: 'staff.login.failure',
      entityType: 'staff',
      entityId: staff.username,
      after: { reason: error instanceof AppError ? error.code : 'error' },
    });
    throw error;
  }
};
