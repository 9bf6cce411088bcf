import { playerRankResponseSchema, vipLevelParamsSchema } from '@wps/contracts/loyalty-vip';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { sendBrandUpload } from './brand-upload';
import type { VipService } from './vip.service';

const tags = ['loyalty: vip'];

/** The member's VIP page (spec: playerRank, MCS2_getPlayerRank). */
export const vipRoutes =
  (vip: VipService, requireRealMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/relay/MCS2_getPlayerRank',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          description:
            "The member's VIP level, progress to the next level (lifetime deposit and valid bet), the keep-level " +
            'status of the running period and the benefits of every level; amounts in the brand currency.',
          response: { 200: playerRankResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await vip.playerRank(request.member, request.brand)),
    );
  };

/** A level's icon, for anyone on the brand's site (the URL is the level's `iconUrl` on the VIP page). */
export const vipIconRoutes =
  (vip: VipService, requireBrand: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/loyalty/vip-levels/:id/icon',
      { preHandler: requireBrand, schema: { tags, params: vipLevelParamsSchema } },
      async (request, reply) =>
        sendBrandUpload(reply, await vip.levelIcon(request.brand.id, BigInt(request.params.id))),
    );
  };
