import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { downlineResponseSchema } from '@wps/contracts/agents';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { agentQueryKeys } from './agent-query-keys';

export type DownlinePage = ResponseValue<typeof downlineResponseSchema>;
export type DownlineMember = DownlinePage['list'][number];
/** username: part of a name; level: 1 = direct, absent = every level. */
export type DownlineFilter = { username: string; level: number | null };

export const downlinePageSize = 20;

/** A page of the agent's downline (newest first); the page stays on screen while the next one loads. */
export const useDownlines = (filter: DownlineFilter, pageNo: number) =>
  useQuery({
    queryKey: [...agentQueryKeys.downlines, filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<DownlinePage>('/agent/downline', {
        query: {
          username: filter.username || null,
          level: filter.level,
          pageNo,
          pageSize: downlinePageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
