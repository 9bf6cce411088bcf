import { moveMemberRequestSchema, moveMemberResponseSchema } from '@wps/contracts/agents';
import type { StaffRole } from '@wps/contracts/backoffice';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { AgentService } from './agents.service';

const tags = ['backoffice: agents'];
/** Moving a member changes who is paid for its play: admins and support, never finance alone. */
const moveRoles: readonly StaffRole[] = ['admin', 'support'];

/** Operator endpoints of the downline tree (under /wps/backoffice) of the brand the request names. */
export const agentAdminRoutes =
  ({
    agents,
    requireStaff,
    requireRole,
    requireBrand,
  }: {
    agents: AgentService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff' | 'requireRole'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);

    app.post(
      '/agents/move-member',
      {
        preHandler: [requireRole(moveRoles), requireBrand],
        schema: {
          tags,
          body: moveMemberRequestSchema,
          response: { 200: moveMemberResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agents.moveMember(staffActorOf(request), request.brand.id, request.body)),
    );
  };
