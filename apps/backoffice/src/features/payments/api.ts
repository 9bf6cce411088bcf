import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuccessEnvelope } from '@wps/contracts/envelope';
import {
  paymentSettingsResponseSchema,
  staffChannelListResponseSchema,
  staffChannelResponseSchema,
  staffDepositListResponseSchema,
  staffDepositResponseSchema,
  staffWithdrawalListResponseSchema,
  staffWithdrawalResponseSchema,
  type updatePaymentSettingsRequestSchema,
  type upsertChannelRequestSchema,
} from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';
import type { ReviewDecision } from '../../components/review-dialog';
import type { ReviewStatus } from '../../components/status-filter';

// ---- Deposit and withdrawal reviews ----

export type StaffDeposit = z.infer<typeof staffDepositResponseSchema>['value'];
export type StaffWithdrawal = z.infer<typeof staffWithdrawalResponseSchema>['value'];

export const depositsQueryKey = ['deposits'] as const;
export const withdrawalsQueryKey = ['withdrawals'] as const;

type ResponseSchema = z.ZodType<SuccessEnvelope<unknown>>;

/** A page of a review queue (pending or all), refreshed while the screen is open. */
const reviewListOptions = <Schema extends ResponseSchema>(
  path: string,
  responseSchema: Schema,
  queryKey: readonly string[],
  status: ReviewStatus,
  pageNo: number,
) =>
  queryOptions({
    queryKey: [...queryKey, status, pageNo],
    queryFn: ({ signal }) =>
      apiRequest(path, responseSchema, { query: { status, pageNo, pageSize: 20 }, signal }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

export const useDeposits = (status: ReviewStatus, pageNo: number) =>
  useQuery(reviewListOptions('/deposits', staffDepositListResponseSchema, depositsQueryKey, status, pageNo));

export const useWithdrawals = (status: ReviewStatus, pageNo: number) =>
  useQuery(
    reviewListOptions('/withdrawals', staffWithdrawalListResponseSchema, withdrawalsQueryKey, status, pageNo),
  );

export type Review = { id: string; decision: ReviewDecision; text: string };

/** Approves (with an optional note) or rejects (with a reason) one request of a review queue. */
const useReview = <Schema extends ResponseSchema>(
  path: string,
  responseSchema: Schema,
  queryKey: readonly string[],
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, text }: Review) =>
      apiRequest(`${path}/${encodeURIComponent(id)}/${decision}`, responseSchema, {
        method: 'POST',
        body: decision === 'reject' ? { reason: text } : text === '' ? {} : { note: text },
      }),
    // Refreshed whatever the answer: a refusal such as ALREADY_PROCESSED means the list is out of date.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: ['member-wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};

export const useReviewDeposit = () => useReview('/deposits', staffDepositResponseSchema, depositsQueryKey);

export const useReviewWithdrawal = () =>
  useReview('/withdrawals', staffWithdrawalResponseSchema, withdrawalsQueryKey);

// ---- Deposit channels ----

export type StaffChannel = z.infer<typeof staffChannelResponseSchema>['value'];
export type UpsertChannel = z.input<typeof upsertChannelRequestSchema>;

export const channelsQueryKey = ['payment-channels'] as const;

export const useChannels = () =>
  useQuery({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => apiRequest('/payment-channels', staffChannelListResponseSchema, { signal }),
  });

/** Creates the channel, or replaces the one with the same code. */
export const useSaveChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: UpsertChannel) =>
      apiRequest('/payment-channels', staffChannelResponseSchema, { method: 'PUT', body: channel }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};

// ---- Payment settings ----

export type UpdatePaymentSettings = z.input<typeof updatePaymentSettingsRequestSchema>;

export const paymentSettingsQueryKey = ['payment-settings'] as const;

export const usePaymentSettings = () =>
  useQuery({
    queryKey: paymentSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('/payment-settings', paymentSettingsResponseSchema, { signal }),
  });

export const useSavePaymentSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UpdatePaymentSettings) =>
      apiRequest('/payment-settings', paymentSettingsResponseSchema, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentSettingsQueryKey, saved);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
