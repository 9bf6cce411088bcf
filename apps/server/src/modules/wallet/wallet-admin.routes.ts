import {
  adjustmentProposalListResponseSchema,
  adjustmentProposalParamsSchema,
  adjustmentProposalQuerySchema,
  adjustmentProposalResponseSchema,
  adjustmentRequestSchema,
  adjustmentResponseSchema,
  approveProposalRequestSchema,
  memberWalletParamsSchema,
  memberWalletResponseSchema,
  rejectProposalRequestSchema,
  updateWalletSettingsRequestSchema,
  walletSettingsResponseSchema,
} from '@wps/contracts/wallet';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, namedStaffActorOf, staffActorOf } from '../backoffice/backoffice.guard';
import type { FundsService } from './funds.service';
import type { WalletAdminService } from './wallet-admin.service';

const tags = ['backoffice: wallet'];
/** The second approval of an adjustment above the brand's amount (four eyes), and its list. */
const approve = { permission: 'money.approve' } as const;

/**
 * Operator endpoints of wallets (under /wps/backoffice). The brand is the one the request selects (merchant
 * header, else host, else the default merchant), as for every other operator call. (The audit trail is the
 * audit module's.)
 */
export const walletAdminRoutes =
  (
    { funds, admin }: { funds: FundsService; admin: WalletAdminService },
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);

    app.post(
      '/adjustments',
      {
        config: { permission: 'money.adjust' },
        preHandler: requireBrand,
        schema: {
          tags,
          body: adjustmentRequestSchema,
          response: { 200: adjustmentResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.adjust(namedStaffActorOf(request), request.brand, request.body)),
    );

    app.get(
      '/adjustments/proposals',
      {
        config: approve,
        preHandler: requireBrand,
        schema: {
          tags,
          querystring: adjustmentProposalQuerySchema,
          response: { 200: adjustmentProposalListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.proposals(request.brand, request.query)),
    );

    app.post(
      '/adjustments/proposals/:id/approve',
      {
        config: approve,
        preHandler: requireBrand,
        schema: {
          tags,
          params: adjustmentProposalParamsSchema,
          body: approveProposalRequestSchema,
          response: { 200: adjustmentProposalResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.approveProposal(
            namedStaffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body.note,
          ),
        ),
    );

    app.post(
      '/adjustments/proposals/:id/reject',
      {
        config: approve,
        preHandler: requireBrand,
        schema: {
          tags,
          params: adjustmentProposalParamsSchema,
          body: rejectProposalRequestSchema,
          response: { 200: adjustmentProposalResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.rejectProposal(
            namedStaffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body.reason,
          ),
        ),
    );

    app.get(
      '/members/:username/wallet',
      {
        config: { permission: 'members.view_balances' },
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
      '/wallet-settings',
      {
        config: { permission: 'payments.settings' },
        preHandler: requireBrand,
        schema: { tags, response: { 200: walletSettingsResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await funds.settingsView(request.brand)),
    );

    app.put(
      '/wallet-settings',
      {
        // How a brand's wallets work is site configuration (the second-approval amount among it: finance staff
        // must not lift their own four-eyes rule).
        config: { permission: 'site.manage' },
        preHandler: requireBrand,
        schema: {
          tags,
          body: updateWalletSettingsRequestSchema,
          response: { 200: walletSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await funds.updateSettings(staffActorOf(request), request.brand, request.body)),
    );
  };
