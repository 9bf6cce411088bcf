import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type KycSettings,
  type KycSettingsBody,
  kycSettingsResponseSchema,
  type StaffKycDocument,
  staffKycDocumentListResponseSchema,
  staffKycDocumentResponseSchema,
} from '@wps/contracts/kyc';
import { staffWithdrawalListResponseSchema } from '@wps/contracts/payments';
import type { ReviewDecision } from '../../components/review-dialog';
import type { ReviewStatus } from '../../components/status-filter';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';
import { withdrawalsQueryKey } from '../payments/api';

export type { KycSettings, KycSettingsBody, StaffKycDocument };
export type { StaffWithdrawal } from '../payments/api';

export const kycDocumentsQueryKey = ['kyc', 'documents'] as const;
const settingsKey = ['kyc', 'settings'] as const;

/** A page of documents: the queue (pending, oldest first) or all (newest first), refreshed while open. */
export const useKycDocuments = (status: ReviewStatus, pageNo: number) =>
  useQuery({
    queryKey: [...kycDocumentsQueryKey, status, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/kyc/documents', staffKycDocumentListResponseSchema, {
        query: { status, pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

/** A document's image, fetched with the staff session (an <img src> cannot send it). */
/** The console API path of a document's photo, shown by the shared ProofImage. */
export const kycDocumentImagePath = (id: string): string => `/kyc/documents/${encodeURIComponent(id)}/image`;

/**
 * Approves (with an optional note) or rejects (with the reason the member reads) a document. An approval that
 * raises the member's tier releases their withdrawals that waited for it: the withdrawal lists refresh too.
 */
export const useReviewKycDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, text }: { id: string; decision: ReviewDecision; text: string }) =>
      apiRequest(`/kyc/documents/${encodeURIComponent(id)}/${decision}`, staffKycDocumentResponseSchema, {
        method: 'POST',
        body: decision === 'reject' ? { reason: text } : text === '' ? {} : { note: text },
      }),
    // Refreshed whatever the answer: KYC_DOCUMENT_STATE_INVALID means another staff member decided meanwhile.
    onSettled: () =>
      Promise.all(
        [kycDocumentsQueryKey, withdrawalsQueryKey, ['audit']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};

/** The brand's withdrawals that wait for their member's verification, oldest first. */
export const useWithdrawalsAwaitingVerification = (pageNo: number) =>
  useQuery({
    queryKey: [...withdrawalsQueryKey, 'awaiting_verification', pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/withdrawals', staffWithdrawalListResponseSchema, {
        query: { status: 'awaiting_verification', pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

export const useKycSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest('/kyc/settings', kycSettingsResponseSchema, { signal }),
  });

export const useSaveKycSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: KycSettingsBody) =>
      apiRequest('/kyc/settings', kycSettingsResponseSchema, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
};
