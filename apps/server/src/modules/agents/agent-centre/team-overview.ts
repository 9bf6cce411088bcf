import type { TeamOverview } from '@wps/contracts/agents';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../agents.repository';
import type { AgentBrand, AgentServiceDependencies, ReportPeriod } from './agent-centre-types';
import { assertAgent } from './agent-checks';
import { amountFormatterFor, formatFigures } from './report-figures';
import { addDays, daysBetween, resolveReportPeriod } from './report-periods';

export type TeamOverviewDependencies = Pick<AgentServiceDependencies, 'db' | 'ledger'>;

/** The team's size and figures over the period, with one point per day (days without figures are zeros). */
export const describeTeamOverview = async (
  { db, ledger }: TeamOverviewDependencies,
  agent: MemberRow,
  brand: AgentBrand,
  period: ReportPeriod,
): Promise<TeamOverview> => {
  assertAgent(agent);
  const { from, to } = await resolveReportPeriod(db, brand, period);
  const [format, counts, { period: figures, days }, newMembers] = await Promise.all([
    amountFormatterFor(ledger, brand.currency),
    repository.countDownline(db, agent.id),
    repository.downlineFiguresByDay(db, { agentId: agent.id, from, to }),
    repository.countNewMembersByDay(db, { agentId: agent.id, from, to, timeZone: brand.timeZone }),
  ]);
  const dayFigures = new Map(days.map((day) => [day.day, day]));
  const newByDay = new Map(newMembers.map((day) => [day.day, day.count]));
  const series: TeamOverview['series'] = [];
  for (let offset = 0; offset <= daysBetween(from, to); offset += 1) {
    const date = addDays(from, offset);
    const day = dayFigures.get(date);
    series.push({
      date,
      newMembers: newByDay.get(date) ?? 0,
      activeMembers: day?.activeMembers ?? 0,
      depositAmount: format(day?.depositAmount ?? 0n),
      withdrawalAmount: format(day?.withdrawalAmount ?? 0n),
      validBet: format(day?.validBet ?? 0n),
      profitLoss: format(day?.profitLoss ?? 0n),
    });
  }
  return {
    currency: brand.currency,
    startDate: from,
    endDate: to,
    teamSize: counts.teamSize,
    directMembers: counts.directMembers,
    newMembers: newMembers.reduce((sum, day) => sum + day.count, 0),
    activeMembers: figures.activeMembers,
    figures: formatFigures(figures, format),
    series,
  };
};
