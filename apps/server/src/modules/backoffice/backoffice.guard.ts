import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/app-error';
import { readBearerToken } from '../../lib/session-token';
import type { BackofficeService, StaffIdentity } from './backoffice.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guard on operator routes. */
    staff?: StaffIdentity;
  }
}

/** A preHandler that lets only a live staff session through, and remembers who it is. */
export const createStaffGuard =
  (backoffice: BackofficeService): preHandlerAsyncHookHandler =>
  async (request) => {
    const token = readBearerToken(request.headers.authorization);
    const identity = token ? await backoffice.authenticate(token) : undefined;
    if (!identity) throw new AppError('UNAUTHORIZED');
    request.staff = identity;
  };
