import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { redEnvelopeGrabResponseSchema } from '@wps/contracts/promotion-games';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { redEnvelopeQueryKey } from './get-red-envelope';

export type RedEnvelopeGrab = ResponseValue<typeof redEnvelopeGrabResponseSchema>;

export const grabRedEnvelope = (id: string): Promise<RedEnvelopeGrab> =>
  apiRequest<RedEnvelopeGrab>(`/promotions/${encodeURIComponent(id)}/red-envelope`, { method: 'POST' });

/** Grabs a packet; afterwards the envelope and the balance are read again (also after a refusal). */
export const useGrabRedEnvelope = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => grabRedEnvelope(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redEnvelopeQueryKey(id) }),
        refreshWalletQueries(queryClient),
      ]),
  });
};
