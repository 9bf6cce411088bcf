import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractKind, ContractSide } from '@wps/contracts/agent-contract-rules';
import type {
  contractActionResponseSchema,
  contractOverviewResponseSchema,
  contractPaymentListResponseSchema,
  contractPopupResponseSchema,
  contractPreviewResponseSchema,
  ProcessContractRequest,
} from '@wps/contracts/agent-contracts';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { agentQueryKeys } from './agent-query-keys';

export type ContractOverview = ResponseValue<typeof contractOverviewResponseSchema>;
export type ContractActionResult = ResponseValue<typeof contractActionResponseSchema>;
export type ContractPaymentPage = ResponseValue<typeof contractPaymentListResponseSchema>;
export type ContractPayment = ContractPaymentPage['list'][number];
export type ContractPopupItems = ResponseValue<typeof contractPopupResponseSchema>['items'];
export type AgentContract = ContractOverview['asUpline'][number];
export type ContractPreview = ResponseValue<typeof contractPreviewResponseSchema>;

/** Spec section 7: one process endpoint per kind answers GET (the overview) and POST (an action). */
export const processPathOfKind: Record<ContractKind, string> = {
  DIVIDEND: '/relay/MCS2_processDividendReq',
  DAILY_SALARY: '/relay/MCS2_processDailySalContract',
  HOURLY_SALARY: '/relay/MCS2_processContractHourSalary',
  REALTIME_SALARY: '/relay/MCSFE_processRealTimeSalaryContract',
};

export const getContractOverviewQueryOptions = (kind: ContractKind) =>
  queryOptions({
    queryKey: [...agentQueryKeys.contracts, 'overview', kind],
    queryFn: ({ signal }) => apiRequest<ContractOverview>(processPathOfKind[kind], { signal }),
    staleTime: 0,
  });

/** Both sides' contracts of a kind, the downlines the agent may offer it to, and the highest rate it may offer. */
export const useContractOverview = (kind: ContractKind) => useQuery(getContractOverviewQueryOptions(kind));

/** OFFER, ACCEPT, REJECT, CANCEL or TERMINATE on the kind's process endpoint. */
export const processContract = (
  kind: ContractKind,
  body: ProcessContractRequest,
): Promise<ContractActionResult> =>
  apiRequest<ContractActionResult>(processPathOfKind[kind], { method: 'POST', body });

/** Requests waiting for the member: offers to accept or reject, termination requests to confirm or refuse. */
export const useContractPopup = (isEnabled: boolean) =>
  useQuery({
    queryKey: [...agentQueryKeys.contracts, 'popup'],
    queryFn: ({ signal }) =>
      apiRequest<ResponseValue<typeof contractPopupResponseSchema>>('/agent/contracts/popup', { signal }),
    enabled: isEnabled,
    staleTime: 0,
  });

export const payRecordPageSize = 10;

/** A kind (absent: every kind) and a side (absent: both). */
export type PayRecordFilter = { kind?: ContractKind; role?: ContractSide };

/** A page of pay records of a kind (both sides, or one); the page stays while the next loads. */
export const usePayRecords = (filter: PayRecordFilter, pageNo: number) =>
  useQuery({
    queryKey: [...agentQueryKeys.payRecords, filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<ContractPaymentPage>('/agent/contracts/payments', {
        query: { kind: filter.kind, role: filter.role, pageNo, pageSize: payRecordPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** What the contract's current period would pay if it closed now; asked for when the agent opens it. */
export const useContractPreview = (contractId: string | null) =>
  useQuery({
    queryKey: [...agentQueryKeys.contracts, 'preview', contractId],
    queryFn: ({ signal }) =>
      apiRequest<ContractPreview>(`/agent/contracts/${encodeURIComponent(contractId ?? '')}/preview`, {
        signal,
      }),
    enabled: contractId !== null,
    staleTime: 0,
  });
