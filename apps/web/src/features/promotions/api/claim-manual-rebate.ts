import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { rebateClaimResponseSchema } from '@wps/contracts/rebates';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { manualRebateQueryKey } from './get-manual-rebate';

export type RebateClaim = ResponseValue<typeof rebateClaimResponseSchema>;

/** Pays everything accrued and not claimed yet to the main wallet (once, however often it is pressed). */
export const claimManualRebate = (): Promise<RebateClaim> =>
  apiRequest<RebateClaim>('/rebate/manual/claim', { method: 'POST' });

/** The claim; afterwards the page, the balance and the account records are read again. */
export const useClaimManualRebate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimManualRebate,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: manualRebateQueryKey }),
        refreshWalletQueries(queryClient),
      ]),
  });
};
