import {
  amlActionBodySchema,
  amlActionParamsSchema,
  amlFlagDetailResponseSchema,
  amlFlagListResponseSchema,
  amlFlagParamsSchema,
  amlFlagQuerySchema,
  amlSettingsBodySchema,
  amlSettingsResponseSchema,
} from '@wps/contracts/aml';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, namedStaffActorOf, staffActorOf } from '../backoffice/backoffice.guard';
import type { AmlService } from './aml.service';

const tags = ['backoffice: aml'];
const review = { permission: 'aml.review' } as const;

/**
 * The console's risk queue under /wps/backoffice/aml, in the brand the request names: the flags, one flag's
 * evidence, staff's decisions (each with a reason, audited), and the brand's thresholds. All need aml.review.
 */
export const amlRoutes =
  (
    aml: AmlService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.get(
      '/aml/flags',
      {
        config: review,
        schema: {
          tags,
          querystring: amlFlagQuerySchema,
          response: { 200: amlFlagListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await aml.list(request.brand, request.query)),
    );

    app.get(
      '/aml/flags/:id',
      {
        config: review,
        schema: {
          tags,
          params: amlFlagParamsSchema,
          response: { 200: amlFlagDetailResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await aml.detail(request.brand, BigInt(request.params.id))),
    );

    app.post(
      '/aml/flags/:id/:action',
      {
        config: review,
        schema: {
          tags,
          params: amlActionParamsSchema,
          body: amlActionBodySchema,
          response: { 200: amlFlagDetailResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await aml.decide(
            namedStaffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.params.action,
            request.body,
          ),
        ),
    );

    app.get(
      '/aml/settings',
      { config: review, schema: { tags, response: { 200: amlSettingsResponseSchema, ...failureResponses } } },
      async (request) => ok(await aml.settings(request.brand)),
    );

    app.put(
      '/aml/settings',
      {
        config: review,
        schema: {
          tags,
          body: amlSettingsBodySchema,
          response: { 200: amlSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await aml.updateSettings(staffActorOf(request), request.brand, request.body)),
    );
  };
