import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { promotionClaimResponseSchema } from '@wps/contracts/promotions-site';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { promotionsQueryKeyPrefix } from './get-promotions';

export type PromotionClaim = ResponseValue<typeof promotionClaimResponseSchema>;

/** The reason the server gives a member whose sign-up claim waits for staff (not an error code). */
export const claimInReviewReason = 'PROMOTION_CLAIM_IN_REVIEW';

export const claimPromotion = (id: string): Promise<PromotionClaim> =>
  apiRequest<PromotionClaim>(`/promotions/${encodeURIComponent(id)}/claim`, { method: 'POST' });

/** Claims a promotion; then the list (its availability) and the balance are read again. */
export const useClaimPromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPromotion,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promotionsQueryKeyPrefix }),
        refreshWalletQueries(queryClient),
      ]),
  });
};
