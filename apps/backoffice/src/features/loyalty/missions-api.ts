import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LeaderboardBody,
  type LeaderboardStatus,
  leaderboardPayoutListResponseSchema,
  type MissionBody,
  type MissionStatus,
  type OperatorLeaderboard,
  type OperatorMission,
  operatorLeaderboardListResponseSchema,
  operatorLeaderboardResponseSchema,
  operatorMissionListResponseSchema,
  operatorMissionResponseSchema,
} from '@wps/contracts/loyalty-missions';
import { apiRequest } from '../../lib/api-client';

export type { LeaderboardBody, MissionBody, OperatorLeaderboard, OperatorMission };

const missionsKey = ['loyalty', 'missions'] as const;
const leaderboardsKey = ['loyalty', 'leaderboards'] as const;
const payoutsKey = ['loyalty', 'leaderboard-payouts'] as const;

const refresh = (queryClient: ReturnType<typeof useQueryClient>, key: readonly string[]) =>
  Promise.all([key, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** The brand's missions, every status. */
export const useMissions = () =>
  useQuery({
    queryKey: missionsKey,
    queryFn: ({ signal }) => apiRequest('/loyalty/missions', operatorMissionListResponseSchema, { signal }),
  });

/** Creates a mission as a draft (no id) or replaces one's terms; admins. */
export const useSaveMission = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: MissionBody }) =>
      apiRequest(
        id === null ? '/loyalty/missions' : `/loyalty/missions/${encodeURIComponent(id)}`,
        operatorMissionResponseSchema,
        { method: id === null ? 'POST' : 'PUT', body },
      ),
    onSettled: () => refresh(queryClient, missionsKey),
  });
};

export const useMissionStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: MissionStatus }) =>
      apiRequest(`/loyalty/missions/${encodeURIComponent(id)}/status`, operatorMissionResponseSchema, {
        method: 'POST',
        body: { status },
      }),
    onSettled: () => refresh(queryClient, missionsKey),
  });
};

export const useLeaderboards = () =>
  useQuery({
    queryKey: leaderboardsKey,
    queryFn: ({ signal }) =>
      apiRequest('/loyalty/leaderboards', operatorLeaderboardListResponseSchema, { signal }),
  });

export const useSaveLeaderboard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: LeaderboardBody }) =>
      apiRequest(
        id === null ? '/loyalty/leaderboards' : `/loyalty/leaderboards/${encodeURIComponent(id)}`,
        operatorLeaderboardResponseSchema,
        { method: id === null ? 'POST' : 'PUT', body },
      ),
    onSettled: () => refresh(queryClient, leaderboardsKey),
  });
};

export const useLeaderboardStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LeaderboardStatus }) =>
      apiRequest(
        `/loyalty/leaderboards/${encodeURIComponent(id)}/status`,
        operatorLeaderboardResponseSchema,
        {
          method: 'POST',
          body: { status },
        },
      ),
    onSettled: () => refresh(queryClient, leaderboardsKey),
  });
};

/** Prizes paid for ended periods, newest first. */
export const useLeaderboardPayouts = () =>
  useQuery({
    queryKey: payoutsKey,
    queryFn: ({ signal }) =>
      apiRequest('/loyalty/leaderboards/payouts', leaderboardPayoutListResponseSchema, { signal }),
  });
