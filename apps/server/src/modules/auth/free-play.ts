import { randomBytes } from 'node:crypto';
import { MemberType, type SessionValue } from '@wps/contracts/auth';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { returnAttempt, takeAttempt } from '../attempts/attempts.service';
import { authAttemptRules } from './auth-attempts';
import { requireFlag } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import type { AuthUseCaseDependencies } from './auth.service';
import { openSession } from './sessions';

/** Logs the visitor in as a new trial member (free play), a limited number of times per address and hour. */
export const logInForFreePlay = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members'>,
  visitor: VisitorContext,
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, 'FREEPLAY3');
  // Taken before the account is made, so a burst from one address gets exactly the hourly number.
  const attempt = await takeAttempt(deps.db, authAttemptRules.freePlayPerAddress, visitor.ip);
  if (!attempt.isAllowed) throw new AppError('RATE_LIMITED');
  const username = `trial${randomBytes(5).toString('hex')}`;
  const member = await deps.members.create(deps.db, {
    brandId: context.brand.id,
    username,
    nickname: username,
    type: MemberType.trial,
    registerIp: visitor.ip,
  });
  if (!member) {
    await returnAttempt(deps.db, authAttemptRules.freePlayPerAddress, visitor.ip);
    throw new AppError('INTERNAL_ERROR');
  }
  await recordAuthEvent(deps, context, visitor, {
    name: 'freeplay',
    account: username,
    memberId: member.id,
    isSuccess: true,
  });
  return openSession(deps, context, visitor, member, 'freeplay');
};
