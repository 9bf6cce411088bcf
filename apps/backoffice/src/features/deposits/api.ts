import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffDepositListResponseSchema, staffDepositResponseSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';
import type { ReviewDecision } from '../../components/review-dialog';
import type { ReviewStatus } from '../../components/status-filter';

export type StaffDeposit = z.infer<typeof staffDepositResponseSchema>['value'];

export const depositsQueryKey = ['deposits'] as const;

export const useDeposits = (status: ReviewStatus, pageNo: number) =>
  useQuery({
    queryKey: [...depositsQueryKey, status, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/deposits', staffDepositListResponseSchema, {
        query: { status, pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

export type DepositReview = { id: string; decision: ReviewDecision; text: string };

export const useReviewDeposit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, text }: DepositReview) =>
      apiRequest(`/deposits/${encodeURIComponent(id)}/${decision}`, staffDepositResponseSchema, {
        method: 'POST',
        body: decision === 'reject' ? { reason: text } : text === '' ? {} : { note: text },
      }),
    // Refreshed whatever the answer: a refusal such as ALREADY_PROCESSED means the list is out of date.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['member-wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
