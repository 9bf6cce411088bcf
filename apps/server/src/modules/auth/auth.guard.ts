import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/app-error';
import { readBearerToken } from '../../lib/session-token';
import type { AuthService, MemberSession } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the member guard on routes that need a logged-in member. */
    memberSession?: MemberSession;
  }
}

/** A preHandler that admits only a live member session (trial accounts included; routes refuse them). */
export const createMemberGuard =
  (auth: AuthService): preHandlerAsyncHookHandler =>
  async (request) => {
    const token = readBearerToken(request.headers.authorization);
    const session = token ? await auth.authenticate(token) : undefined;
    if (!session) throw new AppError('UNAUTHORIZED');
    request.memberSession = session;
  };
