import {
  vendorListResponseSchema,
  vendorParamsSchema,
  vendorRegistrationSchema,
  vendorResponseSchema,
  vendorUpdateSchema,
} from '@wps/contracts/games-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { VendorService } from './vendors.service';

const tags = ['backoffice: games'];
/** Connecting a vendor decides where players' money goes: changing vendors is its own permission. */
const change = { permission: 'games.manage' } as const;
/** A vendor's whole catalogue travels in one call (up to 20,000 games): more than the API's usual limit. */
const catalogueBodyLimit = 16 * 1024 * 1024;

/** Operator endpoints of game vendors (under /wps/backoffice); the catalogue is platform-wide. */
export const vendorAdminRoutes =
  (
    vendors: VendorService,
    { requireStaff, requirePermission }: Pick<StaffGuards, 'requireStaff' | 'requirePermission'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('games.view'));

    app.get(
      '/game-vendors',
      { schema: { tags, response: { 200: vendorListResponseSchema, ...failureResponses } } },
      async () => ok(await vendors.list()),
    );

    app.post(
      '/game-vendors',
      {
        config: change,
        bodyLimit: catalogueBodyLimit,
        schema: {
          tags,
          description:
            'Registers a new vendor with its tiles and games; VENDOR_EXISTS when the code is taken.',
          body: vendorRegistrationSchema,
          response: { 200: vendorResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await vendors.add(staffActorOf(request), request.body)),
    );

    app.put(
      '/game-vendors/:code',
      {
        config: change,
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
      async (request) => ok(await vendors.update(staffActorOf(request), request.params.code, request.body)),
    );
  };
