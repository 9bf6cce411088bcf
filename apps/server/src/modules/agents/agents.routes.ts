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
import { ok } from '../../http/envelope';
import { requestOriginOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { auditOriginOf } from '../audit/audit.guard';
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
    site: Pick<SiteService, 'getSiteOrigin'>;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Where the agent's links point: the brand's site origin (the address the agent reached, port and all, when
     * it is one of the brand's domains; else PUBLIC_URL), else the address the agent reached. The links are
     * shown back to the agent who asked, so a Host header of its own choosing misleads no one else.
     */
    const linkOrigin = async (request: FastifyRequest): Promise<string> => {
      const own = requestOriginOf(request);
      return (await site.getSiteOrigin(request.visitor, own)) ?? own;
    };

    app.addHook('preHandler', requireMember);

    app.addHook('preHandler', async (request) => {
      agents.assertAgent(request.member);
    });

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
        const { member: agent, brand } = request;
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
        const { member: agent, brand } = request;
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
        const { member: agent, brand } = request;
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
        const { member: agent, brand } = request;
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
        return ok(
          await agents.registerMember(
            request.member,
            request.brandContext,
            request.body,
            auditOriginOf(request),
          ),
        );
      },
    );

    app.get(
      '/agent/affiliate-links',
      { schema: { tags, response: { 200: affiliateLinksResponseSchema, ...failureResponses } } },
      async (request) => {
        return ok({ links: await agents.affiliateLinks(request.member, await linkOrigin(request)) });
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
        return ok(
          await agents.createAffiliateLink(
            request.member,
            await linkOrigin(request),
            request.body,
            auditOriginOf(request),
          ),
        );
      },
    );
  };
