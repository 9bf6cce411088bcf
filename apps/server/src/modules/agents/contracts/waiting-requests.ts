import type { ConsolidatedContractInfo, ContractKind, ContractPopup } from '@wps/contracts/agent-contracts';
import { agentTypes, isAgentType } from '@wps/contracts/auth';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../contracts.repository';
import type { ContractRow } from '../contracts.repository';
import { type ContractBrand, maxOfferableDownlines } from './contract-types';
import { type ContractViewDependencies, toContractViews, toStoredKind } from './contract-views';

const failMissingView = (): never => {
  throw new Error('contract view missing');
};

/** The other side of an active contract asked to terminate it, and the member has not answered yet. */
const awaitsTerminationAnswer = (row: ContractRow, memberId: bigint): boolean => {
  const side = row.uplineId === memberId ? 'upline' : 'downline';
  return (
    row.status === 'active' && row.terminationRequestedBy !== null && row.terminationRequestedBy !== side
  );
};

/** What waits for the member: offers from its upline, termination requests from the other side. */
export const listWaitingRequests = async (
  deps: ContractViewDependencies,
  member: MemberRow,
): Promise<ContractPopup> => {
  if (!isAgentType(member.type)) return { items: [] };
  const { rows } = await repository.listContracts(deps.db, {
    memberId: member.id,
    statuses: ['pending', 'active'],
    limit: 200,
    offset: 0,
  });
  const waiting = rows.flatMap((row): { request: 'NEW' | 'TERMINATION'; row: ContractRow }[] => {
    if (row.status === 'pending' && row.downlineId === member.id) return [{ request: 'NEW', row }];
    if (awaitsTerminationAnswer(row, member.id)) return [{ request: 'TERMINATION', row }];
    return [];
  });
  const views = await toContractViews(
    deps,
    waiting.map((item) => item.row),
    member.id,
  );
  return {
    items: waiting.map((item, index) => ({
      request: item.request,
      contract: views[index] ?? failMissingView(),
    })),
  };
};

/**
 * Consolidated contract info, loaded after login: per kind, the request waiting for the member (0 none, 1 a
 * new contract request, 2 a termination request) and whether the agent-centre page of that kind shows.
 */
export const consolidateContractInfo = async (
  { db, members }: Pick<ContractViewDependencies, 'db' | 'members'>,
  member: MemberRow,
  brand: ContractBrand,
  policyEnabled: boolean,
) => {
  const disabled: ConsolidatedContractInfo = {
    enabled: false,
    divtypereq: 0,
    dailysalreqtype: 0,
    contracthoursalreq: 0,
    realtimesalreqtype: 0,
    dividendFlag: false,
    dailySalaryFlag: false,
    hourlySalaryFlag: false,
    salaryFlag: false,
  };
  if (!policyEnabled || !isAgentType(member.type)) return disabled;
  const [kinds, downlines, { rows }] = await Promise.all([
    repository.listKindsWithContracts(db, member.id),
    members.listDirectDownlineNames({
      brandId: brand.id,
      uplineId: member.id,
      types: agentTypes,
      limit: maxOfferableDownlines,
    }),
    repository.listContracts(db, {
      memberId: member.id,
      statuses: ['pending', 'active'],
      limit: 200,
      offset: 0,
    }),
  ]);
  const requestOf = (kind: ContractKind): number => {
    const stored = toStoredKind(kind);
    if (rows.some((row) => row.kind === stored && row.status === 'pending' && row.downlineId === member.id)) {
      return 1;
    }
    const waiting = rows.some((row) => row.kind === stored && awaitsTerminationAnswer(row, member.id));
    return waiting ? 2 : 0;
  };
  const canOffer = downlines.length > 0;
  const flag = (kind: ContractKind) => canOffer || kinds.includes(toStoredKind(kind));
  return {
    enabled: true,
    divtypereq: requestOf('DIVIDEND'),
    dailysalreqtype: requestOf('DAILY_SALARY'),
    contracthoursalreq: requestOf('HOURLY_SALARY'),
    realtimesalreqtype: requestOf('REALTIME_SALARY'),
    dividendFlag: flag('DIVIDEND'),
    dailySalaryFlag: flag('DAILY_SALARY'),
    hourlySalaryFlag: flag('HOURLY_SALARY'),
    salaryFlag: flag('REALTIME_SALARY'),
  };
};
