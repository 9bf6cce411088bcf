import {
  adminContractDetailResponseSchema,
  adminContractListQuerySchema,
  adminContractListResponseSchema,
  adminContractPaymentListResponseSchema,
  adminContractPaymentQuerySchema,
  agentTreeLocateQuerySchema,
  agentTreeLocateResponseSchema,
  agentTreeQuerySchema,
  agentTreeResponseSchema,
  settlementRunListQuerySchema,
  settlementRunListResponseSchema,
} from '@wps/contracts/agents-admin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { AgentConsoleService, ConsoleBrand } from './agents-console.service';

const tags = ['backoffice: agents'];
const contractIdParams = z.strictObject({ id: z.string().regex(/^\d{1,19}$/) });

const brandOf = ({ brand }: FastifyRequest): ConsoleBrand => ({
  id: brand.id,
  currency: brand.currency,
  timeZone: brand.timeZone,
});

/** The console's Agents section (under /wps/backoffice): what it reads, in the brand the request names. */
export const agentConsoleRoutes =
  ({
    agentConsole,
    requireStaff,
    requirePermission,
    requireBrand,
  }: {
    agentConsole: AgentConsoleService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff' | 'requirePermission'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);
    app.addHook('onRoute', requirePermission('agents.view'));

    app.get(
      '/agents/tree',
      {
        schema: {
          tags,
          description: "The brand's top agents, or the direct downline of `parent` (agents first).",
          querystring: agentTreeQuerySchema,
          response: { 200: agentTreeResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agentConsole.tree(brandOf(request), request.query)),
    );

    app.get(
      '/agents/tree/locate',
      {
        schema: {
          tags,
          description: "A member's place in the tree: its line from the top down to it.",
          querystring: agentTreeLocateQuerySchema,
          response: { 200: agentTreeLocateResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agentConsole.locate(brandOf(request), request.query.username)),
    );

    app.get(
      '/agent-contracts',
      {
        schema: {
          tags,
          querystring: adminContractListQuerySchema,
          response: { 200: adminContractListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agentConsole.contracts(brandOf(request), request.query)),
    );

    app.get(
      '/agent-contracts/payments',
      {
        schema: {
          tags,
          querystring: adminContractPaymentQuerySchema,
          response: { 200: adminContractPaymentListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agentConsole.payments(brandOf(request), request.query)),
    );

    app.get(
      '/agent-contracts/settlement/runs',
      {
        schema: {
          tags,
          querystring: settlementRunListQuerySchema,
          response: { 200: settlementRunListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agentConsole.settlementRuns(brandOf(request), request.query)),
    );

    app.get(
      '/agent-contracts/:id',
      {
        schema: {
          tags,
          params: contractIdParams,
          response: { 200: adminContractDetailResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await agentConsole.contract(brandOf(request), BigInt(request.params.id))),
    );
  };
