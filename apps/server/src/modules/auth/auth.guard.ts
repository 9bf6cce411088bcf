import { isTrialType } from '@wps/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { readBearerToken } from '../../lib/session-token';
import type { MemberRow } from '../members/members.service';
import type { AuthService, MemberSession } from './auth.service';
import { isPasswordChangeDue } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the member guard admitted; read it through the two getters below. */
    admittedSession: MemberSession | null;
    /** The session the member guard admitted; reading it without the guard answers UNAUTHORIZED. */
    readonly memberSession: MemberSession;
    /** The member of that session (on the brand of `request.brand`). */
    readonly member: MemberRow;
  }
}

/** The request decorations of the member context; registered once, before any route. */
export const decorateMemberContext = (app: FastifyInstance): void => {
  app.decorateRequest('admittedSession', null);
  app.decorateRequest('memberSession', {
    getter(this: FastifyRequest) {
      if (!this.admittedSession) throw new AppError('UNAUTHORIZED');
      return this.admittedSession;
    },
  });
  app.decorateRequest('member', {
    getter(this: FastifyRequest) {
      return this.memberSession.member;
    },
  });
};

export type MemberGuards = ReturnType<typeof createMemberGuards>;

/**
 * The member guards, the only place a route's member comes from. A session works only on its own brand's site
 * (the member's money is in their brand's currency), so the guard resolves the brand too and refuses a
 * session of another brand. A session that must change its password (a password given by someone else, or
 * expired where the brand enforces it) is refused everywhere (PASSWORD_CHANGE_REQUIRED) except on the few
 * routes the change needs, which take the `…DuringPasswordChange` guards.
 */
export const createMemberGuards = (
  auth: AuthService,
  requireBrand: (request: FastifyRequest) => Promise<void>,
) => {
  /** A live session of the brand, whether or not its password must be changed first. */
  const admitSession = async (request: FastifyRequest): Promise<void> => {
    if (request.admittedSession) return;
    const token = readBearerToken(request.headers.authorization);
    const session = token ? await auth.authenticate(token) : undefined;
    if (!session) throw new AppError('UNAUTHORIZED');
    await requireBrand(request);
    if (request.brand.id !== session.member.brandId) throw new AppError('UNAUTHORIZED');
    request.admittedSession = session;
  };

  const refuseTrial = (request: FastifyRequest): void => {
    if (isTrialType(request.member.type)) throw new AppError('TRIAL_NOT_ALLOWED');
  };

  /** A live member session, trial (free-play) accounts included: for what a trial account may see. */
  const requireMember = async (request: FastifyRequest): Promise<void> => {
    await admitSession(request);
    if (isPasswordChangeDue(request.brandContext, request.memberSession)) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
  };

  /** A real member: free-play accounts play with pretend money and may not act (spec: in_need_true_account). */
  const requireRealMember = async (request: FastifyRequest): Promise<void> => {
    await requireMember(request);
    refuseTrial(request);
  };

  /**
   * What a session that must change its password may still do: log out, read the member's own info (the site
   * shows the forced change from it) and change the password.
   */
  const requireMemberDuringPasswordChange = admitSession;
  const requireRealMemberDuringPasswordChange = async (request: FastifyRequest): Promise<void> => {
    await admitSession(request);
    refuseTrial(request);
  };

  return {
    requireMember,
    requireRealMember,
    requireMemberDuringPasswordChange,
    requireRealMemberDuringPasswordChange,
  };
};
