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
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { FundsService } from './funds.service';
import type { WalletAdminService } from './wallet-admin.service';

const tags = ['backoffice: wallet'];
/** Money and its trail, every route here: admins and finance; support staff answer players but move no money. */
const moneyRoles: readonly StaffRole[] = ['admin', 'finance'];
/** How a brand's wallets work is configuration: admins only, like the rest of the site settings. */
const settingsRoles: readonly StaffRole[] = ['admin'];

/**
 * Operator endpoints of wallets (under /wps/backoffice). The brand is the one the request selects (merchant
 * header, else host, else the default merchant), as for every other operator call; the audit list is not
 * a brand's.
 */
export const walletAdminRoutes =
  (
    { funds, admin }: { funds: FundsService; admin: WalletAdminService },
    {
      requireStaff,
      requireRole,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff' | 'requireRole'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireRole(moneyRoles));

    app.post(
      '/adjustments',
      {
        preHandler: requireBrand,
        schema: {
          tags,
          body: adjustmentRequestSchema,
          response: { 200: adjustmentResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.adjust(staffActorOf(request), request.brand, request.body)),
    );

    app.get(
      '/members/:username/wallet',
      {
        preHandler: requireBrand,
        schema: {
          tags,
          params: memberWalletParamsSchema,
          response: { 200: memberWalletResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.memberWallet(request.brand, request.params.username)),
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
      async (request) => ok(await admin.auditList(request.query)),
    );

    app.get(
      '/wallet-settings',
      {
        preHandler: requireBrand,
        schema: { tags, response: { 200: walletSettingsResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await funds.settings(request.brand.id)),
    );

    app.put(
      '/wallet-settings',
      {
        preHandler: [requireRole(settingsRoles), requireBrand],
        schema: {
          tags,
          body: walletSettingsSchema,
          response: { 200: walletSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await funds.updateSettings(staffActorOf(request), request.brand.id, request.body)),
    );
  };
