import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adjustmentResponseSchema, memberWalletResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type MemberWallet = z.infer<typeof memberWalletResponseSchema>['value'];

export const memberWalletQueryKey = ['member-wallet'] as const;

export const useMemberWallet = (username: string) =>
  useQuery({
    queryKey: [...memberWalletQueryKey, username],
    queryFn: ({ signal }) =>
      apiRequest(`/members/${encodeURIComponent(username)}/wallet`, memberWalletResponseSchema, { signal }),
    enabled: username !== '',
  });

export type AdjustmentInput = {
  username: string;
  /** Signed decimal: "25.00" credits, "-25.00" debits. */
  amount: string;
  reason: string;
  /** One per submission, so a retried submit cannot move money twice. */
  requestId: string;
};

export const useAdjustBalance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentInput) =>
      apiRequest('/adjustments', adjustmentResponseSchema, { method: 'POST', body: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberWalletQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
