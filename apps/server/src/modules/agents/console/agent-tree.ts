import type { AgentTreeNode, AgentTreeQuery } from '@wps/contracts/agents-admin';
import { isAgentType } from '@wps/contracts/auth';
import { AppError } from '../../../http/app-error';
import { amountFormatterFor } from '../agent-centre/report-figures';
import * as repository from '../agents-console.repository';
import type { TreeNodeRow } from '../agents-console.repository';
import { type AgentConsoleDependencies, type ConsoleBrand, pageOf, totalPagesOf } from './console-types';

const toNode =
  (format: (amount: bigint) => string) =>
  (row: TreeNodeRow): AgentTreeNode => ({
    id: row.memberId.toString(),
    account: row.username,
    nickname: row.nickname,
    type: row.type,
    isAgent: isAgentType(row.type),
    status: row.status,
    upline: row.uplineUsername,
    balance: format(row.balance),
    directMembers: row.directMembers,
    directAgents: row.directAgents,
    downlineSize: row.downlineSize,
  });

const findMember = async ({ members }: AgentConsoleDependencies, brand: ConsoleBrand, username: string) => {
  const member = await members.findByUsername(brand.id, username);
  if (!member) throw new AppError('NOT_FOUND', { message: `No member ${username}.` });
  return member;
};

/** The brand's top agents, or one member's direct downline (agents first), paged. */
export const listAgentTree = async (
  deps: AgentConsoleDependencies,
  brand: ConsoleBrand,
  query: AgentTreeQuery,
) => {
  const parent = query.parent === undefined ? null : await findMember(deps, brand, query.parent);
  const [format, { rows, total }] = await Promise.all([
    amountFormatterFor(deps.ledger, brand.currency),
    repository.listTreeNodes(deps.db, {
      brandId: brand.id,
      parentId: parent?.id ?? null,
      currency: brand.currency,
      ...pageOf(query),
    }),
  ]);
  return {
    currency: brand.currency,
    list: rows.map(toNode(format)),
    totalCount: total,
    totalPages: totalPagesOf(total, query),
  };
};

/** Where a member of the brand sits: its line from the top down to itself. */
export const locateInAgentTree = async (
  deps: AgentConsoleDependencies,
  brand: ConsoleBrand,
  username: string,
) => {
  const member = await findMember(deps, brand, username);
  const [format, rows] = await Promise.all([
    amountFormatterFor(deps.ledger, brand.currency),
    repository.listUplinePath(deps.db, { memberId: member.id, currency: brand.currency }),
  ]);
  return { currency: brand.currency, path: rows.map(toNode(format)) };
};
