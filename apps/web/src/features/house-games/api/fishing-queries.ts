import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FishingBatchRequest,
  FishingBatchResult,
  FishingRooms,
  FishingSession,
  FishingShotProof,
  OpenFishingSessionRequest,
} from '@wps/contracts/fishing';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';

export type { FishingBatchResult, FishingRooms, FishingSession, FishingShotProof };

export const fishingQueryKeys = { rooms: ['house-games', 'fishing', 'rooms'] as const };

export const useFishingRooms = () =>
  useQuery({
    queryKey: fishingQueryKeys.rooms,
    queryFn: ({ signal }) => apiRequest<FishingRooms>('/fishing/rooms', { signal }),
    staleTime: 5 * 60_000,
  });

/** Opens a session in a room (or answers the member's open one there). */
export const useOpenFishingSession = () =>
  useMutation({
    mutationFn: (request: OpenFishingSessionRequest) =>
      apiRequest<FishingSession>('/fishing/sessions', { method: 'POST', body: request }),
  });

/** One batch of shots; sending the same batch again answers the same shots. */
export const sendFishingBatch = (
  sessionId: string,
  batch: FishingBatchRequest,
): Promise<FishingBatchResult> =>
  apiRequest<FishingBatchResult>(`/fishing/sessions/${encodeURIComponent(sessionId)}/shots`, {
    method: 'POST',
    body: batch,
  });

/** Closes the session: its round reaches the betting record, so the wallet's queries are read again. */
export const useCloseFishingSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<FishingSession>(`/fishing/sessions/${encodeURIComponent(sessionId)}/close`, {
        method: 'POST',
      }),
    onSettled: () => refreshWalletQueries(queryClient),
  });
};

/** One shot's proof, for its link to the fairness page. */
export const getFishingShotProof = (sessionId: string, shotId: string): Promise<FishingShotProof> =>
  apiRequest<FishingShotProof>(
    `/fishing/sessions/${encodeURIComponent(sessionId)}/shots/${encodeURIComponent(shotId)}`,
  );
