import { moveMemberRequestSchema, moveMemberResponseSchema } from '@wps/contracts/agents';
import type { StaffRole } from '@wps/contracts/backoffice';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { assertStaffRole } from '../backoffice/backoffice.service';
import type { SiteService } from '../site/site.service';
import type { AgentService } from './agents.service';

const tags = ['backoffice: agents'];
/** Moving a member changes who is paid for its play: admins and support, never finance alone. */
const moveRoles: readonly StaffRole[] = ['admin', 'support'];

/** Operator endpoints of the downline tree (under /wps/backoffice). */
export const agentAdminRoutes =
  ({
    agents,
    site,
    requireStaff,
  }: {
    agents: AgentService;
    site: SiteService;
    requireStaff: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    app.post(
      '/agents/move-member',
      {
        schema: {
          tags,
          body: moveMemberRequestSchema,
          response: { 200: moveMemberResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const staff = request.staff;
        if (!staff) throw new AppError('UNAUTHORIZED');
        assertStaffRole(staff, moveRoles);
        const brand = await site.resolveBrand({
          merchantCode: request.body.merchantCode,
          host: '',
          ip: request.ip,
        });
        if (brand.merchantCode !== request.body.merchantCode) throw new AppError('BRAND_NOT_FOUND');
        return ok(
          await agents.moveMember({ type: 'staff', id: staff.id, ip: request.ip }, brand.id, request.body),
        );
      },
    );
  };
