import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  claimMissionResponseSchema,
  missionLeaderboardResponseSchema,
  missionSummaryResponseSchema,
  missionUnreadResponseSchema,
} from '@wps/contracts/loyalty-missions';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/api/use-session';
import { rewardsQueryKeyPrefix } from '../../promotions/api/reward-query-keys';

export type MissionSummaryValue = ResponseValue<typeof missionSummaryResponseSchema>;
export type MissionLeaderboardsValue = ResponseValue<typeof missionLeaderboardResponseSchema>;
export type ClaimedMission = ResponseValue<typeof claimMissionResponseSchema>;
type MissionUnread = ResponseValue<typeof missionUnreadResponseSchema>;

/** Under the loyalty prefix, so the fold's `loyalty` push (progress moved) refreshes them without a reload. */
export const missionQueryKeys = {
  all: ['loyalty', 'missions'] as const,
  summary: (language: string) => ['loyalty', 'missions', 'summary', language] as const,
  leaderboards: (language: string) => ['loyalty', 'missions', 'leaderboards', language] as const,
};

const languageOf = (language: string): string => (language.startsWith('ur') ? 'ur' : 'en');

export const getMissionSummary = (language: string, signal?: AbortSignal): Promise<MissionSummaryValue> =>
  apiRequest<MissionSummaryValue>(`/relay/MCSFE_getMissionSummaryDetails?lang=${languageOf(language)}`, {
    signal,
  });

export const getMissionLeaderboards = (
  language: string,
  signal?: AbortSignal,
): Promise<MissionLeaderboardsValue> =>
  apiRequest<MissionLeaderboardsValue>(`/relay/MCSFE_getMissionLeaderboard?lang=${languageOf(language)}`, {
    signal,
  });

export const missionSummaryQueryOptions = (language: string) =>
  queryOptions({
    queryKey: missionQueryKeys.summary(languageOf(language)),
    queryFn: ({ signal }) => getMissionSummary(language, signal),
  });

/** missionLeaderboard: the member's missions in their current periods, with the unread count. */
export const useMissionSummary = () => {
  const { i18n } = useTranslation();
  return useQuery(missionSummaryQueryOptions(i18n.language));
};

export const useMissionLeaderboards = () => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: missionQueryKeys.leaderboards(languageOf(i18n.language)),
    queryFn: ({ signal }) => getMissionLeaderboards(i18n.language, signal),
  });
};

/** Completed missions not yet seen (the member menu badge): 0 for guests and trial accounts. */
export const useUnreadMissionCount = (): number => {
  const { isLogin, isTrial } = useSession();
  const { i18n } = useTranslation();
  const query = useQuery({ ...missionSummaryQueryOptions(i18n.language), enabled: isLogin && !isTrial });
  return isLogin && !isTrial ? (query.data?.unread ?? 0) : 0;
};

/** Opening the missions page marks completed missions seen: the badge clears. */
export const useMarkMissionsSeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MissionUnread>('/relay/MCSFE_markMissionsSeen', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: missionQueryKeys.all }),
  });
};

/** Claims a completed mission: cash and bonus go to the reward centre, points are credited at once. */
export const useClaimMission = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: { missionId: string; periodKey: string }) =>
      apiRequest<ClaimedMission>('/relay/MCSFE_claimMission', { method: 'POST', body: key }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['loyalty'] }),
        queryClient.invalidateQueries({ queryKey: rewardsQueryKeyPrefix }),
      ]),
  });
};
