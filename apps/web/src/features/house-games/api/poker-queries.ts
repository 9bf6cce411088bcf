import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PvpActionRequest,
  PvpHandVerification,
  PvpRoom,
  PvpSitDownRequest,
  PvpTableView,
} from '@wps/contracts/pvp';
import type { NiuNiuActionRequest } from '@wps/contracts/pvp-niu-niu';
import { useEffect } from 'react';
import { apiFetch, apiRequest } from '../../../lib/api-client';
import { followEvents } from '../../wallet/api/event-stream';
import { refreshWalletQueries } from '../../wallet/api/query-keys';

export type { PvpHandVerification, PvpRoom, PvpTableView };

export const pokerQueryKeys = {
  rooms: ['house-games', 'poker', 'rooms'] as const,
  table: (tableId: string) => ['house-games', 'poker', 'table', tableId] as const,
  proof: (handId: string) => ['house-games', 'poker', 'proof', handId] as const,
};

/** The stream is the live source; this poll covers a dropped stream. */
const fallbackPollMs = 5_000;

/** `GLS2_roomList`: the brand's rooms of every game (hold'em, Niu-Niu) with their stakes, buy-ins and seats taken. */
export const usePokerRooms = () =>
  useQuery({
    queryKey: pokerQueryKeys.rooms,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ rooms: PvpRoom[] }>('/relay/GLS2_roomList', { signal })).rooms,
    refetchInterval: 10_000,
  });

const tablePath = (tableId: string) => `/pvp/tables/${encodeURIComponent(tableId)}`;

/** A view with the difference between the server's clock and this browser's when it arrived. */
export type LivePokerTable = { view: PvpTableView; clockOffsetMs: number };

const liveOf = (view: PvpTableView): LivePokerTable => ({
  view,
  clockOffsetMs: Date.parse(view.serverTime) - Date.now(),
});

/** A newer view replaces an older one: the hand's number first, then the server's time of the view. */
const progressOf = ({ view }: LivePokerTable): string =>
  `${String(view.table.hand?.number ?? 0).padStart(9, '0')}:${view.serverTime}`;

/**
 * The table as this member sees it (their own hole cards and options), live: `GET …/events` read with fetch
 * (the token travels in the Authorization header), each frame written into the query's cache, and
 * `GET …/state` polled slowly as a safety net.
 */
export const usePokerTable = (tableId: string | null) => {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: pokerQueryKeys.table(tableId ?? ''),
    queryFn: async ({ signal }) =>
      liveOf(await apiRequest<PvpTableView>(`${tablePath(tableId ?? '')}/state`, { signal })),
    enabled: tableId !== null,
    refetchInterval: fallbackPollMs,
  });
  useEffect(() => {
    if (tableId === null) return undefined;
    const controller = new AbortController();
    const key = pokerQueryKeys.table(tableId);
    void followEvents({
      signal: controller.signal,
      openStream: (signal) =>
        apiFetch(`${tablePath(tableId)}/events`, { accept: 'text/event-stream', signal }),
      onEvent: (event) => {
        if (event.type !== 'state') return;
        const next = liveOf(JSON.parse(event.data) as PvpTableView);
        queryClient.setQueryData<LivePokerTable>(key, (current) =>
          current && progressOf(current) > progressOf(next) ? current : next,
        );
      },
      onReconnect: () => {
        void queryClient.invalidateQueries({ queryKey: key });
      },
    });
    return () => {
      controller.abort();
    };
  }, [queryClient, tableId]);
  return query;
};

/** Writes an answer (the table after the call) into the cache, and reads the wallet again when money moved. */
const useTableMutation = <Body>(
  tableId: string,
  call: (body: Body) => Promise<PvpTableView>,
  movesMoney: boolean,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => {
      queryClient.setQueryData(pokerQueryKeys.table(tableId), liveOf(view));
      void queryClient.invalidateQueries({ queryKey: pokerQueryKeys.rooms });
      if (movesMoney) void refreshWalletQueries(queryClient);
    },
  });
};

export const useSitDown = (tableId: string) =>
  useTableMutation(
    tableId,
    (request: PvpSitDownRequest) =>
      apiRequest<PvpTableView>(`${tablePath(tableId)}/seats`, { method: 'POST', body: request }),
    true,
  );

export const useLeaveTable = (tableId: string) =>
  useTableMutation(
    tableId,
    () => apiRequest<PvpTableView>(`${tablePath(tableId)}/leave`, { method: 'POST' }),
    true,
  );

export const useSitOut = (tableId: string) =>
  useTableMutation(
    tableId,
    (isSittingOut: boolean) =>
      apiRequest<PvpTableView>(`${tablePath(tableId)}/${isSittingOut ? 'sit-out' : 'back'}`, {
        method: 'POST',
      }),
    false,
  );

export const usePokerAction = (tableId: string) =>
  useTableMutation(
    tableId,
    (request: PvpActionRequest) =>
      apiRequest<PvpTableView>(`${tablePath(tableId)}/actions`, { method: 'POST', body: request }),
    false,
  );

/** A banker bid or a bet multiplier at a Niu-Niu table. */
export const useNiuNiuAction = (tableId: string) =>
  useTableMutation(
    tableId,
    (request: NiuNiuActionRequest) =>
      apiRequest<PvpTableView>(`${tablePath(tableId)}/niu-niu/actions`, { method: 'POST', body: request }),
    false,
  );

/** A settled hand's proof: the revealed seed, the deck it shuffles and whether it matches the commitment. */
export const usePokerHandProof = (handId: string | null) =>
  useQuery({
    queryKey: pokerQueryKeys.proof(handId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<PvpHandVerification>(`/pvp/hands/${encodeURIComponent(handId ?? '')}/verify`, { signal }),
    enabled: handId !== null,
    staleTime: Infinity,
    retry: false,
  });
