import type { StaffRole } from '@wps/contracts/backoffice';
import {
  adjustmentRequestSchema,
  adjustmentResponseSchema,
  auditListResponseSchema,
  auditQuerySchema,
  memberWalletParamsSchema,
  memberWalletResponseSchema,
  walletSettingsResponseSchema,
  walletSettingsSchema,
} from '@wps/contracts/wallet';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { visitorOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { assertStaffRole } from '../backoffice/backoffice.service';
import type { SiteService } from '../site/site.service';
import type { FundsService } from './funds.service';
import type { WalletAdminService } from './wallet-admin.service';

const tags = ['backoffice: wallet'];
/** Money and its trail: admins and finance staff; support staff answer players but move no money. */
const moneyRoles: readonly StaffRole[] = ['admin', 'finance'];
/** How a brand's wallets work is configuration: admins only, like the rest of the site settings. */
const settingsRoles: readonly StaffRole[] = ['admin'];

/**
 * Operator endpoints of wallets (under /wps/backoffice). The brand is the one the request selects (merchant
 * header or host), as for every other operator call that is not addressed by merchant code.
 */
export const walletAdminRoutes =
  (
    { site, funds, admin }: { site: SiteService; funds: FundsService; admin: WalletAdminService },
    requireStaff: preHandlerAsyncHookHandler,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    const staffOf = (request: FastifyRequest, roles: readonly StaffRole[]) => {
      const staff = request.staff;
      if (!staff) throw new AppError('UNAUTHORIZED');
      assertStaffRole(staff, roles);
      return { type: 'staff' as const, id: staff.id, ip: request.ip };
    };
    const brandOf = async (request: FastifyRequest) => (await site.getBrandContext(visitorOf(request))).brand;

    app.post(
      '/adjustments',
      {
        schema: {
          tags,
          body: adjustmentRequestSchema,
          response: { 200: adjustmentResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const actor = staffOf(request, moneyRoles);
        return ok(await admin.adjust(actor, await brandOf(request), request.body));
      },
    );

    app.get(
      '/members/:username/wallet',
      {
        schema: {
          tags,
          params: memberWalletParamsSchema,
          response: { 200: memberWalletResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        staffOf(request, moneyRoles);
        return ok(await admin.memberWallet(await brandOf(request), request.params.username));
      },
    );

    app.get(
      '/audit',
      {
        schema: {
          tags,
          querystring: auditQuerySchema,
          response: { 200: auditListResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        staffOf(request, moneyRoles);
        return ok(await admin.auditList(request.query));
      },
    );

    app.get(
      '/wallet-settings',
      { schema: { tags, response: { 200: walletSettingsResponseSchema, ...failureResponses } } },
      async (request) => {
        staffOf(request, moneyRoles);
        return ok(await funds.settings((await brandOf(request)).id));
      },
    );

    app.put(
      '/wallet-settings',
      {
        schema: {
          tags,
          body: walletSettingsSchema,
          response: { 200: walletSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const actor = staffOf(request, settingsRoles);
        return ok(await funds.updateSettings(actor, (await brandOf(request)).id, request.body));
      },
    );
  };
