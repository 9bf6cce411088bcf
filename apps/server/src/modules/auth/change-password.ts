import { isCommonPassword } from '@wps/contracts/common-passwords';
import { validateChangePassword } from '@wps/contracts/validation-rules';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { hashPassword, verifyPassword } from '../../lib/password-hashing';
import { throwIfInvalid } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import type { AuthUseCaseDependencies, MemberSession } from './auth.service';
import * as repository from './auth.repository';

/** A member's own password change; the member's other sessions end, this one stays. */
export const changePassword = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members'>,
  visitor: VisitorContext,
  session: MemberSession,
  input: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
) => {
  const context = await deps.site.getBrandContext(visitor);
  const isOldPasswordRequired = session.member.passwordHash !== null;
  throwIfInvalid(
    validateChangePassword(input, {
      passwordRule: context.register.fields.password,
      isOldPasswordRequired,
      isCommonPassword,
    }),
  );
  if (
    session.member.passwordHash &&
    !(await verifyPassword(session.member.passwordHash, input.oldPassword ?? ''))
  ) {
    await recordAuthEvent(deps, context, visitor, {
      name: 'password.change',
      account: session.member.username,
      memberId: session.member.id,
      isSuccess: false,
    });
    throw new AppError('OLD_PASSWORD_WRONG');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await deps.members.update(tx, session.member.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      mustChangePassword: false,
    });
    await repository.revokeMemberSessions(tx, session.member.id, session.tokenHash);
  });
  await recordAuthEvent(deps, context, visitor, {
    name: 'password.change',
    account: session.member.username,
    memberId: session.member.id,
    isSuccess: true,
  });
};
