import type { SettlementRun } from '@wps/contracts/agents-admin';
import { formatMinorUnits } from '@wps/contracts/money';
import * as repository from '../agents-console.repository';
import {
  type AgentConsoleDependencies,
  type ConsoleBrand,
  type Page,
  pageOf,
  totalPagesOf,
} from './console-types';

const triggers: Record<string, SettlementRun['trigger']> = { staff: 'STAFF', schedule: 'SCHEDULE' };
const statuses: Record<string, SettlementRun['status']> = {
  running: 'RUNNING',
  finished: 'FINISHED',
  failed: 'FAILED',
};

/** The settlement runs, newest first, each with the brand's figures. */
export const listSettlementRuns = async (
  { db, ledger }: AgentConsoleDependencies,
  brand: ConsoleBrand,
  query: Page,
) => {
  const [exponent, { rows, total }] = await Promise.all([
    ledger.getCurrencyExponent(brand.currency),
    repository.listSettlementRuns(db, { brandId: brand.id, ...pageOf(query) }),
  ]);
  const format = (amount: bigint) => formatMinorUnits(amount, exponent);
  return {
    currency: brand.currency,
    totalCount: total,
    totalPages: totalPagesOf(total, query),
    list: rows.map((row): SettlementRun => ({
      id: row.id.toString(),
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      trigger: triggers[row.trigger] ?? 'SCHEDULE',
      startedBy: row.startedBy,
      asOf: row.asOf.toISOString(),
      status: statuses[row.status] ?? 'FAILED',
      paidCount: row.paidCount,
      unpaidCount: row.unpaidCount,
      zeroCount: row.zeroCount,
      paidAmount: format(row.paidAmount),
      unpaidAmount: format(row.unpaidAmount),
      totalAmount: format(row.paidAmount + row.unpaidAmount),
    })),
  };
};
