import { isAgentType } from '@wps/contracts/auth';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../agents.repository';
import type { AgentBrand, AgentServiceDependencies, Page } from './agent-centre-types';
import { assertAgent } from './agent-checks';
import { amountFormatterFor } from './report-figures';

export type DownlineDependencies = Pick<AgentServiceDependencies, 'db' | 'ledger'>;
export type DownlineQuery = Page & { username?: string | undefined; level?: number | undefined };

/** The agent's downline, paged, filtered by level and part of the name, with each member's cash balance. */
export const listDownline = async (
  { db, ledger }: DownlineDependencies,
  agent: MemberRow,
  brand: AgentBrand,
  query: DownlineQuery,
) => {
  assertAgent(agent);
  const [format, page] = await Promise.all([
    amountFormatterFor(ledger, brand.currency),
    repository.listDownline(db, {
      agentId: agent.id,
      currency: brand.currency,
      filter: { level: query.level, usernamePart: query.username },
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
      account: row.username,
      nickname: row.nickname,
      type: row.type,
      isAgent: isAgentType(row.type),
      level: row.level,
      upline: row.uplineUsername,
      balance: format(row.balance),
      status: row.status,
      registeredAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    })),
  };
};
