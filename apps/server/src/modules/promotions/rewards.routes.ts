import {
  rewardClaimAllResponseSchema,
  rewardClaimResponseSchema,
  rewardIdParamsSchema,
  rewardListQuerySchema,
  rewardListResponseSchema,
  rewardUnreadResponseSchema,
} from '@wps/contracts/promotions-rewards';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { RewardOwner, RewardService } from './rewards.service';

const tags = ['promotions: rewards'];

/** The member whose reward centre it is, in the brand's currency. */
const ownerOf = (request: FastifyRequest): RewardOwner => ({
  brandId: request.member.brandId,
  memberId: request.member.id,
  currency: request.brand.currency,
});

/** The member's reward centre (rewardCenter): list, claim one or all, the unread badge. */
export const rewardRoutes =
  (rewards: RewardService, requireRealMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireRealMember);

    app.get(
      '/rewards',
      {
        schema: {
          tags,
          querystring: rewardListQuerySchema,
          response: { 200: rewardListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await rewards.list(ownerOf(request), request.query)),
    );
    app.get(
      '/rewards/unread',
      { schema: { tags, response: { 200: rewardUnreadResponseSchema, ...failureResponses } } },
      async (request) => ok(await rewards.unread(ownerOf(request))),
    );
    app.post(
      '/rewards/seen',
      { schema: { tags, response: { 200: rewardUnreadResponseSchema, ...failureResponses } } },
      async (request) => ok(await rewards.markSeen(ownerOf(request))),
    );
    app.post(
      '/rewards/claim-all',
      { schema: { tags, response: { 200: rewardClaimAllResponseSchema, ...failureResponses } } },
      async (request) => ok(await rewards.claimAll(ownerOf(request))),
    );
    app.post(
      '/rewards/:id/claim',
      {
        schema: {
          tags,
          params: rewardIdParamsSchema,
          response: { 200: rewardClaimResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await rewards.claim(ownerOf(request), BigInt(request.params.id))),
    );
  };
