import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArenaState, Fight, FightBet, PlaceFightBetRequest } from '@wps/contracts/cockfight';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';

export type { ArenaState, Fight, FightBet };

export const cockfightQueryKeys = {
  state: ['house-games', 'cockfight', 'state'] as const,
  myBets: ['house-games', 'cockfight', 'my-bets'] as const,
};

/** The stream is the live source; this poll only covers a browser or proxy that drops it. */
const fallbackPollMs = 3_000;

/** A state with the difference between the server's clock and this browser's when it arrived. */
export type LiveArenaState = { state: ArenaState; clockOffsetMs: number };

const stamp = (state: ArenaState): LiveArenaState => ({
  state,
  clockOffsetMs: Date.parse(state.serverTime) - Date.now(),
});

/**
 * The brand's arena, live: `GET /wps/cockfight/events` (server-sent events, one `state` per change; public, so
 * a plain EventSource), with `GET /wps/cockfight/state` polled slowly as a safety net. The newest state wins.
 */
export const useArenaState = (): LiveArenaState | null => {
  const [live, setLive] = useState<LiveArenaState | null>(null);
  const polled = useQuery({
    queryKey: cockfightQueryKeys.state,
    queryFn: ({ signal }) => apiRequest<ArenaState>('/cockfight/state', { signal }),
    refetchInterval: fallbackPollMs,
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource('/wps/cockfight/events');
    source.addEventListener('state', (event: MessageEvent<string>) => {
      setLive(stamp(JSON.parse(event.data) as ArenaState));
    });
    return () => {
      source.close();
    };
  }, []);

  const fromPoll = polled.data ? stamp(polled.data) : null;
  if (!live) return fromPoll;
  if (!fromPoll) return live;
  return Date.parse(fromPoll.state.serverTime) > Date.parse(live.state.serverTime) ? fromPoll : live;
};

/** The member's latest bets in the arena, newest first. */
export const useMyFightBets = () =>
  useQuery({
    queryKey: cockfightQueryKeys.myBets,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ bets: FightBet[] }>('/cockfight/my-bets', { signal })).bets,
  });

export const usePlaceFightBet = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlaceFightBetRequest) =>
      apiRequest<FightBet>('/cockfight/bets', { method: 'POST', body: request }),
    onSuccess: (bet) => {
      queryClient.setQueryData<FightBet[]>(cockfightQueryKeys.myBets, (bets = []) => [
        bet,
        ...bets.filter((entry) => entry.betId !== bet.betId),
      ]);
      void refreshWalletQueries(queryClient);
    },
  });
};
