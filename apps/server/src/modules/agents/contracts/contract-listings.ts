import type { ContractKind, ContractListQuery, ContractOverview } from '@wps/contracts/agent-contracts';
import { agentTypes, isAgentType } from '@wps/contracts/auth';
import type { Database } from '../../../db/database';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../contracts.repository';
import { type ContractBrand, maxOfferableDownlines } from './contract-types';
import { type ContractViewDependencies, toContractViews, toStoredKind } from './contract-views';

const listOpenContractsOfKind = async (
  db: Database,
  member: MemberRow,
  kind: ContractKind,
  role: 'upline' | 'downline',
) =>
  (
    await repository.listContracts(db, {
      memberId: member.id,
      role,
      kind: toStoredKind(kind),
      statuses: ['pending', 'active'],
      limit: 500,
      offset: 0,
    })
  ).rows;

/** One kind's page: the member's open contracts on both sides, whom it may offer to, and its rate ceiling. */
export const describeContractOverview = async (
  deps: ContractViewDependencies,
  member: MemberRow,
  brand: ContractBrand,
  kind: ContractKind,
  policyEnabled: boolean,
): Promise<ContractOverview> => {
  const enabled = policyEnabled && isAgentType(member.type);
  if (!enabled) {
    return {
      kind,
      enabled,
      asDownline: [],
      asUpline: [],
      offerableDownlines: [],
      maxOfferRateBasisPoints: null,
    };
  }
  const { db } = deps;
  const [asDownline, asUpline, downlines, own] = await Promise.all([
    listOpenContractsOfKind(db, member, kind, 'downline'),
    listOpenContractsOfKind(db, member, kind, 'upline'),
    deps.members.listDirectDownlineNames({
      brandId: brand.id,
      uplineId: member.id,
      types: agentTypes,
      limit: maxOfferableDownlines,
    }),
    repository.findDownlineContract(db, member.id, toStoredKind(kind), 'active'),
  ]);
  return {
    kind,
    enabled,
    asDownline: await toContractViews(deps, asDownline, member.id),
    asUpline: await toContractViews(deps, asUpline, member.id),
    offerableDownlines: downlines.map((party) => ({
      id: party.id.toString(),
      account: party.username,
      nickname: party.nickname,
    })),
    maxOfferRateBasisPoints: own?.rateBasisPoints ?? null,
  };
};

/** The member's contracts on either side, filtered and paged. */
export const listMemberContracts = async (
  deps: ContractViewDependencies,
  member: MemberRow,
  query: ContractListQuery,
) => {
  const { pageNo, pageSize } = query;
  const { rows, total } = await repository.listContracts(deps.db, {
    memberId: member.id,
    ...(query.role ? { role: query.role === 'UPLINE' ? 'upline' : 'downline' } : {}),
    ...(query.kind ? { kind: toStoredKind(query.kind) } : {}),
    ...(query.status ? { statuses: [query.status.toLowerCase()] } : {}),
    limit: pageSize,
    offset: (pageNo - 1) * pageSize,
  });
  return {
    list: await toContractViews(deps, rows, member.id),
    totalCount: total,
    totalPages: Math.ceil(total / pageSize),
  };
};
