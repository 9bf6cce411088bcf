import {
  brandCreateRequestSchema,
  brandListResponseSchema,
  brandResponseSchema,
} from '@wps/contracts/site-admin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { SiteService } from './site.service';

const tags = ['backoffice: brands'];
/** Brands are the platform's: its own brand's staff whose role holds this (the service checks the brand). */
const platform = { permission: 'brands.create' } as const;

/** The platform operator's brands (white labels): the list, and creating one with its defaults. */
export const brandAdminRoutes =
  (
    site: SiteService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.get(
      '/brands',
      { config: platform, schema: { tags, response: { 200: brandListResponseSchema, ...failureResponses } } },
      async (request) => ok(await site.listBrands(request.brand)),
    );

    app.post(
      '/brands',
      {
        config: platform,
        schema: {
          tags,
          body: brandCreateRequestSchema,
          response: { 200: brandResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await site.createBrand(staffActorOf(request), request.brand, request.body)),
    );
  };
