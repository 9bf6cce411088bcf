import { memberSearchQuerySchema, memberSearchResponseSchema } from '@wps/contracts/members';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { MemberService } from './members.service';

/**
 * The console's member search in the brand the request names (x-merchant-code, else the host, else the
 * default merchant). Every staff role may search: support staff find the members they answer.
 */
export const membersAdminRoutes =
  (
    members: MemberService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.get(
      '/members',
      {
        config: { permission: 'members.view' },
        schema: {
          tags: ['backoffice: members'],
          querystring: memberSearchQuerySchema,
          response: { 200: memberSearchResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await members.searchForStaff(request.brand.id, request.query)),
    );
  };
