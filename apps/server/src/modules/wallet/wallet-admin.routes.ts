import type { StaffRole } from '@wps/contracts/backoffice';
import {
  adjustmentProposalListResponseSchema,
  adjustmentProposalParamsSchema,
  adjustmentProposalQuerySchema,
  adjustmentProposalResponseSchema,
  adjustmentRequestSchema,
  adjustmentResponseSchema,
  approveProposalRequestSchema,
  auditListResponseSchema,
  auditQuerySchema,
  memberWalletParamsSchema,
  memberWalletResponseSchema,
  rejectProposalRequestSchema,
  updateWalletSettingsRequestSchema,
  walletSettingsResponseSchema,
} from '@wps/contracts/wallet';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { FundsService } from './funds.service';
import type { StaffMember, WalletAdminService } from './wallet-admin.service';

const tags = ['backoffice: wallet'];
/** Money and its trail, every route here: admins and finance; support staff answer players but move no money. */
const moneyRoles: readonly StaffRole[] = ['admin', 'finance'];
/**
 * How a brand's wallets work is configuration: admins only, like the rest of the site settings (the
 * second-approval amount among them: finance staff must not lift their own four-eyes rule).
 */
const settingsRoles: readonly StaffRole[] = ['admin'];

/** The staff member acting, for the audit trail and the approvals list. */
const staffMemberOf = (request: FastifyRequest): StaffMember => ({
  ...staffActorOf(request),
  username: request.staff.username,
});

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
      async (request) => ok(await admin.adjust(staffMemberOf(request), request.brand, request.body)),
    );

    app.get(
      '/adjustments/proposals',
      {
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
            staffMemberOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body.note,
          ),
        ),
    );

    app.post(
      '/adjustments/proposals/:id/reject',
      {
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
            staffMemberOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body.reason,
          ),
        ),
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
      async (request) => ok(await funds.settingsView(request.brand)),
    );

    app.put(
      '/wallet-settings',
      {
        preHandler: [requireRole(settingsRoles), requireBrand],
        schema: {
          tags,
          body: updateWalletSettingsRequestSchema,
          response: { 200: walletSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await funds.updateSettings(staffActorOf(request), request.brand, request.body)),
    );
  };
