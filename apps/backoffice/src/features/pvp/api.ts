import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PvpBotRoom,
  type PvpBotsOverview,
  pvpBotsOverviewResponseSchema,
} from '@wps/contracts/pvp-bots';
import { apiRequest } from '../../lib/api-client';

export type { PvpBotRoom, PvpBotsOverview };

const botsKey = ['pvp', 'bots'] as const;
/** Bots come and go with the members at the tables: the overview is read again this often. */
const refreshMs = 10_000;

/** The brand's hold'em rooms with their bot switch, who sits at each, and the house's result from its bots. */
export const usePvpBots = () =>
  useQuery({
    queryKey: botsKey,
    queryFn: ({ signal }) => apiRequest('/pvp/bots', pvpBotsOverviewResponseSchema, { signal }),
    refetchInterval: refreshMs,
  });

/** Switches bots on or off for one room (house_games.manage); the answer is the new overview. */
export const useSwitchPvpBots = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomCode, isEnabled }: { roomCode: string; isEnabled: boolean }) =>
      apiRequest(`/pvp/bots/${encodeURIComponent(roomCode)}`, pvpBotsOverviewResponseSchema, {
        method: 'PUT',
        body: { isEnabled },
      }),
    onSuccess: (overview) => {
      queryClient.setQueryData(botsKey, overview);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
};
