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
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { ChannelService } from './channels.service';
import type { DepositService } from './deposits.service';

const tags = ['backoffice: payments'];
const failures = { ...failureResponses, 409: failureEnvelopeSchema };
/** Deciding a deposit moves money. */
const decide = { permission: 'deposits.approve' } as const;
/** Where members pay in and out, looked at and changed alike. */
const configure = { permission: 'payments.channels' } as const;

/**
 * Operator endpoints for deposits: channel configuration and the review of manual deposits. The brand is the
 * one the request names (x-merchant-code) or the default one.
 */
export const depositAdminRoutes =
  ({
    deposits,
    channels,
    requireStaff,
    requireBrand,
  }: {
    deposits: DepositService;
    channels: ChannelService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.get(
      '/payment-channels',
      { config: configure, schema: { tags, response: { 200: staffChannelListResponseSchema, ...failures } } },
      async (request) => ok({ list: await channels.listForStaff(request.brand.id) }),
    );

    app.put(
      '/payment-channels',
      {
        config: configure,
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
        config: { permission: 'deposits.view' },
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
        config: decide,
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
        config: decide,
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
