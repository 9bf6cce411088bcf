import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminFight,
  adminFightResponseSchema,
  adminFightsResponseSchema,
  type ScheduleFightRequest,
} from '@wps/contracts/cockfight';
import { apiRequest } from '../../lib/api-client';

export type { AdminFight, ScheduleFightRequest };

/** A move of a fight from the console; `result` enters the result of a closed one. */
export type FightMove =
  | { fightId: string; move: 'open' | 'last-call' | 'close' | 'cancel' }
  | { fightId: string; move: 'result'; result: 'meron' | 'wala' | 'draw' };

const fightsKey = ['cockfight', 'fights'] as const;
/** The pools move with every bet: the fights under way are read again this often. */
const activeRefreshMs = 3_000;

const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([fightsKey, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** The arena's fights still to finish (by number), or the finished ones (newest first). */
export const useFights = (view: 'active' | 'finished') =>
  useQuery({
    queryKey: [...fightsKey, view],
    queryFn: ({ signal }) =>
      apiRequest('/cockfight/fights', adminFightsResponseSchema, { query: { view }, signal }),
    refetchInterval: view === 'active' ? activeRefreshMs : false,
  });

/** Schedules the next fight (admins). */
export const useScheduleFight = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleFightRequest) =>
      apiRequest('/cockfight/fights', adminFightResponseSchema, { method: 'POST', body }),
    onSettled: () => refresh(queryClient),
  });
};

/** Opens, gives the last call, closes, cancels or enters the result of a fight (admins). */
export const useMoveFight = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: FightMove) =>
      apiRequest(
        `/cockfight/fights/${encodeURIComponent(move.fightId)}/${move.move}`,
        adminFightResponseSchema,
        { method: 'POST', ...(move.move === 'result' ? { body: { result: move.result } } : {}) },
      ),
    onSettled: () => refresh(queryClient),
  });
};
