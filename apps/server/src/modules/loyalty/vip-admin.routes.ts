import { emptySuccessSchema } from '@wps/contracts/auth';
import {
  memberVipLevelResponseSchema,
  setMemberVipLevelBodySchema,
  vipLevelBodySchema,
  vipLevelListResponseSchema,
  vipLevelParamsSchema,
  vipLevelResponseSchema,
} from '@wps/contracts/loyalty-vip';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { VipService } from './vip.service';

const tags = ['backoffice: loyalty'];
/** VIP levels decide what the brand pays out, like promotions. */
const define = { permission: 'loyalty.manage' } as const;

/** Operator endpoints of the brand the request names, under /wps/backoffice/loyalty: levels and member levels. */
export const vipAdminRoutes =
  ({
    vip,
    requireStaff,
    requirePermission,
    requireBrand,
  }: { vip: VipService; requireBrand: preHandlerAsyncHookHandler } & Pick<
    StaffGuards,
    'requireStaff' | 'requirePermission'
  >): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('loyalty.view'));
    app.addHook('preHandler', requireBrand);

    app.get(
      '/loyalty/vip-levels',
      { schema: { tags, response: { 200: vipLevelListResponseSchema, ...failureResponses } } },
      async (request) => ok(await vip.listLevels(request.brand)),
    );
    app.post(
      '/loyalty/vip-levels',
      {
        config: define,
        schema: {
          tags,
          description:
            'Amounts are decimals in the brand currency; ranks are unique and thresholds climb with rank.',
          body: vipLevelBodySchema,
          response: { 200: vipLevelResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await vip.createLevel(staffActorOf(request), request.brand, request.body)),
    );
    app.put(
      '/loyalty/vip-levels/:id',
      {
        config: define,
        schema: {
          tags,
          params: vipLevelParamsSchema,
          body: vipLevelBodySchema,
          response: { 200: vipLevelResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await vip.updateLevel(
            staffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body,
          ),
        ),
    );
    app.delete(
      '/loyalty/vip-levels/:id',
      {
        config: define,
        schema: {
          tags,
          description: 'Deletes a level no member holds.',
          params: vipLevelParamsSchema,
          response: { 200: emptySuccessSchema, ...failureResponses },
        },
      },
      async (request) => {
        await vip.deleteLevel(staffActorOf(request), request.brand, BigInt(request.params.id));
        return ok(null);
      },
    );
    app.post(
      '/loyalty/vip-member-levels',
      {
        // A member's level changes their bonuses and withdrawal limits.
        config: { permission: 'members.edit' },
        schema: {
          tags,
          description:
            "Sets a member's level by hand, with a reason; a repeated requestId changes nothing more.",
          body: setMemberVipLevelBodySchema,
          response: { 200: memberVipLevelResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await vip.setMemberLevel(staffActorOf(request), request.brand, request.body)),
    );
  };
