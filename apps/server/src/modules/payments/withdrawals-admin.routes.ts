import {
  approveRequestSchema,
  idParamsSchema,
  paymentSettingsResponseSchema,
  rejectRequestSchema,
  withdrawalReviewQuerySchema,
  staffWithdrawalListResponseSchema,
  staffWithdrawalResponseSchema,
  updatePaymentSettingsRequestSchema,
} from '@wps/contracts/payments';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf, staffCan } from '../backoffice/backoffice.guard';
import type { PaymentSettingsService } from './payment-settings.service';
import type { StaffContext, WithdrawalService } from './withdrawals.service';

const tags = ['backoffice: withdrawals'];
/** Deciding a withdrawal pays money out; support staff may only look. */
const decide = { permission: 'withdrawals.approve' } as const;
/** The brand's withdrawal rules. */
const rules = { permission: 'payments.settings' } as const;

export type WithdrawalAdminRoutesDependencies = {
  withdrawals: WithdrawalService;
  settings: PaymentSettingsService;
  requireBrand: preHandlerAsyncHookHandler;
} & Pick<StaffGuards, 'requireStaff'>;

/**
 * The operator's side: the withdrawal queue with approve and reject, and the brand's withdrawal rules. The
 * brand is the one the request names (x-merchant-code, else the host, else the default merchant).
 */
export const withdrawalAdminRoutes =
  ({
    withdrawals,
    settings,
    requireStaff,
    requireBrand,
  }: WithdrawalAdminRoutesDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    /** The staff member deciding and the brand they decide on, as the withdrawal service records them. */
    const staffContextOf = (request: FastifyRequest): StaffContext => ({
      staffId: request.staff.id,
      staffName: request.staff.username,
      revealsPayoutAccounts: staffCan(request, 'withdrawals.approve'),
      brand: request.brand,
      ip: request.ip,
    });

    app.get(
      '/withdrawals',
      {
        config: { permission: 'withdrawals.view' },
        schema: {
          tags,
          querystring: withdrawalReviewQuerySchema,
          response: { 200: staffWithdrawalListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await withdrawals.listForStaff(staffContextOf(request), request.query)),
    );

    app.post(
      '/withdrawals/:id/approve',
      {
        config: decide,
        schema: {
          tags,
          params: idParamsSchema,
          body: approveRequestSchema,
          response: { 200: staffWithdrawalResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await withdrawals.decide(staffContextOf(request), BigInt(request.params.id), {
            outcome: 'approve',
            note: request.body.note,
          }),
        ),
    );

    app.post(
      '/withdrawals/:id/reject',
      {
        config: decide,
        schema: {
          tags,
          params: idParamsSchema,
          body: rejectRequestSchema,
          response: { 200: staffWithdrawalResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await withdrawals.decide(staffContextOf(request), BigInt(request.params.id), {
            outcome: 'reject',
            reason: request.body.reason,
          }),
        ),
    );

    app.get(
      '/payment-settings',
      {
        config: rules,
        schema: { tags, response: { 200: paymentSettingsResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await settings.get(request.brand)),
    );

    app.put(
      '/payment-settings',
      {
        config: rules,
        schema: {
          tags,
          body: updatePaymentSettingsRequestSchema,
          response: { 200: paymentSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await settings.update(staffActorOf(request), request.brand, request.body)),
    );
  };
