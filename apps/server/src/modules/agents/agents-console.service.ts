import type {
  AdminContractListQuery,
  AdminContractPaymentQuery,
  AgentTreeQuery,
} from '@wps/contracts/agents-admin';
import { listAgentTree, locateInAgentTree } from './console/agent-tree';
import { describeAdminContract, listAdminContracts, listAdminPayments } from './console/contract-admin';
import type { AgentConsoleDependencies, ConsoleBrand, Page } from './console/console-types';
import { listSettlementRuns } from './console/settlement-runs';

export type { ConsoleBrand } from './console/console-types';

/**
 * What the operator console reads of the agents domain, always within the brand the request names: the agent
 * tree (top agents, a member's direct downline, a member's line), the contracts with their history, the pay
 * records and the settlement runs. Moving members and running settlement stay with the agent and settlement
 * services. The use cases live in ./console/, one file each.
 */
export const createAgentConsoleService = (deps: AgentConsoleDependencies) => ({
  tree: (brand: ConsoleBrand, query: AgentTreeQuery) => listAgentTree(deps, brand, query),
  locate: (brand: ConsoleBrand, username: string) => locateInAgentTree(deps, brand, username),
  contracts: (brand: ConsoleBrand, query: AdminContractListQuery) => listAdminContracts(deps, brand, query),
  contract: (brand: ConsoleBrand, contractId: bigint) => describeAdminContract(deps, brand, contractId),
  payments: (brand: ConsoleBrand, query: AdminContractPaymentQuery) => listAdminPayments(deps, brand, query),
  settlementRuns: (brand: ConsoleBrand, query: Page) => listSettlementRuns(deps, brand, query),
});

export type AgentConsoleService = ReturnType<typeof createAgentConsoleService>;
