import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimReviewListResponseSchema,
  claimReviewResponseSchema,
  type ClaimReview,
  type ClaimReviewStatus,
} from '@wps/contracts/promotions-site';
import { apiRequest } from '../../lib/api-client';

export type { ClaimReview, ClaimReviewStatus };

const claimReviewsKey = ['promotion-claim-reviews'] as const;

/** Sign-up claims held for looking like a second account, in one status, newest first. */
export const useClaimReviews = (status: ClaimReviewStatus) =>
  useQuery({
    queryKey: [...claimReviewsKey, status],
    queryFn: ({ signal }) =>
      apiRequest(`/promotions/reviews?status=${status}`, claimReviewListResponseSchema, { signal }),
  });

/** Approve (pays the bonus once) or reject (pays nothing) a held claim; admins and finance. */
export const useDecideClaimReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approve' | 'reject'; note: string }) =>
      apiRequest(`/promotions/reviews/${encodeURIComponent(id)}/${decision}`, claimReviewResponseSchema, {
        method: 'POST',
        body: note === '' ? {} : { note },
      }),
    onSettled: () =>
      Promise.all(
        [claimReviewsKey, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
};
