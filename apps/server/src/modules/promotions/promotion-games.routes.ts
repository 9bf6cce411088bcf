import {
  claimRaffleBodySchema,
  claimRaffleResponseSchema,
  promotionIdParamsSchema,
  raffleResponseSchema,
  redEnvelopeGrabResponseSchema,
  redEnvelopeResponseSchema,
} from '@wps/contracts/promotion-games';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { RaffleService, RedEnvelopeService } from './promotion-games.service';

const tags = ['promotions'];

const promotionIdOf = (value: string | number): bigint => {
  const text = String(value);
  if (!/^\d{1,18}$/.test(text))
    throw new AppError('VALIDATION_FAILED', { message: 'promotionId is not an id' });
  return BigInt(text);
};

/** The red envelope and raffle screens of a promotion, and the spec's raffle claim. */
export const promotionGameRoutes =
  ({
    redEnvelopes,
    raffles,
    requireMember,
    requireRealMember,
  }: {
    redEnvelopes: RedEnvelopeService;
    raffles: RaffleService;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/promotions/:id/red-envelope',
      {
        preHandler: requireMember,
        schema: {
          tags,
          params: promotionIdParamsSchema,
          response: { 200: redEnvelopeResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await redEnvelopes.view(request.member, BigInt(request.params.id))),
    );
    app.post(
      '/promotions/:id/red-envelope',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          params: promotionIdParamsSchema,
          response: { 200: redEnvelopeGrabResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await redEnvelopes.grab(request.member, BigInt(request.params.id))),
    );
    app.get(
      '/promotions/:id/raffle',
      {
        preHandler: requireMember,
        schema: {
          tags,
          params: promotionIdParamsSchema,
          response: { 200: raffleResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await raffles.view(request.member, BigInt(request.params.id))),
    );
    app.post(
      '/relay/MCS2_claimRafflePromotion',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: claimRaffleBodySchema,
          response: { 200: claimRaffleResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await raffles.claim(request.member, promotionIdOf(request.body.promotionId))),
    );
  };
