import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { PlaceBetsRequest, placeBetsResponseSchema } from '@wps/contracts/lottery';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { refreshLotteryQueries } from './lottery-queries';

export type PlacedTicket = ResponseValue<typeof placeBetsResponseSchema>;
export type { PlaceBetsRequest };

/** One ticket (bet lines on one draw), paid in one debit; the requestId makes a retry harmless. */
export const placeLotteryBets = (body: PlaceBetsRequest): Promise<PlacedTicket> =>
  apiRequest<PlacedTicket>('/lottery/bets', { method: 'POST', body });

/** Places a ticket; afterwards the balance, the member's bets and the draw are read again. */
export const usePlaceLotteryBets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeLotteryBets,
    onSuccess: (_ticket, request) => {
      void refreshWalletQueries(queryClient);
      void refreshLotteryQueries(queryClient, request.gameCode);
    },
  });
};
