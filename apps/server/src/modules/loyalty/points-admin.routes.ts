import type { StaffRole } from '@wps/contracts/backoffice';
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
/** The mall's catalogue and the points rules decide what the brand gives away: admins change them. */
const definitionRoles: readonly StaffRole[] = ['admin'];
/** Fulfilment is support work; points are value in a member's account, as for balance adjustments. */
const fulfilmentRoles: readonly StaffRole[] = ['admin', 'finance', 'support'];
const moneyRoles: readonly StaffRole[] = ['admin', 'finance'];

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
    requireRole,
    requireBrand,
  }: { points: PointsService; requireBrand: preHandlerAsyncHookHandler } & Pick<
    StaffGuards,
    'requireStaff' | 'requireRole'
  >): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);
    const requireDefinitionRole = requireRole(definitionRoles);

    app.get(
      '/loyalty/mall-items',
      { schema: { tags, response: { 200: adminMallItemListResponseSchema, ...failureResponses } } },
      async (request) => ok({ list: await points.admin.listItems(operatorOf(request)) }),
    );
    app.post(
      '/loyalty/mall-items',
      {
        preHandler: requireDefinitionRole,
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
        preHandler: requireDefinitionRole,
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
        preHandler: requireRole(fulfilmentRoles),
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
        preHandler: requireDefinitionRole,
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
        preHandler: requireRole(moneyRoles),
        schema: {
          tags,
          body: pointAdjustmentRequestSchema,
          response: { 200: pointAdjustmentResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await points.admin.adjust(operatorOf(request), request.body)),
    );
  };
