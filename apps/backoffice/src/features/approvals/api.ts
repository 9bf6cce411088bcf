import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffWithdrawalListResponseSchema } from '@wps/contracts/payments';
import {
  adjustmentProposalListResponseSchema,
  adjustmentProposalResponseSchema,
  type AdjustmentProposal,
} from '@wps/contracts/wallet';
import type { ReviewDecision } from '../../components/review-dialog';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';
import { withdrawalsQueryKey } from '../payments/api';

export type { AdjustmentProposal };
export { useReviewWithdrawal, type StaffWithdrawal } from '../payments/api';

export const proposalsQueryKey = ['adjustment-proposals'] as const;

/** Adjustments above the brand's second-approval amount waiting for a second staff member, oldest first. */
export const usePendingProposals = (pageNo: number) =>
  useQuery({
    queryKey: [...proposalsQueryKey, 'pending', pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/adjustments/proposals', adjustmentProposalListResponseSchema, {
        query: { status: 'pending', pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

/**
 * Withdrawals one staff member approved that wait for another's approval; under the withdrawals' key, so a
 * decision on either screen refreshes both.
 */
export const useWithdrawalsAwaitingSecondApproval = (pageNo: number) =>
  useQuery({
    queryKey: [...withdrawalsQueryKey, 'awaiting_second_approval', pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/withdrawals', staffWithdrawalListResponseSchema, {
        query: { status: 'awaiting_second_approval', pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

export type ProposalDecision = { id: string; decision: ReviewDecision; text: string };

/** Approves (posts the adjustment, with an optional note) or rejects (with a reason) a proposal. */
export const useDecideProposal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, text }: ProposalDecision) =>
      apiRequest(
        `/adjustments/proposals/${encodeURIComponent(id)}/${decision}`,
        adjustmentProposalResponseSchema,
        {
          method: 'POST',
          body: decision === 'reject' ? { reason: text } : text === '' ? {} : { note: text },
        },
      ),
    // Refreshed whatever the answer: ALREADY_PROCESSED means another staff member decided meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['member-wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
