import type { VisitorContext } from '../../http/request-context';
import type { BrandContext } from '../site/site.service';
import type { AuthUseCaseDependencies } from './auth.service';
import * as repository from './auth.repository';

export type AuthEvent = {
  name: string;
  account: string;
  memberId?: bigint;
  isSuccess: boolean;
  detail?: Record<string, unknown>;
};

/** Writes one line of the auth log (logins, registrations, resets ...): a record; limits are attempt counters. */
export const recordAuthEvent = (
  { db }: Pick<AuthUseCaseDependencies, 'db'>,
  context: BrandContext,
  visitor: VisitorContext,
  event: AuthEvent,
) =>
  repository.insertAuthEvent(db, {
    brandId: context.brand.id,
    memberId: event.memberId ?? null,
    account: event.account,
    event: event.name,
    isSuccess: event.isSuccess,
    ip: visitor.ip,
    userAgent: visitor.userAgent ?? null,
    detail: event.detail ?? null,
  });
