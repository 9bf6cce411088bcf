import {
  socialProviderConfigListResponseSchema,
  socialProviderConfigRequestSchema,
  socialProviderConfigResponseSchema,
  socialProviderParamsSchema,
} from '@wps/contracts/social-sign-in';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { SocialSignIn } from './social-sign-in';

const tags = ['backoffice: site'];

/**
 * Operator configuration of the social sign-in providers of the brand the request names (x-merchant-code).
 * The buttons show only once the brand's GOOGLELOGIN3 / FACEBOOKLOGIN3 flag is also on (PATCH …/settings).
 */
export const socialSignInAdminRoutes =
  (
    social: SocialSignIn,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.get(
      '/site/social',
      {
        config: { permission: 'site.view' },
        schema: { tags, response: { 200: socialProviderConfigListResponseSchema, ...failureResponses } },
      },
      async (request) => ok({ list: await social.listProviderConfigs(request.brand) }),
    );

    app.put(
      '/site/social/:provider',
      {
        // Where members sign in from is site configuration.
        config: { permission: 'site.manage' },
        schema: {
          tags,
          params: socialProviderParamsSchema,
          body: socialProviderConfigRequestSchema,
          response: { 200: socialProviderConfigResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await social.configureProvider(
            staffActorOf(request),
            request.brand,
            request.params.provider,
            request.body,
          ),
        ),
    );
  };
