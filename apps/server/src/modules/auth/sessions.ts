import type { MemberInfo, SessionValue } from '@wps/contracts/auth';
import type { VisitorContext } from '../../http/request-context';
import { createBatchedLookup } from '../../lib/batched-lookup';
import { createSessionToken, hashSessionToken } from '../../lib/session-token';
import { clearAttempts } from '../attempts/attempts.service';
import {
  loginAttemptKey,
  memberAttemptRules,
  type MemberRow,
  toMemberInfo,
} from '../members/members.service';
import type { BrandContext } from '../site/site.service';
import { recordAuthEvent } from './auth-events';
import { authLimits, minute } from './auth-limits';
import type { AuthUseCaseDependencies, MemberSession } from './auth.service';
import * as repository from './auth.repository';

export type LoginMethod = 'password' | 'sms' | 'freeplay' | 'register' | 'reset' | 'social';

const isPasswordExpired = (context: BrandContext, member: MemberRow): boolean =>
  context.isEnabled('PWDEXPFORCECHANGE3') &&
  Date.now() - member.passwordChangedAt.getTime() > context.brand.passwordMaxAgeDays * 24 * 60 * minute;

/**
 * Whether a session must change its password before anything else: a password login with a password someone
 * else chose (an agent's, an operator's) or one expired where the brand enforces expiry. The spec asks no change
 * after an SMS or social login (the member may not know a password).
 */
export const isPasswordChangeDue = (
  context: BrandContext,
  session: Pick<MemberSession, 'member' | 'loginMethod'>,
): boolean =>
  session.loginMethod === 'password' &&
  (session.member.mustChangePassword || isPasswordExpired(context, session.member));

/** Opens a session; first-login and forced-change facts are computed from the member before this login. */
export const openSession = async (
  { db, members }: Pick<AuthUseCaseDependencies, 'db' | 'members'>,
  context: BrandContext,
  visitor: VisitorContext,
  member: MemberRow,
  method: LoginMethod,
  isRemembered = false,
): Promise<SessionValue> => {
  const { token, tokenHash } = createSessionToken();
  const now = new Date();
  const lifetime = isRemembered ? authLimits.rememberedLifetimeMs : authLimits.sessionLifetimeMs;
  await db.transaction(async (tx) => {
    await repository.insertSession(tx, {
      tokenHash,
      memberId: member.id,
      loginMethod: method,
      isRemembered,
      ip: visitor.ip,
      // Already cut to 512 characters (visitorOf): the member tells their sessions apart by it.
      userAgent: visitor.userAgent ?? null,
      expiresAt: new Date(now.getTime() + lifetime),
    });
    await members.update(tx, member.id, {
      firstLoginAt: member.firstLoginAt ?? now,
      lastLoginAt: now,
      lastLoginIp: visitor.ip,
    });
    await members.rememberAddress(tx, member.id, visitor.ip);
  });
  // Any way in (a reset by phone, a social sign-in ...) lifts the lock on the member's name, as a login does.
  await clearAttempts(db, memberAttemptRules.login, loginAttemptKey(member.brandId, member.username));
  const passwordExpired = isPasswordExpired(context, member);
  // The spec: no forced change after an SMS or social login (the member may not know a password).
  const isPasswordLogin = method === 'password';
  return {
    token,
    firstTimeLogin: member.firstLoginAt === null,
    passwordExpired,
    mustChangePassword: isPasswordLogin && (member.mustChangePassword || passwordExpired),
  };
};

/**
 * Time in use counted per touch of a session at most: a member who comes back after a pause (the site closed, the
 * computer asleep) is not counted as signed in throughout it.
 */
const sessionTimeCountedAtMostMs = 5 * minute;

/**
 * The member behind a live token, refreshing its idle timer (at most once a minute). The request that moves the
 * timer reports the time since the last move, up to `sessionTimeCountedAtMostMs`, as time in use (player
 * protection counts it against session-time limits); a member whose session time is used up stays signed in, so
 * they can still withdraw (their stakes are refused by the ledger's rule).
 */
export const authenticate = async (
  {
    db,
    liveSession,
    recordSessionActivity,
  }: Pick<AuthUseCaseDependencies, 'db' | 'liveSession' | 'recordSessionActivity'>,
  token: string,
): Promise<MemberSession | undefined> => {
  const tokenHash = hashSessionToken(token);
  const found = await liveSession(tokenHash);
  if (!found) return undefined;
  const { session, member } = found;
  if (member.status !== 'active') return undefined;
  // The idle timer moves at most once a minute: a busy page (a fishing or table game sends several requests a
  // second) would otherwise write the session row on every one; the 2-hour idle limit moves by under a minute.
  const now = Date.now();
  const sinceSeenMs = now - session.lastSeenAt.getTime();
  if (sinceSeenMs >= authLimits.sessionTouchEveryMs) {
    const seenBy = new Date(now - authLimits.sessionTouchEveryMs);
    if (await repository.touchSession(db, tokenHash, seenBy)) {
      await recordSessionActivity(member.id, Math.min(sinceSeenMs, sessionTimeCountedAtMostMs));
    }
  }
  return { member, tokenHash, loginMethod: session.loginMethod };
};

export type LiveSession = { session: repository.SessionRow; member: MemberRow };

/**
 * Reads the live sessions of token hashes with their members, the requests arriving together in one read of each
 * (a busy page sends several requests a second): what `findLiveSession` and a member read are for one token.
 */
export const createLiveSessionLookup = ({ db, members }: Pick<AuthUseCaseDependencies, 'db' | 'members'>) =>
  createBatchedLookup(async (tokenHashes: readonly string[]) => {
    const sessions = await repository.findLiveSessions(
      db,
      tokenHashes,
      new Date(Date.now() - authLimits.sessionIdleMs),
    );
    const found = new Map<string, LiveSession>();
    if (sessions.length === 0) return found;
    const memberRows = await members.findByIds([...new Set(sessions.map(({ memberId }) => memberId))]);
    const byId = new Map(memberRows.map((member) => [member.id, member]));
    for (const session of sessions) {
      const member = byId.get(session.memberId);
      if (member) found.set(session.tokenHash, { session, member });
    }
    return found;
  });

/**
 * The session behind the browser's session cookie (issue 30, point 4), handed back to a tab that has no token
 * yet: a remembered one for its 24 hours, any other while it is live (idle under 2 hours, within its 12).
 * Null when there is none to hand back (a guest, a logout, an expired or revoked session, a blocked member):
 * a guest's first visit is not a failed request.
 */
export const resumeSession = async (
  { db, site, members }: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members'>,
  visitor: VisitorContext,
  token: string | undefined,
): Promise<SessionValue | null> => {
  if (!token) return null;
  const tokenHash = hashSessionToken(token);
  const session = await repository.findLiveSession(
    db,
    tokenHash,
    new Date(Date.now() - authLimits.sessionIdleMs),
  );
  if (!session) return null;
  const member = await members.findById(session.memberId);
  if (member?.status !== 'active') return null;
  const context = await site.getBrandContext(visitor);
  const passwordExpired = isPasswordExpired(context, member);
  return {
    token,
    firstTimeLogin: false,
    passwordExpired,
    mustChangePassword: session.loginMethod === 'password' && (member.mustChangePassword || passwordExpired),
  };
};

export const logOut = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site'>,
  visitor: VisitorContext,
  session: MemberSession,
) => {
  await repository.revokeSession(deps.db, session.tokenHash);
  const context = await deps.site.getBrandContext(visitor);
  await recordAuthEvent(deps, context, visitor, {
    name: 'logout',
    account: session.member.username,
    memberId: session.member.id,
    isSuccess: true,
  });
};

/**
 * A member's VIP level for the member info (the header shows it). Levels are the loyalty module's, registered
 * after this one, so it hands over how to read them at start; until then (and without loyalty) there is none.
 */
export type VipLevelSource = (member: { id: bigint; brandId: bigint }) => Promise<MemberInfo['vip']>;

export const getMemberInfo = async (
  { site }: Pick<AuthUseCaseDependencies, 'site'>,
  visitor: VisitorContext,
  session: MemberSession,
  vipLevelOf: VipLevelSource,
): Promise<MemberInfo> => {
  const [context, vip] = await Promise.all([site.getBrandContext(visitor), vipLevelOf(session.member)]);
  return toMemberInfo(session.member, context.brand, isPasswordChangeDue(context, session), vip);
};
