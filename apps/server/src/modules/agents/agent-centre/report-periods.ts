import { maxReportDays } from '@wps/contracts/agents';
import type { Database } from '../../../db/database';
import * as repository from '../agents.repository';
import type { AgentBrand, ReportPeriod } from './agent-centre-types';
import { invalidField } from './agent-checks';

const dayMs = 86_400_000;

export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** The period's days, checked: from ≤ to and at most `maxReportDays` days. */
export const resolveReportPeriod = async (
  db: Database,
  brand: AgentBrand,
  period: ReportPeriod,
): Promise<{ from: string; to: string }> => {
  const from = period.startDate ?? (await repository.findToday(db, brand.timeZone));
  const to = period.endDate ?? from;
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`))) throw invalidField('startDate', 'Not a date.');
  if (Number.isNaN(Date.parse(`${to}T00:00:00Z`))) throw invalidField('endDate', 'Not a date.');
  const span = daysBetween(from, to);
  if (span < 0) throw invalidField('endDate', 'The end date is before the start date.');
  if (span >= maxReportDays) throw invalidField('endDate', `At most ${maxReportDays} days.`);
  return { from, to };
};
