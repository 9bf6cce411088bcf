import {
  promotionBodySchema,
  promotionListResponseSchema,
  promotionResponseSchema,
} from '@wps/contracts/promotions';
import {
  forfeitBonusRequestSchema,
  grantBonusRequestSchema,
  memberBonusesResponseSchema,
  memberBonusParamsSchema,
  promotionListQuerySchema,
  promotionParamsSchema,
  promotionStatusRequestSchema,
} from '@wps/contracts/promotions-admin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { PromotionAdminService } from './promotions-admin.service';

const tags = ['backoffice: promotions'];
/** A promotion decides what the brand pays out, like the brand's other settings. */
const define = { permission: 'promotions.manage' } as const;
/** A bonus is money in a member's account, as for balance adjustments. */
const grant = { permission: 'bonuses.manage' } as const;

/**
 * Operator endpoints of the brand the request names (x-merchant-code), under /wps/backoffice/promotions:
 * the brand's promotions and staff actions on a member's bonus. Every change is audited.
 */
export const promotionsAdminRoutes =
  ({
    admin,
    requireStaff,
    requirePermission,
    requireBrand,
  }: {
    admin: PromotionAdminService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff' | 'requirePermission'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    // Support staff read them too: they answer players about them.
    app.addHook('onRoute', requirePermission('promotions.view'));
    app.addHook('preHandler', requireBrand);

    app.get(
      '/promotions',
      {
        schema: {
          tags,
          querystring: promotionListQuerySchema,
          response: { 200: promotionListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.list(request.brand.id, request.query)),
    );
    app.get(
      '/promotions/:id',
      {
        schema: {
          tags,
          params: promotionParamsSchema,
          response: { 200: promotionResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.get(request.brand.id, BigInt(request.params.id))),
    );
    app.post(
      '/promotions',
      {
        config: define,
        schema: {
          tags,
          description:
            'Amounts are decimals in the brand currency; terms HTML is sanitised before it is stored.',
          body: promotionBodySchema,
          response: { 200: promotionResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.create(staffActorOf(request), request.brand, request.body)),
    );
    app.put(
      '/promotions/:id',
      {
        config: define,
        schema: {
          tags,
          description:
            'Replaces the whole promotion; its kind never changes and an ended promotion is final.',
          params: promotionParamsSchema,
          body: promotionBodySchema,
          response: { 200: promotionResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await admin.update(staffActorOf(request), request.brand, BigInt(request.params.id), request.body)),
    );
    app.post(
      '/promotions/:id/status',
      {
        config: define,
        schema: {
          tags,
          description: 'publish (scheduled when the start is ahead), pause, resume or end (final).',
          params: promotionParamsSchema,
          body: promotionStatusRequestSchema,
          response: { 200: promotionResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.changeStatus(
            staffActorOf(request),
            request.brand.id,
            BigInt(request.params.id),
            request.body.action,
          ),
        ),
    );

    app.get(
      '/promotions/members/:username/bonuses',
      {
        schema: {
          tags,
          params: memberBonusParamsSchema,
          response: { 200: memberBonusesResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.memberBonuses(request.brand, request.params.username)),
    );
    app.post(
      '/promotions/members/:username/bonuses',
      {
        config: grant,
        schema: {
          tags,
          description:
            'Grants a bonus under a granted-bonus promotion; a retried requestId answers the first grant.',
          params: memberBonusParamsSchema,
          body: grantBonusRequestSchema,
          response: { 200: memberBonusesResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.grantBonus(staffActorOf(request), request.brand, request.params.username, request.body),
        ),
    );
    app.post(
      '/promotions/members/:username/bonuses/forfeit',
      {
        config: grant,
        schema: {
          tags,
          description: 'Ends the member’s active bonus; what is left returns to the house.',
          params: memberBonusParamsSchema,
          body: forfeitBonusRequestSchema,
          response: { 200: memberBonusesResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.forfeitBonus(
            staffActorOf(request),
            request.brand,
            request.params.username,
            request.body,
          ),
        ),
    );
  };
