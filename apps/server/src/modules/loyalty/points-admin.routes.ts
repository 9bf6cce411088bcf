import {
  adminMallItemListResponseSchema,
  adminMallItemResponseSchema,
  adminRedemptionListQuerySchema,
  adminRedemptionListResponseSchema,
  adminRedemptionResponseSchema,
  loyaltySettingsBodySchema,
  loyaltySettingsResponseSchema,
  mallItemBodySchema,
  mallItemParamsSchema,
  pointAdjustmentRequestSchema,
  pointAdjustmentResponseSchema,
  redemptionActionRequestSchema,
  redemptionParamsSchema,
} from '@wps/contracts/loyalty-points';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { PointsOperator, PointsService } from './points.service';

const tags = ['backoffice: loyalty points'];
/** The mall's catalogue and the points rules decide what the brand gives away. */
const define = { permission: 'loyalty.manage' } as const;

const operatorOf = (request: FastifyRequest): PointsOperator => ({
  brandId: request.brand.id,
  currency: request.brand.currency,
  actor: staffActorOf(request),
});

/** Operator endpoints under /wps/backoffice/loyalty: mall items, the redemption queue, points settings. */
export const pointsAdminRoutes =
  ({
    points,
    requireStaff,
    requirePermission,
    requireBrand,
  }: { points: PointsService; requireBrand: preHandlerAsyncHookHandler } & Pick<
    StaffGuards,
    'requireStaff' | 'requirePermission'
  >): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('loyalty.view'));
    app.addHook('preHandler', requireBrand);

    app.get(
      '/loyalty/mall-items',
      { schema: { tags, response: { 200: adminMallItemListResponseSchema, ...failureResponses } } },
      async (request) => ok({ list: await points.admin.listItems(operatorOf(request)) }),
    );
    app.post(
      '/loyalty/mall-items',
      {
        config: define,
        schema: {
          tags,
          body: mallItemBodySchema,
          response: { 200: adminMallItemResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await points.admin.createItem(operatorOf(request), request.body)),
    );
    app.put(
      '/loyalty/mall-items/:id',
      {
        config: define,
        schema: {
          tags,
          params: mallItemParamsSchema,
          body: mallItemBodySchema,
          response: { 200: adminMallItemResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await points.admin.updateItem(operatorOf(request), BigInt(request.params.id), request.body)),
    );
    app.get(
      '/loyalty/redemptions',
      {
        schema: {
          tags,
          querystring: adminRedemptionListQuerySchema,
          response: { 200: adminRedemptionListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await points.admin.listRedemptions(operatorOf(request), request.query)),
    );
    app.post(
      '/loyalty/redemptions/:id',
      {
        // Fulfilment is support work.
        config: { permission: 'loyalty.fulfil' },
        schema: {
          tags,
          description: 'approve, ship (tracking number), deliver, or cancel (points and stock returned)',
          params: redemptionParamsSchema,
          body: redemptionActionRequestSchema,
          response: { 200: adminRedemptionResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await points.admin.updateRedemption(operatorOf(request), BigInt(request.params.id), request.body)),
    );
    app.get(
      '/loyalty/settings',
      { schema: { tags, response: { 200: loyaltySettingsResponseSchema, ...failureResponses } } },
      async (request) => ok(await points.admin.settings(operatorOf(request))),
    );
    app.put(
      '/loyalty/settings',
      {
        config: define,
        schema: {
          tags,
          body: loyaltySettingsBodySchema,
          response: { 200: loyaltySettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await points.admin.updateSettings(operatorOf(request), request.body)),
    );
    app.post(
      '/loyalty/points-adjustments',
      {
        // Points are value in a member's account, as for balance adjustments.
        config: { permission: 'loyalty.adjust_points' },
        schema: {
          tags,
          body: pointAdjustmentRequestSchema,
          response: { 200: pointAdjustmentResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await points.admin.adjust(operatorOf(request), request.body)),
    );
  };
