import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffWithdrawalListResponseSchema, staffWithdrawalResponseSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';
import type { ReviewDecision } from '../../components/review-dialog';
import type { ReviewStatus } from '../../components/status-filter';

export type StaffWithdrawal = z.infer<typeof staffWithdrawalResponseSchema>['value'];

export const withdrawalsQueryKey = ['withdrawals'] as const;

export const useWithdrawals = (status: ReviewStatus, pageNo: number) =>
  useQuery({
    queryKey: [...withdrawalsQueryKey, status, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/withdrawals', staffWithdrawalListResponseSchema, {
        query: { status, pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

export type WithdrawalReview = { id: string; decision: ReviewDecision; text: string };

export const useReviewWithdrawal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, text }: WithdrawalReview) =>
      apiRequest(`/withdrawals/${encodeURIComponent(id)}/${decision}`, staffWithdrawalResponseSchema, {
        method: 'POST',
        body: decision === 'reject' ? { reason: text } : text === '' ? {} : { note: text },
      }),
    // Refreshed whatever the answer: a refusal such as ALREADY_PROCESSED means the list is out of date.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['member-wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
