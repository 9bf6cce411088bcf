import type { StaffRole } from '@wps/contracts/backoffice';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { readBearerToken } from '../../lib/session-token';
import { operatorApiPrefix } from '../../platform';
import type { AuditActor } from '../audit/audit.service';
import { assertStaffRole, type BackofficeService, type StaffIdentity } from './backoffice.service';
import { isAddressAllowed } from './sign-in/address-allow-list';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guard on operator routes. */
    staffIdentity: StaffIdentity | null;
    /** The staff member the guard admitted; read only behind the staff guard. */
    readonly staff: StaffIdentity;
  }
}

/** The request decoration of the staff context; registered once, before any route. */
export const decorateStaffContext = (app: FastifyInstance): void => {
  app.decorateRequest('staffIdentity', null);
  app.decorateRequest('staff', {
    getter(this: FastifyRequest) {
      if (!this.staffIdentity) throw new AppError('UNAUTHORIZED');
      return this.staffIdentity;
    },
  });
};

export type StaffGuards = ReturnType<typeof createStaffGuards>;

/** What a staff member who must change their password may still do: see who they are, leave, change it. */
const passwordChangeRoutes = new Set([
  `GET ${operatorApiPrefix}/session/me`,
  `DELETE ${operatorApiPrefix}/session/logout`,
  `POST ${operatorApiPrefix}/session/password`,
]);

/** The staff guards, the only place an operator route's staff member and role check come from. */
export const createStaffGuards = (backoffice: BackofficeService) => ({
  /**
   * A live staff session, from an address the staff member's allow-list admits; while their password must be
   * changed, only the routes that change it (and see who they are, or leave) answer.
   */
  requireStaff: async (request: FastifyRequest): Promise<void> => {
    const token = readBearerToken(request.headers.authorization);
    const identity = token ? await backoffice.authenticate(token) : undefined;
    if (!identity) throw new AppError('UNAUTHORIZED');
    if (!isAddressAllowed(identity.allowedIps, request.ip)) {
      throw new AppError('FORBIDDEN', { message: 'Your account may not be used from this address.' });
    }
    if (
      identity.mustChangePassword &&
      !passwordChangeRoutes.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    request.staffIdentity = identity;
  },
  /** A route of some roles only; runs after `requireStaff` (a plugin's hook runs before a route's own). */
  requireRole:
    (roles: readonly StaffRole[]) =>
    async (request: FastifyRequest): Promise<void> => {
      assertStaffRole(request.staff, roles);
    },
});

/** Who did it, for the audit trail: the staff member behind the request and where from. */
export const staffActorOf = (request: FastifyRequest): AuditActor & { type: 'staff' } => ({
  type: 'staff',
  id: request.staff.id,
  ip: request.ip,
});
