import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberSearchResponseSchema, type MemberSearchField } from '@wps/contracts/members';
import { adjustmentResponseSchema, memberWalletResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type MemberWallet = z.infer<typeof memberWalletResponseSchema>['value'];

export type MemberSearchResults = z.infer<typeof memberSearchResponseSchema>['value'];
export type { MemberSearchField };

export const memberWalletQueryKey = ['member-wallet'] as const;

/** Members of the brand matching the words in one field or any (username, phone, email, real name, id). */
export const useMemberSearch = (q: string, field: MemberSearchField) =>
  useQuery({
    queryKey: ['member-search', field, q],
    queryFn: ({ signal }) =>
      apiRequest('/members', memberSearchResponseSchema, { query: { q, field }, signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });

/** A member's wallet; only finance staff and admins may read it (`enabled` false for others). */
export const useMemberWallet = (username: string, enabled = true) =>
  useQuery({
    queryKey: [...memberWalletQueryKey, username],
    queryFn: ({ signal }) =>
      apiRequest(`/members/${encodeURIComponent(username)}/wallet`, memberWalletResponseSchema, { signal }),
    enabled: enabled && username !== '',
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
