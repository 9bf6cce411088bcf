import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settlementRunResponseSchema } from '@wps/contracts/agent-contracts';
import { moveMemberResponseSchema } from '@wps/contracts/agents';
import {
  adminContractDetailResponseSchema,
  adminContractListResponseSchema,
  adminContractPaymentListResponseSchema,
  agentTreeLocateResponseSchema,
  agentTreeResponseSchema,
  settlementRunListResponseSchema,
  type AdminContract,
  type AdminContractPayment,
  type AgentTreeNode,
  type ContractHistoryEntry,
  type SettlementRun,
} from '@wps/contracts/agents-admin';
import type { ContractKind, ContractPaymentStatus, ContractStatus } from '@wps/contracts/agent-contracts';
import { apiRequest } from '../../lib/api-client';

export type { AdminContract, AdminContractPayment, AgentTreeNode, ContractHistoryEntry, SettlementRun };

const agentsKey = ['agents'] as const;
const treeKey = [...agentsKey, 'tree'] as const;
const contractsKey = [...agentsKey, 'contracts'] as const;
const paymentsKey = [...agentsKey, 'payments'] as const;
const runsKey = [...agentsKey, 'runs'] as const;

/** How many children of a node one page of the tree shows. */
export const treePageSize = 50;

/** The brand's top agents (`parent` null), or one member's direct downline, a page at a time. */
export const useAgentTree = (parent: string | null, pageNo: number) =>
  useQuery({
    queryKey: [...treeKey, 'children', parent, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/agents/tree', agentTreeResponseSchema, {
        query: { parent, pageNo, pageSize: treePageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A member's line from the top down to it; nothing is asked until there is a name. */
export const useLocateMember = (username: string | null) =>
  useQuery({
    queryKey: [...treeKey, 'locate', username],
    queryFn: ({ signal }) =>
      apiRequest('/agents/tree/locate', agentTreeLocateResponseSchema, {
        query: { username },
        signal,
      }),
    enabled: username !== null,
  });

export type MoveMemberInput = { username: string; newUpline: string | null; reason: string };

/** Moves a member (and everyone below it) under another agent, or to the top; the whole tree is read again. */
export const useMoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveMemberInput) =>
      apiRequest('/agents/move-member', moveMemberResponseSchema, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treeKey }),
  });
};

/** The contracts filter as typed; empty fields are left out. */
export type ContractFilter = {
  kind: ContractKind | '';
  status: ContractStatus | '';
  upline: string;
  downline: string;
};
export const emptyContractFilter: ContractFilter = { kind: '', status: '', upline: '', downline: '' };

export const useAdminContracts = (filter: ContractFilter, pageNo: number) =>
  useQuery({
    queryKey: [...contractsKey, filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/agent-contracts', adminContractListResponseSchema, {
        query: {
          ...filter,
          upline: filter.upline.trim(),
          downline: filter.downline.trim(),
          pageNo,
          pageSize: 50,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminContract = (contractId: string) =>
  useQuery({
    queryKey: [...contractsKey, 'detail', contractId],
    queryFn: ({ signal }) =>
      apiRequest(`/agent-contracts/${encodeURIComponent(contractId)}`, adminContractDetailResponseSchema, {
        signal,
      }),
  });

/** The pay records filter as typed: days are the brand's (YYYY-MM-DD), both included. */
export type PaymentFilter = {
  kind: ContractKind | '';
  status: ContractPaymentStatus | '';
  upline: string;
  downline: string;
  fromDate: string;
  toDate: string;
  contractId: string;
  runId: string;
};
export const emptyPaymentFilter: PaymentFilter = {
  kind: '',
  status: '',
  upline: '',
  downline: '',
  fromDate: '',
  toDate: '',
  contractId: '',
  runId: '',
};

export const useContractPayments = (filter: PaymentFilter, pageNo: number, pageSize = 50) =>
  useQuery({
    queryKey: [...paymentsKey, filter, pageNo, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('/agent-contracts/payments', adminContractPaymentListResponseSchema, {
        query: {
          ...filter,
          upline: filter.upline.trim(),
          downline: filter.downline.trim(),
          pageNo,
          pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useSettlementRuns = (pageNo: number) =>
  useQuery({
    queryKey: [...runsKey, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/agent-contracts/settlement/runs', settlementRunListResponseSchema, {
        query: { pageNo, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Settles everything due now, on every brand; the runs, pay records and contracts are read again. */
export const useRunSettlement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/agent-contracts/settlement/run', settlementRunResponseSchema, {
        method: 'POST',
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKey }),
  });
};
