import {
  approveRequestSchema,
  idParamsSchema,
  paymentSettingsResponseSchema,
  rejectRequestSchema,
  reviewStatusQuerySchema,
  staffWithdrawalListResponseSchema,
  staffWithdrawalResponseSchema,
  updatePaymentSettingsRequestSchema,
} from '@wps/contracts/payments';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { visitorOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { assertStaffRole, type StaffIdentity } from '../backoffice/backoffice.service';
import type { SiteService } from '../site/site.service';
import type { PaymentSettingsService } from './payment-settings.service';
import type { StaffContext, WithdrawalService } from './withdrawals.service';

const tags = ['backoffice: withdrawals'];
/** Who may move money or change the rules; support staff may only look. */
const moneyRoles = ['admin', 'finance'] as const;

export type WithdrawalAdminRoutesDependencies = {
  withdrawals: WithdrawalService;
  settings: PaymentSettingsService;
  site: SiteService;
  requireStaff: preHandlerAsyncHookHandler;
};

/**
 * The operator's side: the withdrawal queue with approve and reject, and the brand's withdrawal rules. The
 * brand is the one the request names (x-merchant-code, else the host, else the default merchant).
 */
export const withdrawalAdminRoutes =
  ({ withdrawals, settings, site, requireStaff }: WithdrawalAdminRoutesDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    const staffOf = (request: FastifyRequest): StaffIdentity => {
      if (!request.staff) throw new AppError('UNAUTHORIZED');
      return request.staff;
    };
    const staffContext = async (request: FastifyRequest): Promise<StaffContext> => {
      const staff = staffOf(request);
      assertStaffRole(staff, moneyRoles);
      return { staffId: staff.id, brand: await site.resolveBrand(visitorOf(request)), ip: request.ip };
    };

    app.get(
      '/withdrawals',
      {
        schema: {
          tags,
          querystring: reviewStatusQuerySchema,
          response: { 200: staffWithdrawalListResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await withdrawals.listForStaff(await site.resolveBrand(visitorOf(request)), request.query)),
    );

    app.post(
      '/withdrawals/:id/approve',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: approveRequestSchema,
          response: { 200: staffWithdrawalResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await withdrawals.decide(await staffContext(request), BigInt(request.params.id), {
            outcome: 'approve',
            note: request.body.note,
          }),
        ),
    );

    app.post(
      '/withdrawals/:id/reject',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: rejectRequestSchema,
          response: { 200: staffWithdrawalResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await withdrawals.decide(await staffContext(request), BigInt(request.params.id), {
            outcome: 'reject',
            reason: request.body.reason,
          }),
        ),
    );

    app.get(
      '/payment-settings',
      { schema: { tags, response: { 200: paymentSettingsResponseSchema, ...failureResponses } } },
      async (request) => {
        const { brand } = await staffContext(request);
        return ok(await settings.get(brand));
      },
    );

    app.put(
      '/payment-settings',
      {
        schema: {
          tags,
          body: updatePaymentSettingsRequestSchema,
          response: { 200: paymentSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { staffId, brand, ip } = await staffContext(request);
        return ok(await settings.update({ type: 'staff', id: staffId, ip }, brand, request.body));
      },
    );
  };
