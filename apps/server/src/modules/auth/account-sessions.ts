import type { AccountSession } from '@wps/contracts/member-account';
import type { VisitorContext } from '../../http/request-context';
import * as repository from './account-sessions.repository';
import { recordAuthEvent } from './auth-events';
import { authLimits } from './auth-limits';
import type { AuthUseCaseDependencies, MemberSession } from './auth.service';

/**
 * A session as its member may name it: the start of its token hash (64 bits, enough to tell a member's sessions
 * apart). Never the whole hash, the key of the session table, which the member has no use for.
 */
const publicSessionIdOf = (tokenHash: string): string => tokenHash.slice(0, 16);

/** Sessions not used since this are over (unless remembered), as the per-request lookup reads them. */
const idleSinceNow = (): Date => new Date(Date.now() - authLimits.sessionIdleMs);

/** Where the member is signed in (security centre): their live sessions, newest first, this one marked current. */
export const listAccountSessions = async (
  { db }: Pick<AuthUseCaseDependencies, 'db'>,
  session: MemberSession,
): Promise<AccountSession[]> => {
  const rows = await repository.listLiveMemberSessions(db, session.member.id, idleSinceNow());
  return rows.map((row) => ({
    id: publicSessionIdOf(row.tokenHash),
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.tokenHash === session.tokenHash,
  }));
};

/**
 * Ends every session of the member but the one asking (a lost phone, a shared computer). Sessions are read from
 * the table on every request, so the others are refused from the next one on; answers how many were live.
 */
export const signOutOtherSessions = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site'>,
  visitor: VisitorContext,
  session: MemberSession,
): Promise<{ signedOut: number }> => {
  const ended = await repository.revokeOtherMemberSessions(
    deps.db,
    session.member.id,
    session.tokenHash,
    idleSinceNow(),
  );
  const signedOut = ended.filter((row) => row.wasLive).length;
  const context = await deps.site.getBrandContext(visitor);
  await recordAuthEvent(deps, context, visitor, {
    name: 'sessions.sign_out_others',
    account: session.member.username,
    memberId: session.member.id,
    isSuccess: true,
    detail: { signedOut },
  });
  return { signedOut };
};
