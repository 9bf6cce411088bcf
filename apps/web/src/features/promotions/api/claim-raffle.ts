import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { claimRaffleResponseSchema } from '@wps/contracts/promotion-games';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { raffleQueryKey } from './get-raffle';
import { rewardsQueryKeyPrefix } from './reward-query-keys';

export type RaffleClaim = ResponseValue<typeof claimRaffleResponseSchema>;

/** Spec MCS2_claimRafflePromotion: pays the member's prizes of the raffle (once). */
export const claimRaffle = (id: string): Promise<RaffleClaim> =>
  apiRequest<RaffleClaim>('/relay/MCS2_claimRafflePromotion', { method: 'POST', body: { promotionId: id } });

export const useClaimRaffle = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimRaffle(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: raffleQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: rewardsQueryKeyPrefix }),
        refreshWalletQueries(queryClient),
      ]),
  });
};
