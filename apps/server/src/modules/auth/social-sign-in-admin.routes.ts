import {
  socialProviderConfigRequestSchema,
  socialProviderConfigResponseSchema,
  socialProviderParamsSchema,
} from '@wps/contracts/social-sign-in';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { SocialSignIn } from './social-sign-in';

const tags = ['backoffice: site'];

/**
 * Operator configuration of a brand's social sign-in providers. The buttons show only once the brand's
 * GOOGLELOGIN3 / FACEBOOKLOGIN3 flag is also on (PATCH …/settings).
 */
export const socialSignInAdminRoutes =
  (social: SocialSignIn, requireStaff: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    app.put(
      '/site/:merchantCode/social/:provider',
      {
        schema: {
          tags,
          params: socialProviderParamsSchema,
          body: socialProviderConfigRequestSchema,
          response: { 200: socialProviderConfigResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const staff = request.staff;
        if (!staff || staff.role !== 'admin') throw new AppError('FORBIDDEN');
        const actor = { type: 'staff' as const, id: staff.id, ip: request.ip };
        const { merchantCode, provider } = request.params;
        return ok(await social.configureProvider(actor, merchantCode, provider, request.body));
      },
    );
  };
