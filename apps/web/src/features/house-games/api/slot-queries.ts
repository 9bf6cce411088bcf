import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  activeSeedPairResponseSchema,
  jackpotResponseSchema,
  revealedSeedPairsResponseSchema,
  rotateSeedsResponseSchema,
  slotInfoResponseSchema,
  slotRoundResponseSchema,
} from '@wps/contracts/house-games';
import { apiRequest } from '../../../lib/api-client';
import { gamesQueryKeys } from '../../games/api/games-query-keys';
import { refreshWalletQueries } from '../../wallet/api/query-keys';

export type SlotInfo = ResponseValue<typeof slotInfoResponseSchema>;
export type SlotRound = ResponseValue<typeof slotRoundResponseSchema>;
export type Jackpot = ResponseValue<typeof jackpotResponseSchema>;
export type ActiveSeedPair = ResponseValue<typeof activeSeedPairResponseSchema>;
export type RevealedSeedPairs = ResponseValue<typeof revealedSeedPairsResponseSchema>;
export type RotatedSeeds = ResponseValue<typeof rotateSeedsResponseSchema>;

/** How often the jackpot pool is read again while the slot page is open. */
export const jackpotPollMs = 5_000;

export const slotQueryKeys = {
  all: ['house-games', 'slot'] as const,
  info: ['house-games', 'slot', 'info'] as const,
  jackpot: ['house-games', 'slot', 'jackpot'] as const,
  seeds: (game: string) => ['house-games', 'seeds', game] as const,
  revealed: (game: string) => ['house-games', 'seeds', game, 'revealed'] as const,
};

export const useSlotInfo = () =>
  useQuery(
    queryOptions({
      queryKey: slotQueryKeys.info,
      queryFn: ({ signal }) => apiRequest<SlotInfo>('/house/slot', { signal }),
      staleTime: 60_000,
    }),
  );

/** The pool, read every few seconds: everyone's bets feed it, and anyone may win it. */
export const useJackpot = () =>
  useQuery({
    queryKey: slotQueryKeys.jackpot,
    queryFn: ({ signal }) => apiRequest<Jackpot>('/house/slot/jackpot', { signal }),
    refetchInterval: jackpotPollMs,
  });

export const useActiveSeeds = (game: string) =>
  useQuery({
    queryKey: slotQueryKeys.seeds(game),
    queryFn: ({ signal }) => apiRequest<ActiveSeedPair>('/house/seeds', { query: { game }, signal }),
  });

export const useRevealedSeeds = (game: string, isEnabled = true) =>
  useQuery({
    queryKey: slotQueryKeys.revealed(game),
    queryFn: ({ signal }) =>
      apiRequest<RevealedSeedPairs>('/house/seeds/revealed', { query: { game }, signal }),
    enabled: isEnabled,
  });

/** Reveals the current server seed and commits to a new one, with the client seed given (or a fresh one). */
export const useRotateSeeds = (game: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed?: string) =>
      apiRequest<RotatedSeeds>('/house/seeds/rotate', {
        method: 'POST',
        body: clientSeed === undefined ? { game } : { game, clientSeed },
      }),
    onSuccess: (rotated) => {
      queryClient.setQueryData(slotQueryKeys.seeds(game), rotated.active);
      void queryClient.invalidateQueries({ queryKey: slotQueryKeys.revealed(game) });
    },
  });
};

/**
 * One paid spin (free spins are played with it on the server). The request id is made once per press, so a
 * retry of the same press cannot spend twice. The balance, the betting record, the seeds' next nonce and
 * the jackpot are refreshed after it.
 */
export const useSpin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { requestId: string; bet: string }) =>
      apiRequest<SlotRound>('/house/slot/spins', { method: 'POST', body: request }),
    onSuccess: (round) => {
      queryClient.setQueryData(slotQueryKeys.jackpot, round.jackpot);
      void refreshWalletQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.bettingRecords });
      void queryClient.invalidateQueries({ queryKey: slotQueryKeys.seeds('slot') });
    },
  });
};
