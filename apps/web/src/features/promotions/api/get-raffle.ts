import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { raffleResponseSchema } from '@wps/contracts/promotion-games';
import { apiRequest } from '../../../lib/api-client';

export type Raffle = ResponseValue<typeof raffleResponseSchema>;

export const raffleQueryKey = (id: string) => ['promotions', 'raffle', id] as const;

export const getRaffle = (id: string, signal?: AbortSignal): Promise<Raffle> =>
  apiRequest<Raffle>(`/promotions/${encodeURIComponent(id)}/raffle`, { signal });

/** A raffle: the member's tickets, the draw time, and after the draw the winners and the proof. */
export const useRaffle = (id: string) =>
  useQuery(queryOptions({ queryKey: raffleQueryKey(id), queryFn: ({ signal }) => getRaffle(id, signal) }));
