import {
  conversionResponseSchema,
  convertRequestSchema,
  mallItemListResponseSchema,
  pointBalanceResponseSchema,
  pointConfigResponseSchema,
  mallItemParamsSchema,
  pointLanguageQuerySchema,
  pointTransactionListResponseSchema,
  pointTransactionQuerySchema,
  redeemListQuerySchema,
  redeemRequestSchema,
  redemptionListResponseSchema,
  redemptionResponseSchema,
} from '@wps/contracts/loyalty-points';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { sendBrandUpload } from './brand-upload';
import type { PointsMember, PointsService } from './points.service';

const tags = ['loyalty: points'];

const memberOf = (request: FastifyRequest): PointsMember => ({
  brandId: request.member.brandId,
  memberId: request.member.id,
  currency: request.brand.currency,
});

const languageOf = (language: string | undefined) => (language ?? 'en').toLowerCase();

/**
 * The member's points and the points mall (the spec's /pointMall calls). Redeem and convert are passwordCheck
 * calls: the payment password, and the encrypted body where the brand requires it (`decryptBody`).
 */
export const pointsRoutes =
  ({
    points,
    requireRealMember,
    decryptBody,
  }: {
    points: PointsService;
    requireRealMember: preHandlerAsyncHookHandler;
    decryptBody: (request: FastifyRequest) => Promise<void>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireRealMember);

    app.get(
      '/relay/MCS2_getPointBalance',
      { schema: { tags, response: { 200: pointBalanceResponseSchema, ...failureResponses } } },
      async (request) => ok(await points.balance(memberOf(request))),
    );
    app.get(
      '/relay/MCS2_getPointConfig',
      { schema: { tags, response: { 200: pointConfigResponseSchema, ...failureResponses } } },
      async (request) => ok(await points.config(memberOf(request))),
    );
    app.get(
      '/relay/MCS2_getPointReward',
      {
        schema: {
          tags,
          querystring: pointLanguageQuerySchema,
          response: { 200: mallItemListResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok({ list: await points.mallItems(memberOf(request), languageOf(request.query.language)) }),
    );
    app.get(
      '/relay/MCS2_getRedeemPointList',
      {
        schema: {
          tags,
          querystring: redeemListQuerySchema,
          response: { 200: redemptionListResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await points.redemptions(memberOf(request), request.query, languageOf(request.query.language))),
    );
    app.get(
      '/relay/ODSFE2_MemTransDet',
      {
        schema: {
          tags,
          querystring: pointTransactionQuerySchema,
          response: { 200: pointTransactionListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await points.transactions(memberOf(request), request.query)),
    );
    app.post(
      '/relay/passwordCheck/MCS2_redeemPointReward',
      {
        preValidation: decryptBody,
        schema: {
          tags,
          querystring: pointLanguageQuerySchema,
          body: redeemRequestSchema,
          response: { 200: redemptionResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await points.redeem(memberOf(request), request.body, languageOf(request.query.language))),
    );
    app.post(
      '/relay/passwordCheck/MCS2_convertPoint',
      {
        preValidation: decryptBody,
        schema: {
          tags,
          body: convertRequestSchema,
          response: { 200: conversionResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await points.convert(memberOf(request), request.body)),
    );
  };

/** A mall item's picture, for anyone on the brand's site (the mall page shows it before a login too). */
export const mallImageRoutes =
  ({
    points,
    requireBrand,
  }: {
    points: PointsService;
    requireBrand: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/loyalty/mall-items/:id/image',
      { preHandler: requireBrand, schema: { tags, params: mallItemParamsSchema } },
      async (request, reply) =>
        sendBrandUpload(reply, await points.itemImage(request.brand.id, BigInt(request.params.id))),
    );
  };
