import {
  affiliateLinkResponseSchema,
  affiliateLinksResponseSchema,
  agentRegisterRequestSchema,
  agentRegisterResponseSchema,
  createAffiliateLinkRequestSchema,
  downlineQuerySchema,
  downlineResponseSchema,
  teamMembersReportQuerySchema,
  teamMembersReportResponseSchema,
  teamOverviewQuerySchema,
  teamOverviewResponseSchema,
  teamTransactionsQuerySchema,
  teamTransactionsResponseSchema,
} from '@wps/contracts/agents';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { visitorOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { sessionOf } from '../auth/auth.service';
import type { SiteService } from '../site/site.service';
import type { AgentService } from './agents.service';

const tags = ['agent centre'];

/** The agent centre under /wps/agent: agents only; every report is confined to the caller's downline. */
export const agentRoutes =
  ({
    agents,
    site,
    requireMember,
  }: {
    agents: AgentService;
    site: SiteService;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    /** The agent and its brand; a session only works on its own brand's site. */
    const agentOf = async (request: FastifyRequest) => {
      const { member } = sessionOf(request);
      agents.assertAgent(member);
      const context = await site.getBrandContext(visitorOf(request));
      if (context.brand.id !== member.brandId) throw new AppError('UNAUTHORIZED');
      return { agent: member, brand: context.brand, context };
    };

    app.get(
      '/agent/team/overview',
      {
        schema: {
          tags,
          querystring: teamOverviewQuerySchema,
          response: { 200: teamOverviewResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { agent, brand } = await agentOf(request);
        return ok(await agents.teamOverview(agent, brand, request.query));
      },
    );

    app.get(
      '/agent/downline',
      {
        schema: {
          tags,
          querystring: downlineQuerySchema,
          response: { 200: downlineResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { agent, brand } = await agentOf(request);
        return ok(await agents.downline(agent, brand, request.query));
      },
    );

    app.get(
      '/agent/team/members-report',
      {
        schema: {
          tags,
          querystring: teamMembersReportQuerySchema,
          response: { 200: teamMembersReportResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { agent, brand } = await agentOf(request);
        return ok(await agents.membersReport(agent, brand, request.query));
      },
    );

    app.get(
      '/agent/team/transactions',
      {
        schema: {
          tags,
          querystring: teamTransactionsQuerySchema,
          response: { 200: teamTransactionsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { agent, brand } = await agentOf(request);
        return ok(await agents.teamTransactions(agent, brand, request.query));
      },
    );

    app.post(
      '/agent/members',
      {
        schema: {
          tags,
          body: agentRegisterRequestSchema,
          response: { 200: agentRegisterResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { agent, context } = await agentOf(request);
        return ok(await agents.registerMember(agent, context, request.body));
      },
    );

    app.get(
      '/agent/affiliate-links',
      { schema: { tags, response: { 200: affiliateLinksResponseSchema, ...failureResponses } } },
      async (request) => {
        const { agent, brand } = await agentOf(request);
        return ok({ links: await agents.affiliateLinks(agent, brand) });
      },
    );

    app.post(
      '/agent/affiliate-links',
      {
        schema: {
          tags,
          body: createAffiliateLinkRequestSchema,
          response: { 200: affiliateLinkResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { agent, brand } = await agentOf(request);
        return ok(await agents.createAffiliateLink(agent, brand, request.body));
      },
    );
  };
