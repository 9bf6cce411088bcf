import {
  consolidatedContractInfoResponseSchema,
  type ContractKind,
  contractActionResponseSchema,
  contractListQuerySchema,
  contractListResponseSchema,
  contractOverviewResponseSchema,
  contractPaymentListResponseSchema,
  contractPaymentQuerySchema,
  contractPopupResponseSchema,
  contractPreviewResponseSchema,
  platformOfferRequestSchema,
  processContractRequestSchema,
  settlementRunRequestSchema,
  settlementRunResponseSchema,
} from '@wps/contracts/agent-contracts';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { auditOriginOf } from '../audit/audit.guard';
import { type StaffGuards, namedStaffActorOf } from '../backoffice/backoffice.guard';
import type { ContractService } from './contracts.service';
import type { SettlementService } from './settlement.service';

const tags = ['agent contracts'];

/** The spec's four process endpoints (section 7), one per contract kind. */
export const processEndpoints: Record<ContractKind, string> = {
  DIVIDEND: '/relay/MCS2_processDividendReq',
  DAILY_SALARY: '/relay/MCS2_processDailySalContract',
  HOURLY_SALARY: '/relay/MCS2_processContractHourSalary',
  REALTIME_SALARY: '/relay/MCSFE_processRealTimeSalaryContract',
};

const contractIdParams = z.strictObject({ id: z.string().regex(/^\d{1,19}$/) });

/** Agent contracts for members (agents); the services hold the rules. */
export const agentContractRoutes =
  ({
    contracts,
    settlement,
    requireMember,
  }: {
    contracts: ContractService;
    settlement: SettlementService;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    /** The member, its brand (clock and currency) and whether AGENTPOLICY3 is on. */
    const callerOf = ({ member, brand, brandContext }: FastifyRequest) => ({
      member,
      brand,
      policyEnabled: brandContext.isEnabled('AGENTPOLICY3'),
    });

    for (const [kind, path] of Object.entries(processEndpoints) as [ContractKind, string][]) {
      app.get(
        path,
        {
          schema: {
            tags,
            description: `The caller's ${kind} contracts on both sides (pending and active) and whom it may offer one.`,
            response: { 200: contractOverviewResponseSchema, ...failureResponses },
          },
        },
        async (request) => {
          const { member, brand, policyEnabled } = callerOf(request);
          return ok(await contracts.overview(member, brand, kind, policyEnabled));
        },
      );
      app.post(
        path,
        {
          schema: {
            tags,
            description: `Offer, accept, reject, cancel or terminate a ${kind} contract (action field).`,
            body: processContractRequestSchema,
            response: { 200: contractActionResponseSchema, ...failureResponses },
          },
        },
        async (request) => {
          const { member, brand, policyEnabled } = callerOf(request);
          return ok(
            await contracts.process(member, brand, kind, request.body, policyEnabled, auditOriginOf(request)),
          );
        },
      );
    }

    app.get(
      '/agent/contracts',
      {
        schema: {
          tags,
          querystring: contractListQuerySchema,
          response: { 200: contractListResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = callerOf(request);
        return ok(await contracts.list(member, request.query));
      },
    );

    app.get(
      '/agent/contracts/popup',
      { schema: { tags, response: { 200: contractPopupResponseSchema, ...failureResponses } } },
      async (request) => {
        const { member, policyEnabled } = callerOf(request);
        return ok(policyEnabled ? await contracts.popup(member) : { items: [] });
      },
    );

    app.get(
      '/agent/contracts/consolidated',
      { schema: { tags, response: { 200: consolidatedContractInfoResponseSchema, ...failureResponses } } },
      async (request) => {
        const { member, brand, policyEnabled } = callerOf(request);
        return ok(await contracts.consolidated(member, brand, policyEnabled));
      },
    );

    app.get(
      '/agent/contracts/payments',
      {
        schema: {
          tags,
          querystring: contractPaymentQuerySchema,
          response: { 200: contractPaymentListResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = callerOf(request);
        return ok(await contracts.payments(member, request.query, brand.currency));
      },
    );

    app.get(
      '/agent/contracts/:id/preview',
      {
        schema: {
          tags,
          params: contractIdParams,
          response: { 200: contractPreviewResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = callerOf(request);
        return ok(await settlement.preview(member, BigInt(request.params.id)));
      },
    );
  };

/** Operator: run settlement now (under /wps/backoffice). A pretend `asOf` only when the server runs NODE_ENV=test. */
export const agentContractAdminRoutes =
  ({
    contracts,
    settlement,
    requireStaff,
    requirePermission,
    requireBrand,
    allowAsOf,
  }: {
    contracts: ContractService;
    settlement: SettlementService;
    requireBrand: preHandlerAsyncHookHandler;
    allowAsOf: boolean;
  } & Pick<StaffGuards, 'requireStaff' | 'requirePermission'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    // Settlement and platform-paid contracts move the platform's money, every route here.
    app.addHook('onRoute', requirePermission('agents.settle'));

    app.post(
      '/agent-contracts/platform-offer',
      {
        preHandler: requireBrand,
        schema: {
          tags: ['backoffice: agents'],
          description:
            'Offers a contract paid by the platform (agent_commission account) from an agent to its direct downline agent, on the brand the request names (x-merchant-code).',
          body: platformOfferRequestSchema,
          response: { 200: contractActionResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { brand } = request;
        const { upline, kind, ...offer } = request.body;
        return ok(
          await contracts.offerPaidByPlatform(
            upline,
            { id: brand.id, currency: brand.currency, timeZone: brand.timeZone },
            kind,
            { action: 'OFFER', ...offer },
            request.staff.id,
            auditOriginOf(request),
          ),
        );
      },
    );

    app.post(
      '/agent-contracts/settlement/run',
      {
        schema: {
          tags: ['backoffice: agents'],
          body: settlementRunRequestSchema,
          response: { 200: settlementRunResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        if (request.body.asOf !== undefined && !allowAsOf) {
          const message = 'asOf is accepted only in tests';
          throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'asOf', message }] });
        }
        const asOf = request.body.asOf ? new Date(request.body.asOf) : undefined;
        return ok(await settlement.runAll(asOf, namedStaffActorOf(request)));
      },
    );
  };
