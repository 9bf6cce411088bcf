import { randomBytes } from 'node:crypto';
import type { SessionValue } from '@wps/contracts/auth';
import { validateChangePassword } from '@wps/contracts/validation-rules';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { hashPassword } from '../../lib/password-hashing';
import { requireFlag, throwIfInvalid } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import type { AuthUseCaseDependencies } from './auth.service';
import * as repository from './auth.repository';
import { normaliseDialingCode, normaliseMobile } from './phone-numbers';
import { openSession } from './sessions';
import { consumeCode } from './verification-codes';

/** Sends a new password to the member's email; the member must change it at the next login. */
export const resetPasswordByEmail = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members' | 'notifications'>,
  visitor: VisitorContext,
  username: string,
  email: string,
) => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, 'CHNGPASSMAIL3');
  const member = await deps.members.findByUsername(context.brand.id, username.trim());
  const isMatch =
    member?.email !== null &&
    member?.email !== undefined &&
    member.email.toLowerCase() === email.trim().toLowerCase();
  await recordAuthEvent(deps, context, visitor, {
    name: 'password.reset.email',
    account: username,
    memberId: member?.id,
    isSuccess: isMatch,
  });
  if (!member || !isMatch || member.email === null) throw new AppError('ACCOUNT_NOT_FOUND');
  const newPassword = `${randomBytes(6).toString('base64url')}a1`;
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await deps.members.update(tx, member.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      mustChangePassword: true,
    });
    await repository.revokeMemberSessions(tx, member.id);
  });
  const isSent = await deps.notifications.sendEmail(
    context.brand,
    member.email,
    `${context.brand.siteName}: your new password`,
    `Hello ${member.username},\n\nYour new password is: ${newPassword}\n\nPlease log in and change it.\n`,
  );
  if (!isSent)
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: 'The email could not be sent, please try again.',
    });
};

/** A new password proved by a code sent to the member's phone; every other session ends, a new one opens. */
export const resetPasswordByPhone = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members'>,
  visitor: VisitorContext,
  input: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, 'CHNGPASSVERIF3');
  throwIfInvalid(
    validateChangePassword(
      { newPassword: input.newPassword, confirmNewPassword: input.newPassword },
      { passwordRule: context.register.fields.password, isOldPasswordRequired: false },
    ),
  );
  const dialingCode = normaliseDialingCode(input.countryDialingCode);
  const member = await deps.members.findByMobile(
    context.brand.id,
    dialingCode,
    normaliseMobile(input.mobileNum),
  );
  const isValid =
    member !== undefined &&
    (await consumeCode(
      deps,
      context,
      'noLogin',
      { channel: 'sms', countryDialingCode: dialingCode, mobileNum: input.mobileNum },
      input.verificationCode,
    ));
  await recordAuthEvent(deps, context, visitor, {
    name: 'password.reset.phone',
    account: input.mobileNum,
    memberId: member?.id,
    isSuccess: isValid,
  });
  if (!member || !isValid) throw new AppError('VERIFICATION_CODE_INVALID');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await deps.members.update(tx, member.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      mustChangePassword: false,
    });
    await repository.revokeMemberSessions(tx, member.id);
  });
  return openSession(
    deps,
    context,
    visitor,
    { ...member, mustChangePassword: false, passwordChangedAt: new Date() },
    'reset',
  );
};
