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
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { visitorOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { assertStaffRole } from '../backoffice/backoffice.service';
import type { SiteService } from '../site/site.service';
import type { ChannelService } from './channels.service';
import type { DepositService, StaffActor } from './deposits.service';

const tags = ['backoffice: payments'];
const failures = { ...failureResponses, 409: failureEnvelopeSchema };

/**
 * Operator endpoints for deposits: channel configuration and the review of manual deposits. Admin and
 * finance staff only. The brand is the one the request names (x-merchant-code) or the default one.
 */
export const depositAdminRoutes =
  ({
    deposits,
    channels,
    site,
    requireStaff,
  }: {
    deposits: DepositService;
    channels: ChannelService;
    site: SiteService;
    requireStaff: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    /** The finance staff member asking, as the audit records them, and the brand they act on. */
    const staffContext = async (request: FastifyRequest) => {
      const staff = request.staff;
      if (!staff) throw new AppError('UNAUTHORIZED');
      assertStaffRole(staff, ['admin', 'finance']);
      const actor: StaffActor = { type: 'staff', id: staff.id, ip: request.ip };
      return { actor, brand: await site.resolveBrand(visitorOf(request)) };
    };

    app.get(
      '/payment-channels',
      { schema: { tags, response: { 200: staffChannelListResponseSchema, ...failures } } },
      async (request) => {
        const { brand } = await staffContext(request);
        return ok({ list: await channels.listForStaff(brand.id) });
      },
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
      async (request) => {
        const { actor, brand } = await staffContext(request);
        return ok(await channels.upsert(actor, brand, request.body));
      },
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
      async (request) => {
        const { brand } = await staffContext(request);
        return ok(await deposits.listForReview(brand.id, request.query));
      },
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
        const { actor, brand } = await staffContext(request);
        const id = BigInt(request.params.id);
        return ok(await deposits.approve(actor, brand.id, id, request.body?.note || undefined));
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
        const { actor, brand } = await staffContext(request);
        return ok(await deposits.reject(actor, brand.id, BigInt(request.params.id), request.body.reason));
      },
    );
  };
