import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { redEnvelopeResponseSchema } from '@wps/contracts/promotion-games';
import { apiRequest } from '../../../lib/api-client';

export type RedEnvelope = ResponseValue<typeof redEnvelopeResponseSchema>;

export const redEnvelopeQueryKey = (id: string) => ['promotions', 'red-envelope', id] as const;

export const getRedEnvelope = (id: string, signal?: AbortSignal): Promise<RedEnvelope> =>
  apiRequest<RedEnvelope>(`/promotions/${encodeURIComponent(id)}/red-envelope`, { signal });

/** A red envelope: packets left, when it opens and ends, and the member's packet once taken. */
export const useRedEnvelope = (id: string) =>
  useQuery(
    queryOptions({ queryKey: redEnvelopeQueryKey(id), queryFn: ({ signal }) => getRedEnvelope(id, signal) }),
  );
