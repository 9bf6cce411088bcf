import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { teamOverviewResponseSchema } from '@wps/contracts/agents';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { agentQueryKeys } from './agent-query-keys';

export type TeamOverview = ResponseValue<typeof teamOverviewResponseSchema>;
/** Days of the brand's clock, both inclusive (yyyy-MM-dd); empty for the server's default (today). */
export type DayRange = { startDate: string; endDate: string };

/** Team size, new and active members and the team's money over the days, with a point per day. */
export const useTeamOverview = (range: DayRange) =>
  useQuery({
    queryKey: [...agentQueryKeys.overview, range],
    queryFn: ({ signal }) =>
      apiRequest<TeamOverview>('/agent/team/overview', {
        query: { startDate: range.startDate || null, endDate: range.endDate || null },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
