import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrashMyBet, CrashState, CrashVerification, PlaceCrashBetRequest } from '@wps/contracts/crash';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';

export type { CrashMyBet, CrashState, CrashVerification };

export const crashQueryKeys = {
  state: ['house-games', 'crash', 'state'] as const,
  myBet: ['house-games', 'crash', 'my-bet'] as const,
  verification: (roundId: string) => ['house-games', 'crash', 'verify', roundId] as const,
};

/** The stream is the live source; this poll only covers a browser or proxy that drops it. */
const fallbackPollMs = 3_000;

/** A state with the difference between the server's clock and this browser's when it arrived. */
export type LiveCrashState = { state: CrashState; clockOffsetMs: number };

const stamp = (state: CrashState): LiveCrashState => ({
  state,
  clockOffsetMs: Date.parse(state.serverTime) - Date.now(),
});

/**
 * The shared round, live: `GET /wps/crash/events` (server-sent events, one `state` per change; public, so a
 * plain EventSource), with `GET /wps/crash/state` polled slowly as a safety net. The newest state wins.
 */
export const useCrashState = (): LiveCrashState | null => {
  const [live, setLive] = useState<LiveCrashState | null>(null);
  const polled = useQuery({
    queryKey: crashQueryKeys.state,
    queryFn: ({ signal }) => apiRequest<CrashState>('/crash/state', { signal }),
    refetchInterval: fallbackPollMs,
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource('/wps/crash/events');
    source.addEventListener('state', (event: MessageEvent<string>) => {
      setLive(stamp(JSON.parse(event.data) as CrashState));
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

export const useMyCrashBet = () =>
  useQuery({
    queryKey: crashQueryKeys.myBet,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ bet: CrashMyBet | null }>('/crash/my-bet', { signal })).bet,
  });

export const usePlaceCrashBet = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlaceCrashBetRequest) =>
      apiRequest<CrashMyBet>('/crash/bets', { method: 'POST', body: request }),
    onSuccess: (bet) => {
      queryClient.setQueryData(crashQueryKeys.myBet, bet);
      void refreshWalletQueries(queryClient);
    },
  });
};

export const useCashOutCrash = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (betId: string) =>
      apiRequest<CrashMyBet>(`/crash/bets/${encodeURIComponent(betId)}/cash-out`, { method: 'POST' }),
    onSuccess: (bet) => {
      queryClient.setQueryData(crashQueryKeys.myBet, bet);
      void refreshWalletQueries(queryClient);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: crashQueryKeys.myBet });
    },
  });
};

/** The server's proof of an ended round. */
export const useCrashVerification = (roundId: string | null) =>
  useQuery({
    queryKey: crashQueryKeys.verification(roundId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<CrashVerification>(`/crash/rounds/${encodeURIComponent(roundId ?? '')}/verify`, {
        signal,
      }),
    enabled: roundId !== null,
    staleTime: Infinity,
  });
