import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { teamMembersReportResponseSchema, teamTransactionsResponseSchema } from '@wps/contracts/agents';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { agentQueryKeys } from './agent-query-keys';
import type { DayRange } from './get-team-overview';

export type TeamMembersReport = ResponseValue<typeof teamMembersReportResponseSchema>;
export type TeamTransactions = ResponseValue<typeof teamTransactionsResponseSchema>;
export type MembersReportFilter = DayRange & { username: string };

export const reportPageSize = 20;

/** Per downline member with activity in the days (team betting, user profit and loss), with totals. */
export const useTeamMembersReport = (filter: MembersReportFilter, pageNo: number) =>
  useQuery({
    queryKey: [...agentQueryKeys.reports, 'members', filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<TeamMembersReport>('/agent/team/members-report', {
        query: {
          startDate: filter.startDate || null,
          endDate: filter.endDate || null,
          username: filter.username || null,
          pageNo,
          pageSize: reportPageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One downline member's account entries (agentDownlineTransactionDetailsCopy); asked for once named. */
export const useTeamTransactions = (filter: MembersReportFilter, pageNo: number) =>
  useQuery({
    queryKey: [...agentQueryKeys.reports, 'transactions', filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<TeamTransactions>('/agent/team/transactions', {
        query: {
          username: filter.username,
          startDate: filter.startDate || null,
          endDate: filter.endDate || null,
          pageNo,
          pageSize: reportPageSize,
        },
        signal,
      }),
    enabled: filter.username !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
