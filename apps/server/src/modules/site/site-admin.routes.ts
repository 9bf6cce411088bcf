import {
  deliverySettingsResponseSchema,
  deliverySettingsSchema,
  deliverySettingsViewResponseSchema,
  siteDomainsResponseSchema,
  siteDomainsSchema,
  siteLinksResponseSchema,
  siteLinksSchema,
  siteSettingsPatchSchema,
  siteSettingsResponseSchema,
} from '@wps/contracts/site-admin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { SiteService } from './site.service';

const tags = ['backoffice: site'];
/** How the site behaves and where its messages go is configuration: changing it is its own permission. */
const change = { permission: 'site.manage' } as const;

/**
 * Operator endpoints for the site configuration of the brand the request names (x-merchant-code, else the
 * host, else the default merchant); every change is audited by the service.
 */
export const siteAdminRoutes =
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
      '/site/settings',
      {
        config: { permission: 'site.view' },
        schema: { tags, response: { 200: siteSettingsResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await site.getSiteSettings(request.brand)),
    );

    app.patch(
      '/site/settings',
      {
        config: change,
        schema: {
          tags,
          body: siteSettingsPatchSchema,
          response: { 200: siteSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await site.updateSiteSettings(staffActorOf(request), request.brand, request.body)),
    );

    app.get(
      '/site/delivery',
      {
        config: { permission: 'site.view' },
        schema: { tags, response: { 200: deliverySettingsViewResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await site.getDeliverySettings(request.brand)),
    );

    app.put(
      '/site/delivery',
      {
        config: change,
        schema: {
          tags,
          body: deliverySettingsSchema,
          response: { 200: deliverySettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await site.updateDeliverySettings(staffActorOf(request), request.brand, request.body)),
    );

    app.get(
      '/site/domains',
      {
        config: { permission: 'site.view' },
        schema: { tags, response: { 200: siteDomainsResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await site.getSiteDomains(request.brand)),
    );

    app.put(
      '/site/domains',
      {
        config: change,
        schema: {
          tags,
          body: siteDomainsSchema,
          response: { 200: siteDomainsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await site.updateSiteDomains(staffActorOf(request), request.brand, request.body)),
    );

    app.get(
      '/site/links',
      {
        config: { permission: 'site.view' },
        schema: { tags, response: { 200: siteLinksResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await site.getSiteLinks(request.brand)),
    );

    app.put(
      '/site/links',
      {
        config: change,
        schema: {
          tags,
          body: siteLinksSchema,
          response: { 200: siteLinksResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await site.updateSiteLinks(staffActorOf(request), request.brand, request.body)),
    );
  };
