import type { StaffRole } from '@wps/contracts/backoffice';
import {
  vendorListResponseSchema,
  vendorParamsSchema,
  vendorRegistrationSchema,
  vendorResponseSchema,
  vendorUpdateSchema,
} from '@wps/contracts/games-admin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { assertStaffRole } from '../backoffice/backoffice.service';
import type { VendorService } from './vendors.service';

const tags = ['backoffice: games'];
/** Connecting a vendor decides where players' money goes: admins only. Every staff member may look. */
const changeRoles: readonly StaffRole[] = ['admin'];
/** A vendor's whole catalogue travels in one call (up to 20,000 games): more than the API's usual limit. */
const catalogueBodyLimit = 16 * 1024 * 1024;

/** Operator endpoints of game vendors (under /wps/backoffice); the catalogue is platform-wide. */
export const vendorAdminRoutes =
  (vendors: VendorService, requireStaff: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    const staffOf = (request: FastifyRequest, roles?: readonly StaffRole[]) => {
      const staff = request.staff;
      if (!staff) throw new AppError('UNAUTHORIZED');
      if (roles) assertStaffRole(staff, roles);
      return { type: 'staff' as const, id: staff.id, ip: request.ip };
    };

    app.get(
      '/game-vendors',
      { schema: { tags, response: { 200: vendorListResponseSchema, ...failureResponses } } },
      async (request) => {
        staffOf(request);
        return ok(await vendors.list());
      },
    );

    app.post(
      '/game-vendors',
      {
        bodyLimit: catalogueBodyLimit,
        schema: {
          tags,
          description:
            'Registers a new vendor with its tiles and games; VENDOR_EXISTS when the code is taken.',
          body: vendorRegistrationSchema,
          response: { 200: vendorResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await vendors.add(staffOf(request, changeRoles), request.body)),
    );

    app.put(
      '/game-vendors/:code',
      {
        bodyLimit: catalogueBodyLimit,
        schema: {
          tags,
          description:
            'Changes a vendor: key, launch URL, enabled, name, tiles; listed games are added or changed.',
          params: vendorParamsSchema,
          body: vendorUpdateSchema,
          response: { 200: vendorResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await vendors.update(staffOf(request, changeRoles), request.params.code, request.body)),
    );
  };
