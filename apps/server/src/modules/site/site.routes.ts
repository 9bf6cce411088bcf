import {
  domainRouteQuerySchema,
  domainRouteResponseSchema,
  permissionResponseSchema,
  registerSettingResponseSchema,
  systemStatusResponseSchema,
  whitelabelResponseSchema,
} from '@wps/contracts/site';
import { countryCodesResponseSchema } from '@wps/contracts/phone-numbers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { requestOriginOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { countryCodesFor } from './country-codes';
import type { SiteService } from './site.service';

const tags = ['site'];

export const siteRoutes =
  (site: SiteService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/system/status',
      { schema: { tags, response: { 200: systemStatusResponseSchema, ...failureResponses } } },
      async (request) => ok(await site.getSystemStatus(request.visitor)),
    );

    app.get(
      '/system/permission',
      {
        schema: {
          tags,
          description: 'Site configuration the site loads first, before it mounts.',
          response: { 200: permissionResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await site.getPermission(request.visitor)),
    );

    app.get(
      '/relay/getCountryCode',
      {
        schema: {
          tags,
          description:
            "Every country with its dialling code (libphonenumber's data) for the phone number pickers, and the visitor's own.",
          response: { 200: countryCodesResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(countryCodesFor(request.visitor)),
    );

    app.get(
      '/system/whitelabel',
      { schema: { tags, response: { 200: whitelabelResponseSchema, ...failureResponses } } },
      async (request) => ok(await site.getWhitelabel(request.visitor)),
    );

    app.get(
      '/system/domainRoute',
      {
        schema: {
          tags,
          querystring: domainRouteQuerySchema,
          response: { 200: domainRouteResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await site.getDomainOrigins(request.visitor, request.query.device, requestOriginOf(request))),
    );

    app.get(
      '/system/setting/register',
      { schema: { tags, response: { 200: registerSettingResponseSchema, ...failureResponses } } },
      async (request) => ok(await site.getRegisterSetting(request.visitor)),
    );
  };
