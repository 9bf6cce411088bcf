import { failureEnvelopeSchema } from '@wps/contracts/envelope';
import {
  approveRequestSchema,
  idParamsSchema,
  rejectRequestSchema,
  reviewStatusQuerySchema,
  staffChannelListResponseSchema,
  staffChannelResponseSchema,
  staffDepositListResponseSchema,
  staffDepositResponseSchema,
  upsertChannelRequestSchema,
} from '@wps/contracts/payments';
import type { StaffRole } from '@wps/contracts/backoffice';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { ChannelService } from './channels.service';
import type { DepositService } from './deposits.service';

const tags = ['backoffice: payments'];
const failures = { ...failureResponses, 409: failureEnvelopeSchema };
/** Deposits are money: admin and finance staff only, for every route here. */
const moneyRoles: readonly StaffRole[] = ['admin', 'finance'];

/**
 * Operator endpoints for deposits: channel configuration and the review of manual deposits. Admin and
 * finance staff only. The brand is the one the request names (x-merchant-code) or the default one.
 */
export const depositAdminRoutes =
  ({
    deposits,
    channels,
    requireStaff,
    requireRole,
    requireBrand,
  }: {
    deposits: DepositService;
    channels: ChannelService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff' | 'requireRole'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireRole(moneyRoles));
    app.addHook('preHandler', requireBrand);

    app.get(
      '/payment-channels',
      { schema: { tags, response: { 200: staffChannelListResponseSchema, ...failures } } },
      async (request) => ok({ list: await channels.listForStaff(request.brand.id) }),
    );

    app.put(
      '/payment-channels',
      {
        schema: {
          tags,
          body: upsertChannelRequestSchema,
          response: { 200: staffChannelResponseSchema, ...failures },
        },
      },
      async (request) => ok(await channels.upsert(staffActorOf(request), request.brand, request.body)),
    );

    app.get(
      '/deposits',
      {
        schema: {
          tags,
          querystring: reviewStatusQuerySchema,
          response: { 200: staffDepositListResponseSchema, ...failures },
        },
      },
      async (request) => ok(await deposits.listForReview(request.brand.id, request.query)),
    );

    app.post(
      '/deposits/:id/approve',
      {
        schema: {
          tags,
          params: idParamsSchema,
          // An approval needs no body; a note is optional (required for a gateway deposit).
          body: approveRequestSchema.nullish(),
          response: { 200: staffDepositResponseSchema, ...failures },
        },
      },
      async (request) => {
        const id = BigInt(request.params.id);
        const note = request.body?.note || undefined;
        return ok(await deposits.approve(staffActorOf(request), request.brand.id, id, note));
      },
    );

    app.post(
      '/deposits/:id/reject',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: rejectRequestSchema,
          response: { 200: staffDepositResponseSchema, ...failures },
        },
      },
      async (request) => {
        const id = BigInt(request.params.id);
        return ok(await deposits.reject(staffActorOf(request), request.brand.id, id, request.body.reason));
      },
    );
  };
