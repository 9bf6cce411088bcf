import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  MyTableBet,
  PlaceTableBetsRequest,
  TableBet,
  TableGame,
  TableRound,
  TableState,
  TableSummary,
  TableVerification,
  tableStateResponseSchema,
} from '@wps/contracts/tables';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletQueries } from '../../wallet/api/query-keys';

export type { MyTableBet, TableGame, TableRound, TableState, TableSummary, TableVerification };

export const tablesQueryKeys = {
  list: ['house-games', 'tables', 'list'] as const,
  state: (tableId: string) => ['house-games', 'tables', 'state', tableId] as const,
  myBets: (tableId: string) => ['house-games', 'tables', 'my-bets', tableId] as const,
  verification: (roundId: string) => ['house-games', 'tables', 'verify', roundId] as const,
};

/** The stream is the live source; this poll covers a dropped stream and reads the server's clock. */
const fallbackPollMs = 3_000;

export const useTables = () =>
  useQuery({
    queryKey: tablesQueryKeys.list,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ tables: TableSummary[] }>('/tables', { signal })).tables,
    staleTime: Infinity,
  });

/** A table's state, with the difference between the server's clock and this browser's. */
export type LiveTableState = { state: TableState; clockOffsetMs: number };

const phaseOrder = { BETTING: 0, DEALING: 1, SETTLED: 2 } as const;

/** How far a state has got: round, then phase, then the bets taken (a state never goes back). */
const progressOf = (state: TableState): number[] => [
  state.round?.number ?? 0,
  state.round ? phaseOrder[state.round.phase] : 0,
  state.totals.bets,
];

const isFurther = (candidate: TableState, than: TableState): boolean => {
  const [a, b] = [progressOf(candidate), progressOf(than)];
  const index = a.findIndex((value, position) => value !== b[position]);
  return index >= 0 && (a[index] ?? 0) > (b[index] ?? 0);
};

/**
 * The table's shared round, live: `GET /wps/tables/:tableId/events` (server-sent events, one `state` per
 * change; public, so a plain EventSource), with `GET /wps/tables/:tableId/state` polled slowly as a safety
 * net and for the server's clock (the stream's frames are shared by every listener, so they carry none).
 * The state that has got further wins.
 */
export const useTableState = (tableId: string | null): LiveTableState | null => {
  const [streamed, setStreamed] = useState<TableState | null>(null);
  const polled = useQuery({
    queryKey: tablesQueryKeys.state(tableId ?? ''),
    queryFn: async ({ signal }) => {
      const value = await apiRequest<ResponseValue<typeof tableStateResponseSchema>>(
        `/tables/${encodeURIComponent(tableId ?? '')}/state`,
        { signal },
      );
      return { value, clockOffsetMs: Date.parse(value.serverTime) - Date.now() };
    },
    enabled: tableId !== null,
    refetchInterval: fallbackPollMs,
  });

  useEffect(() => {
    if (tableId === null || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`/wps/tables/${encodeURIComponent(tableId)}/events`);
    source.addEventListener('state', (event: MessageEvent<string>) => {
      setStreamed(JSON.parse(event.data) as TableState);
    });
    return () => {
      source.close();
      setStreamed(null);
    };
  }, [tableId]);

  if (!polled.data) return null;
  const { value, clockOffsetMs } = polled.data;
  const live = streamed?.tableId === tableId ? streamed : null;
  return { state: live && !isFurther(value, live) ? live : value, clockOffsetMs };
};

export const useMyTableBets = (tableId: string | null) =>
  useQuery({
    queryKey: tablesQueryKeys.myBets(tableId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ bets: MyTableBet[] }>(`/tables/${encodeURIComponent(tableId ?? '')}/my-bets`, {
          signal,
        })
      ).bets,
    enabled: tableId !== null,
  });

/** One request for every spot of the slip; its requestId makes a resend harmless. */
export const usePlaceTableBets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlaceTableBetsRequest) =>
      apiRequest<{ bets: TableBet[] }>('/tables/bets', { method: 'POST', body: request }),
    onSuccess: (_placed, request) => {
      void queryClient.invalidateQueries({ queryKey: tablesQueryKeys.myBets(request.tableId) });
      void queryClient.invalidateQueries({ queryKey: tablesQueryKeys.state(request.tableId) });
      void refreshWalletQueries(queryClient);
    },
  });
};

/** The server's proof of a dealt round (NOT_FOUND while its seed is still secret). */
export const useTableVerification = (roundId: string | null) =>
  useQuery({
    queryKey: tablesQueryKeys.verification(roundId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<TableVerification>(`/tables/rounds/${encodeURIComponent(roundId ?? '')}/verify`, {
        signal,
      }),
    enabled: roundId !== null,
    staleTime: Infinity,
    retry: false,
  });
