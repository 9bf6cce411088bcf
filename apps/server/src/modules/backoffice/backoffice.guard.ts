import type { Permission } from '@wps/contracts/staff-permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../../http/app-error';
import { readBearerToken } from '../../lib/session-token';
import { operatorApiPrefix } from '../../platform';
import type { AuditActor } from '../audit/audit.service';
import type { BackofficeService } from './backoffice.service';
import { identityInBrand, type RequestBrand, type StaffIdentity } from './staff-profile';
import { isAddressAllowed } from './sign-in/address-allow-list';

/**
 * What a route behind the staff guard declares instead of a permission when any signed-in staff member may use
 * it whatever their role: seeing who they are, signing out, changing their own password, the API document.
 */
export const anyStaffMember = 'any staff member';

/** What an operator route declares it needs: a permission, or only a signed-in staff member. */
export type RoutePermission = Permission | typeof anyStaffMember;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the staff guard requires on an operator route (`config: { permission }`): the staff member's role in
     * the brand the request names must hold it. A route behind the guard that declares none is refused.
     */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** Set by the staff guard on operator routes. */
    staffIdentity: StaffIdentity | null;
    /** The staff member the guard admitted, with their role in the request's brand; read only behind it. */
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

/** The brand a request names (merchant header, else host, else the default), as the site module resolves it. */
export type BrandOfRequest = (request: FastifyRequest) => Promise<RequestBrand>;

export type StaffGuards = ReturnType<typeof createStaffGuards>;

/** What a staff member who must change their password may still do: see who they are, leave, change it. */
const passwordChangeRoutes = new Set([
  `GET ${operatorApiPrefix}/session/me`,
  `DELETE ${operatorApiPrefix}/session/logout`,
  `POST ${operatorApiPrefix}/session/password`,
]);

/** Sets a route's permission unless it declares its own (see `requirePermission` below). */
const requirePermission =
  (permission: RoutePermission) =>
  (route: RouteOptions): void => {
    route.config = { ...route.config, permission: route.config?.permission ?? permission };
  };

/** A route's name in messages: its method and path pattern. */
const routeName = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

/**
 * The staff guard: the one place an operator route's staff member and permission check come from. `brandOf`
 * names the brand a request acts on; roles are per brand, so permissions are read for that brand.
 */
export const createStaffGuards = (backoffice: BackofficeService, brandOf: BrandOfRequest) => ({
  /**
   * A live staff session, from an address the staff member's allow-list admits, whose role in the request's
   * brand holds the permission the route declares (`config.permission`). While their password must be
   * changed, only the routes that change it (and see who they are, or leave) answer. The staff member's roles
   * are loaded with the session (one query); the brand comes from the site's cached brand lookup.
   */
  requireStaff: async (request: FastifyRequest): Promise<void> => {
    const token = readBearerToken(request.headers.authorization);
    const staff = token ? await backoffice.authenticate(token) : undefined;
    if (!staff) throw new AppError('UNAUTHORIZED');
    if (!isAddressAllowed(staff.allowedIps, request.ip)) {
      throw new AppError('FORBIDDEN', { message: 'Your account may not be used from this address.' });
    }
    if (staff.mustChangePassword && !passwordChangeRoutes.has(routeName(request))) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    const required = request.routeOptions.config.permission;
    // A programming error, refused rather than let through; operator-routes.test.ts lists any such route.
    if (required === undefined) throw new Error(`${routeName(request)} declares no permission`);
    const identity = identityInBrand(staff, await brandOf(request));
    if (required !== anyStaffMember && !identity.permissions.has(required)) {
      throw new AppError('FORBIDDEN', { message: 'Your role does not allow this.' });
    }
    request.staffIdentity = identity;
  },
  /**
   * Declares the permission for every route of a plugin that names none itself, as an onRoute hook added before
   * the routes: `app.addHook('onRoute', requirePermission('audit.view'))`. `requireStaff` enforces it.
   */
  requirePermission,
  /** The brand a request names, for the open sign-in step that answers the staff member's profile in it. */
  brandOf,
});

/** Whether the admitted staff member's role in the request's brand holds a permission (for what a route shows). */
export const staffCan = (request: FastifyRequest, permission: Permission): boolean =>
  request.staff.permissions.has(permission);

/** Who did it, for the audit trail: the staff member behind the request and where from (address and browser). */
export const staffActorOf = (request: FastifyRequest): AuditActor & { type: 'staff' } => ({
  type: 'staff',
  id: request.staff.id,
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The same, with the staff member's username (what a decision shows of who took it). */
export const namedStaffActorOf = (
  request: FastifyRequest,
): AuditActor & { type: 'staff'; id: string; username: string } => ({
  ...staffActorOf(request),
  username: request.staff.username,
});
