import type { MemberRow } from '../../members/members.service';
import * as repository from '../agents.repository';
import type { AgentBrand, AgentServiceDependencies, Page, ReportPeriod } from './agent-centre-types';
import { assertAgent, findDownlineMember } from './agent-checks';
import { amountFormatterFor, formatFigures } from './report-figures';
import { resolveReportPeriod } from './report-periods';

export type TeamReportDependencies = AgentServiceDependencies;
export type TeamMembersReportQuery = ReportPeriod &
  Page & { username?: string | undefined; level?: number | undefined };
export type TeamTransactionsQuery = ReportPeriod & Page & { username: string };

/** Each downline member's figures over the period (one member by name, or a level), with the totals. */
export const reportTeamMembers = async (
  deps: TeamReportDependencies,
  agent: MemberRow,
  brand: AgentBrand,
  query: TeamMembersReportQuery,
) => {
  const { db, ledger } = deps;
  assertAgent(agent);
  const { from, to } = await resolveReportPeriod(db, brand, query);
  const member =
    query.username === undefined ? undefined : await findDownlineMember(deps, agent, query.username);
  const [format, report] = await Promise.all([
    amountFormatterFor(ledger, brand.currency),
    repository.listMembersReport(db, {
      agentId: agent.id,
      from,
      to,
      filter: { level: query.level, memberId: member?.id },
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
  ]);
  return {
    currency: brand.currency,
    startDate: from,
    endDate: to,
    total: report.total,
    totals: formatFigures(report.totals, format),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    list: report.rows.map((row) => ({
      account: row.username,
      level: row.level,
      ...formatFigures(row, format),
    })),
  };
};

/** One downline member's cash entries over the period, paged (the ledger's account record of that member). */
export const listTeamTransactions = async (
  deps: TeamReportDependencies,
  agent: MemberRow,
  brand: AgentBrand,
  query: TeamTransactionsQuery,
) => {
  const { db, ledger } = deps;
  assertAgent(agent);
  const { from, to } = await resolveReportPeriod(db, brand, query);
  const member = await findDownlineMember(deps, agent, query.username);
  const [format, page] = await Promise.all([
    amountFormatterFor(ledger, brand.currency),
    ledger.listMemberCashEntries({
      memberId: member.id,
      currency: brand.currency,
      from,
      to,
      timeZone: brand.timeZone,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
  ]);
  return {
    currency: brand.currency,
    total: page.total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    list: page.rows.map((row) => ({
      entryId: row.entryId.toString(),
      account: member.username,
      recordType: row.kind.split('.')[0] ?? row.kind,
      kind: row.kind,
      amount: format(row.amount),
      balanceAfter: format(row.balanceAfter),
      createdAt: row.createdAt.toISOString(),
    })),
  };
};
