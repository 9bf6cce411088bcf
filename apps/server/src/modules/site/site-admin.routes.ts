import {
  deliverySettingsResponseSchema,
  deliverySettingsSchema,
  siteSettingsParamsSchema,
  siteSettingsPatchSchema,
  siteSettingsResponseSchema,
} from '@wps/contracts/site-admin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { SiteService } from './site.service';

const tags = ['backoffice: site'];

/** Operator endpoints for a brand's site configuration; every change is audited by the service. */
export const siteAdminRoutes =
  (site: SiteService, requireStaff: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    app.get(
      '/site/:merchantCode/settings',
      {
        schema: {
          tags,
          params: siteSettingsParamsSchema,
          response: { 200: siteSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await site.getSiteSettings(request.params.merchantCode)),
    );

    app.patch(
      '/site/:merchantCode/settings',
      {
        schema: {
          tags,
          params: siteSettingsParamsSchema,
          body: siteSettingsPatchSchema,
          response: { 200: siteSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const staff = request.staff;
        if (!staff || staff.role !== 'admin') throw new AppError('FORBIDDEN');
        const actor = { type: 'staff' as const, id: staff.id, ip: request.ip };
        return ok(await site.updateSiteSettings(actor, request.params.merchantCode, request.body));
      },
    );

    app.put(
      '/site/:merchantCode/delivery',
      {
        schema: {
          tags,
          params: siteSettingsParamsSchema,
          body: deliverySettingsSchema,
          response: { 200: deliverySettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const staff = request.staff;
        if (!staff || staff.role !== 'admin') throw new AppError('FORBIDDEN');
        const actor = { type: 'staff' as const, id: staff.id, ip: request.ip };
        return ok(await site.updateDeliverySettings(actor, request.params.merchantCode, request.body));
      },
    );
  };
