import type { AgentRegisterRequest } from '@wps/contracts/agents';
import type { AuditActor, AuditOrigin } from '../audit/audit.service';
import type { MemberRow } from '../members/members.service';
import type { BrandContext } from '../site/site.service';
import {
  createAffiliateLink,
  listAgentAffiliateLinks,
  type NewAffiliateLinkRequest,
} from './agent-centre/affiliate-links';
import type { AgentBrand, AgentServiceDependencies, ReportPeriod } from './agent-centre/agent-centre-types';
import { assertAgent } from './agent-centre/agent-checks';
import { type DownlineQuery, listDownline } from './agent-centre/downline';
import { type MoveMemberRequest, moveMember } from './agent-centre/move-member';
import { registerDownlineMember } from './agent-centre/register-downline-member';
import { describeTeamOverview } from './agent-centre/team-overview';
import {
  listTeamTransactions,
  reportTeamMembers,
  type TeamMembersReportQuery,
  type TeamTransactionsQuery,
} from './agent-centre/team-reports';

export type { AgentBrand, AgentServiceDependencies } from './agent-centre/agent-centre-types';

/**
 * The agent centre: team reports from the roll-ups, the downline, registering members and sub-agents, affiliate
 * links, and the operator's audited move of a member between agents. Every read is confined to the caller's own
 * downline on the server: a member outside it answers NOT_IN_YOUR_LINE, the same as an unknown name.
 *
 * The use cases live in ./agent-centre/, one file each; this binds them to one set of dependencies.
 */
export const createAgentService = ({ db, members, ledger }: AgentServiceDependencies) => {
  const context: AgentServiceDependencies = { db, members, ledger };
  return {
    assertAgent,

    teamOverview: (agent: MemberRow, brand: AgentBrand, period: ReportPeriod) =>
      describeTeamOverview(context, agent, brand, period),

    downline: (agent: MemberRow, brand: AgentBrand, query: DownlineQuery) =>
      listDownline(context, agent, brand, query),

    membersReport: (agent: MemberRow, brand: AgentBrand, query: TeamMembersReportQuery) =>
      reportTeamMembers(context, agent, brand, query),

    teamTransactions: (agent: MemberRow, brand: AgentBrand, query: TeamTransactionsQuery) =>
      listTeamTransactions(context, agent, brand, query),

    /** registerCenter: the brand's username and password rules apply, as on the register page; audited. */
    registerMember: (
      agent: MemberRow,
      brandContext: BrandContext,
      request: AgentRegisterRequest,
      origin?: AuditOrigin,
    ) => registerDownlineMember(context, agent, brandContext, request, origin),

    /** The agent's own code first (created on first use), then the links it made. */
    affiliateLinks: (agent: MemberRow, siteOrigin: string) =>
      listAgentAffiliateLinks(context, agent, siteOrigin),

    /** `siteOrigin`: where the brand's site is reached, which the links start with; audited. */
    createAffiliateLink: (
      agent: MemberRow,
      siteOrigin: string,
      request: NewAffiliateLinkRequest,
      origin?: AuditOrigin,
    ) => createAffiliateLink(context, agent, siteOrigin, request, origin),

    /** Operator: a member and its whole subtree to a new upline (an agent of the same brand) or to the top. */
    moveMember: (actor: AuditActor, brandId: bigint, request: MoveMemberRequest) =>
      moveMember(context, actor, brandId, request),
  };
};

export type AgentService = ReturnType<typeof createAgentService>;
