import { moveMemberRequestSchema, moveMemberResponseSchema } from '@wps/contracts/agents';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { AgentService } from './agents.service';

const tags = ['backoffice: agents'];

/** Operator endpoints of the downline tree (under /wps/backoffice) of the brand the request names. */
export const agentAdminRoutes =
  ({
    agents,
    requireStaff,
    requireBrand,
  }: {
    agents: AgentService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);

    app.post(
      '/agents/move-member',
      {
        // Moving a member changes who is paid for its play.
        config: { permission: 'agents.move_member' },
        preHandler: requireBrand,
        schema: {
          tags,
          body: moveMemberRequestSchema,
          response: { 200: moveMemberResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agents.moveMember(staffActorOf(request), request.brand.id, request.body)),
    );
  };
