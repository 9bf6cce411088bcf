import { randomBytes } from 'node:crypto';
import { MemberType, type SessionValue } from '@wps/contracts/auth';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { requireFlag } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import { authLimits, minute } from './auth-limits';
import type { AuthUseCaseDependencies } from './auth.service';
import * as repository from './auth.repository';
import { openSession } from './sessions';

/** Logs the visitor in as a new trial member (free play), a limited number of times per address and hour. */
export const logInForFreePlay = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members'>,
  visitor: VisitorContext,
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, 'FREEPLAY3');
  const recent = await repository.countEventsFromAddress(
    deps.db,
    visitor.ip,
    'freeplay',
    new Date(Date.now() - 60 * minute),
    false,
  );
  if (recent >= authLimits.freePlayPerAddressPerHour) throw new AppError('RATE_LIMITED');
  const username = `trial${randomBytes(5).toString('hex')}`;
  const member = await deps.members.create(deps.db, {
    brandId: context.brand.id,
    username,
    nickname: username,
    type: MemberType.trial,
    registerIp: visitor.ip,
  });
  if (!member) throw new AppError('INTERNAL_ERROR');
  await recordAuthEvent(deps, context, visitor, {
    name: 'freeplay',
    account: username,
    memberId: member.id,
    isSuccess: true,
  });
  return openSession(deps, context, visitor, member, 'freeplay');
};
